/**
 * Shanten numbers: −1 = complete hand, 0 = tenpai, n = n tiles away from tenpai.
 * Works for 3n+1 (after a discard) and 3n+2 (after a draw) concealed hands; `meldCount` is the
 * number of called/declared sets (defaults to what the tile count implies).
 */
import type { Counts34 } from '../tiles';
import { YAOCHUU } from '../tiles';
import { honorDistances, suitDistances } from './group-table';

const tileTotal = (counts: ArrayLike<number>): number => {
  let n = 0;
  for (let i = 0; i < 34; i++) n += counts[i] ?? 0;
  return n;
};

/** Melds implied by the tile count: 13/14 tiles → 0, 10/11 → 1, … */
export const impliedMelds = (counts: ArrayLike<number>): number => Math.max(0, Math.floor((14 - tileTotal(counts)) / 3));

/** Regular form (4 sets + 1 pair). */
export function shantenRegular(counts: Counts34 | ArrayLike<number>, meldCount = impliedMelds(counts)): number {
  const need = 4 - meldCount;
  const a = suitDistances(counts, 0);
  const b = suitDistances(counts, 1);
  const c = suitDistances(counts, 2);
  const h = honorDistances(counts);
  // (min,+) convolution of the four groups, for m ≤ need melds and p ≤ 1 pairs.
  let best = 99;
  for (let m0 = 0; m0 <= need; m0++) for (let m1 = 0; m0 + m1 <= need; m1++) for (let m2 = 0; m0 + m1 + m2 <= need; m2++) {
    const m3 = need - m0 - m1 - m2;
    const i0 = m0 * 2, i1 = m1 * 2, i2 = m2 * 2, i3 = m3 * 2;
    const base0 = a[i0]!, base1 = b[i1]!, base2 = c[i2]!, base3 = h[i3]!;
    const noPair = base0 + base1 + base2 + base3;
    if (noPair >= best) continue; // a pair never lowers a group's distance
    const v = Math.min(
      a[i0 + 1]! + base1 + base2 + base3,
      base0 + b[i1 + 1]! + base2 + base3,
      base0 + base1 + c[i2 + 1]! + base3,
      base0 + base1 + base2 + h[i3 + 1]!,
    );
    if (v < best) best = v;
  }
  return best - 1;
}

/**
 * Seven pairs: 6 − pairs + max(0, 7 − kinds). Four copies of one kind are one pair (Tenhou).
 */
export function shantenChiitoi(counts: Counts34 | ArrayLike<number>): number {
  let pairs = 0;
  let kinds = 0;
  for (let i = 0; i < 34; i++) {
    const c = counts[i] ?? 0;
    if (c > 0) kinds++;
    if (c >= 2) pairs++;
  }
  return 6 - pairs + Math.max(0, 7 - kinds);
}

/** Thirteen orphans: 13 − distinct terminal/honor kinds − (1 if one of them is paired). */
export function shantenKokushi(counts: Counts34 | ArrayLike<number>): number {
  let kinds = 0;
  let pair = 0;
  for (const k of YAOCHUU) {
    const c = counts[k] ?? 0;
    if (c > 0) kinds++;
    if (c >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

/** Overall shanten: the minimum of the three forms (seven pairs and kokushi only without calls). */
export function shanten(counts: Counts34 | ArrayLike<number>, meldCount = impliedMelds(counts)): number {
  const r = shantenRegular(counts, meldCount);
  if (meldCount > 0) return r;
  return Math.min(r, shantenChiitoi(counts), shantenKokushi(counts));
}
