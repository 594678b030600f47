/**
 * Shanten numbers: −1 = complete hand, 0 = tenpai, n = n tiles away from tenpai.
 * Works for 3n+1 (after a discard) and 3n+2 (after a draw) concealed hands; `meldCount` is the
 * number of called/declared sets (defaults to what the tile count implies).
 */
import type { Counts34 } from '../tiles';
import { YAOCHUU } from '../tiles';
import { distancePool, honorOffset, suitOffset } from './group-table';

const tileTotal = (counts: ArrayLike<number>): number => {
  let n = 0;
  for (let i = 0; i < 34; i++) n += counts[i] ?? 0;
  return n;
};

/** Melds implied by the tile count: 13/14 tiles → 0, 10/11 → 1, … */
export const impliedMelds = (counts: ArrayLike<number>): number => Math.max(0, Math.floor((14 - tileTotal(counts)) / 3));

const AB = new Int8Array(10);
const CH = new Int8Array(10);

/** (min,+) product of two groups' tables: out[m·2+p] for m ≤ need melds, at most one pair. */
function combine(d: Int8Array, a: number, b: number, need: number, out: Int8Array): void {
  for (let m = 0; m <= need; m++) {
    let best0 = 99, best1 = 99;
    for (let i = 0; i <= m; i++) {
      const ia = a + i * 2, ib = b + (m - i) * 2;
      const a0 = d[ia]!, b0 = d[ib]!;
      const v0 = a0 + b0;
      if (v0 < best0) best0 = v0;
      const v1 = Math.min(d[ia + 1]! + b0, a0 + d[ib + 1]!);
      if (v1 < best1) best1 = v1;
    }
    out[m * 2] = best0;
    out[m * 2 + 1] = best1;
  }
}

/** Regular-form distance − 1 from the four groups' pool offsets. */
function regular(d: Int8Array, a: number, b: number, c: number, h: number, need: number): number {
  // (min,+) convolution of the four groups: m melds split over the groups, the pair in one of them.
  combine(d, a, b, need, AB);
  combine(d, c, h, need, CH);
  let best = 99;
  for (let m = 0; m <= need; m++) {
    const v = Math.min(AB[m * 2 + 1]! + CH[(need - m) * 2]!, AB[m * 2]! + CH[(need - m) * 2 + 1]!);
    if (v < best) best = v;
  }
  return best - 1;
}

/** Regular form (4 sets + 1 pair). */
export function shantenRegular(counts: Counts34 | ArrayLike<number>, meldCount = impliedMelds(counts)): number {
  const a = suitOffset(counts, 0), b = suitOffset(counts, 1), c = suitOffset(counts, 2), h = honorOffset(counts);
  return regular(distancePool(), a, b, c, h, 4 - meldCount);
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
  return fromGroups(suitOffset(counts, 0), suitOffset(counts, 1), suitOffset(counts, 2), honorOffset(counts), meldCount);
}

function fromGroups(a: number, b: number, c: number, h: number, meldCount: number): number {
  const d = distancePool();
  const r = regular(d, a, b, c, h, 4 - meldCount);
  if (meldCount > 0) return r;
  // Seven pairs and kokushi from the groups' stored pair/kind counts (formulas as in the functions above).
  const pairs = d[a + 10]! + d[b + 10]! + d[c + 10]! + d[h + 10]!;
  const kinds = d[a + 11]! + d[b + 11]! + d[c + 11]! + d[h + 11]!;
  const chiitoi = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
  const yPair = d[a + 13]! | d[b + 13]! | d[c + 13]! | d[h + 13]!;
  const kokushi = 13 - (d[a + 12]! + d[b + 12]! + d[c + 12]! + d[h + 12]!) - yPair;
  return Math.min(r, chiitoi, kokushi);
}

/**
 * Shanten of `counts` with one more tile of each kind asked for, reusing the three groups the
 * tile does not touch (ukeire and wait searches change one kind at a time). `counts` is left as given.
 */
export class ShantenPlusOne {
  private readonly o: number[];
  constructor(private readonly counts: number[], private readonly meldCount: number) {
    this.o = [suitOffset(counts, 0), suitOffset(counts, 1), suitOffset(counts, 2), honorOffset(counts)];
  }

  /** Shanten after adding one tile of `kind` (the caller checks it holds fewer than 4). */
  with(kind: number): number {
    const c = this.counts;
    const g = kind < 27 ? (kind / 9) | 0 : 3;
    const o = this.o;
    c[kind]!++;
    const changed = g < 3 ? suitOffset(c, g) : honorOffset(c);
    c[kind]!--;
    return fromGroups(g === 0 ? changed : o[0]!, g === 1 ? changed : o[1]!, g === 2 ? changed : o[2]!, g === 3 ? changed : o[3]!, this.meldCount);
  }
}
