/**
 * Shanten numbers: −1 = complete hand, 0 = tenpai, n = n tiles away from tenpai.
 * Works for 3n+1 (after a discard) and 3n+2 (after a draw) concealed hands; `meldCount` is the
 * number of called/declared sets (defaults to what the tile count implies).
 */
import type { Counts34 } from '../tiles';
import { YAOCHUU } from '../tiles';
import { minPlusProduct } from './min-plus';
import { distancePool, HONOR_WEIGHT, honorKey, honorOffset, honorOffsetOfKey, SUIT_WEIGHT, suitKey, suitOffset, suitOffsetOfKey } from './group-table';

const tileTotal = (counts: ArrayLike<number>): number => {
  let n = 0;
  for (let i = 0; i < 34; i++) n += counts[i] ?? 0;
  return n;
};

/** Melds implied by the tile count: 13/14 tiles → 0, 10/11 → 1, … */
export const impliedMelds = (counts: ArrayLike<number>): number => Math.max(0, Math.floor((14 - tileTotal(counts)) / 3));

const AB = new Int8Array(10);
const CH = new Int8Array(10);

/** Regular-form distance − 1 from the four groups' pool offsets. */
function regular(d: Int8Array, a: number, b: number, c: number, h: number, need: number): number {
  // (min,+) convolution of the four groups: m melds split over the groups, the pair in one of them.
  minPlusProduct(d, a, d, b, need, AB, 0);
  minPlusProduct(d, c, d, h, need, CH, 0);
  let best = 99;
  for (let m = 0; m <= need; m++) best = Math.min(best, AB[m * 2 + 1]! + CH[(need - m) * 2]!, AB[m * 2]! + CH[(need - m) * 2 + 1]!);
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

/**
 * One hand's shanten and that of the hand with one copy of a kind added or removed (wait and
 * riichi-candidate searches). Per group it keeps the key, the pool offset and the (min,+) product
 * of the other three groups' tables, so a change costs one key step, one lookup and one merge
 * instead of four keys and three products. Allocated once per caller, refilled by `set`.
 */
export class HandGroups {
  private readonly key = new Float64Array(4);
  private readonly off = new Int32Array(4);
  /** Per group g: the product of the other three groups (10 entries at g·10). */
  private readonly rest = new Int8Array(40);
  private readonly ab = new Int8Array(10);
  private readonly ch = new Int8Array(10);
  /** Per group g: the other three groups' pairs, kinds, terminal/honour kinds and terminal/honour pair (at g·4). */
  private readonly sums = new Int32Array(16);
  private need = 4;
  private closed = true;
  private ready = false;

  /** Shanten of `counts` (as `shanten`); `changed` then answers for this hand until the next `set`. */
  set(counts: ArrayLike<number>, meldCount: number): number {
    const key = this.key, off = this.off;
    key[0] = suitKey(counts, 0); key[1] = suitKey(counts, 1); key[2] = suitKey(counts, 2); key[3] = honorKey(counts);
    off[0] = suitOffsetOfKey(key[0]!); off[1] = suitOffsetOfKey(key[1]!); off[2] = suitOffsetOfKey(key[2]!); off[3] = honorOffsetOfKey(key[3]!);
    this.need = 4 - meldCount;
    this.closed = meldCount === 0;
    this.ready = false;
    return fromGroups(off[0]!, off[1]!, off[2]!, off[3]!, meldCount);
  }

  /**
   * This hand = the hand `src` was set to with `delta` (±1) copies of `kind` (`counts` is the new
   * hand), ready for `changed`: the other groups' keys and offsets are copied, and only the
   * products the changed group enters are made again (4 of prepare's 6). No shanten is computed.
   */
  setChanged(src: HandGroups, counts: ArrayLike<number>, kind: number, delta: number): void {
    if (!src.ready) src.prepare();
    const key = this.key, off = this.off;
    for (let i = 0; i < 4; i++) { key[i] = src.key[i]!; off[i] = src.off[i]!; }
    this.need = src.need;
    this.closed = src.closed;
    let g: number;
    if (kind < 27) {
      g = (kind / 9) | 0;
      key[g] = key[g]! + delta * SUIT_WEIGHT[kind - g * 9]!;
      off[g] = suitOffsetOfKey(key[g]!);
    } else {
      g = 3;
      const n = (counts[kind] ?? 0) - delta;
      key[3] = key[3]! - HONOR_WEIGHT[n]! + HONOR_WEIGHT[n + delta]!;
      off[3] = honorOffsetOfKey(key[3]!);
    }
    const need = this.need, d = distancePool(), rest = this.rest;
    // Products as in prepare: ab = 0×1, ch = 2×3, rest[0] = 1×ch, rest[1] = 0×ch, rest[2] = 3×ab, rest[3] = 2×ab.
    if (g <= 1) {
      this.ch.set(src.ch);
      minPlusProduct(d, off[0]!, d, off[1]!, need, this.ab, 0);
      for (let i = g * 10; i < g * 10 + 10; i++) rest[i] = src.rest[i]!;
      if (g === 0) minPlusProduct(d, off[0]!, this.ch, 0, need, rest, 10);
      else minPlusProduct(d, off[1]!, this.ch, 0, need, rest, 0);
      minPlusProduct(d, off[3]!, this.ab, 0, need, rest, 20);
      minPlusProduct(d, off[2]!, this.ab, 0, need, rest, 30);
    } else {
      this.ab.set(src.ab);
      minPlusProduct(d, off[2]!, d, off[3]!, need, this.ch, 0);
      for (let i = g * 10; i < g * 10 + 10; i++) rest[i] = src.rest[i]!;
      if (g === 2) minPlusProduct(d, off[2]!, this.ab, 0, need, rest, 30);
      else minPlusProduct(d, off[3]!, this.ab, 0, need, rest, 20);
      minPlusProduct(d, off[1]!, this.ch, 0, need, rest, 0);
      minPlusProduct(d, off[0]!, this.ch, 0, need, rest, 10);
    }
    this.fillSums();
    this.ready = true;
  }

  /** The other-three products and sums, on the first `changed` (most hands set are never changed). */
  private prepare(): void {
    const off = this.off, need = this.need;
    const d = distancePool();
    minPlusProduct(d, off[0]!, d, off[1]!, need, this.ab, 0);
    minPlusProduct(d, off[2]!, d, off[3]!, need, this.ch, 0);
    minPlusProduct(d, off[1]!, this.ch, 0, need, this.rest, 0);
    minPlusProduct(d, off[0]!, this.ch, 0, need, this.rest, 10);
    minPlusProduct(d, off[3]!, this.ab, 0, need, this.rest, 20);
    minPlusProduct(d, off[2]!, this.ab, 0, need, this.rest, 30);
    this.fillSums();
    this.ready = true;
  }

  /** Per group g: the other three groups' pairs, kinds, terminal/honour kinds and terminal/honour pair. */
  private fillSums(): void {
    const d = distancePool(), off = this.off;
    for (let g = 0; g < 4; g++) for (let f = 0; f < 4; f++) {
      let v = 0;
      for (let o = 0; o < 4; o++) if (o !== g) v = f === 3 ? v | d[off[o]! + 13]! : v + d[off[o]! + 10 + f]!;
      this.sums[g * 4 + f] = v;
    }
  }

  /** Shanten of the hand given to `set` with `delta` (±1) copies of `kind`; `counts` is that hand, unchanged. */
  changed(counts: ArrayLike<number>, kind: number, delta: number): number {
    if (!this.ready) this.prepare();
    let at: number, g: number;
    if (kind < 27) {
      g = (kind / 9) | 0;
      at = suitOffsetOfKey(this.key[g]! + delta * SUIT_WEIGHT[kind - g * 9]!);
    } else {
      g = 3;
      const n = counts[kind] ?? 0;
      at = honorOffsetOfKey(this.key[3]! - HONOR_WEIGHT[n]! + HONOR_WEIGHT[n + delta]!);
    }
    const d = distancePool();
    const need = this.need, rest = this.rest, r = g * 10;
    let best = 99;
    for (let m = 0; m <= need; m++) {
      const j = r + (need - m) * 2;
      best = Math.min(best, d[at + m * 2 + 1]! + rest[j]!, d[at + m * 2]! + rest[j + 1]!);
    }
    const regularForm = best - 1;
    if (!this.closed) return regularForm;
    const s = this.sums, q = g * 4;
    const pairs = s[q]! + d[at + 10]!, kinds = s[q + 1]! + d[at + 11]!;
    const chiitoi = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
    const kokushi = 13 - (s[q + 2]! + d[at + 12]!) - (s[q + 3]! | d[at + 13]!);
    return Math.min(regularForm, chiitoi, kokushi);
  }
}
