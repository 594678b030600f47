/**
 * Shanten and acceptance of every discard of a hand in one pass, on the rules engine's per-group
 * distance tables (tomohxx's method, src/engine/shanten). The hand's four groups pair up as
 * (man, pin) and (sou, honours); a discard changes one group and a draw one group, so the pair
 * table the draw touches is computed once per drawn kind and reused for every discard in the
 * other pair. This makes the acceptance count of all discards several times cheaper than
 * calling shanten once per (discard, draw).
 */
import { distancePool, honorOffset, suitOffset } from '../../shanten/group-table';
import { YAOCHUU } from '../../tiles';

const groupOf = (k: number) => (k < 27 ? (k / 9) | 0 : 3);
const offsetOf = (c: number[], g: number) => (g < 3 ? suitOffset(c, g) : honorOffset(c));

/** out[at + m·2 + p]: fewest tiles for m sets and p pairs from groups at pool offsets a and b. */
function combine(a: number, b: number, need: number, out: Int8Array, at: number): void {
  const d = distancePool();
  for (let m = 0; m <= need; m++) {
    let best0 = 99, best1 = 99;
    for (let i = 0; i <= m; i++) {
      const ia = a + i * 2, ib = b + (m - i) * 2;
      const a0 = d[ia]!, b0 = d[ib]!;
      if (a0 + b0 < best0) best0 = a0 + b0;
      const v1 = d[ia + 1]! + b0 < a0 + d[ib + 1]! ? d[ia + 1]! + b0 : a0 + d[ib + 1]!;
      if (v1 < best1) best1 = v1;
    }
    out[at + m * 2] = best0;
    out[at + m * 2 + 1] = best1;
  }
}

/** Regular-form shanten from the two pair tables. */
function merge(x: Int8Array, xAt: number, y: Int8Array, yAt: number, need: number): number {
  let best = 99;
  for (let m = 0; m <= need; m++) {
    const v1 = x[xAt + m * 2 + 1]! + y[yAt + (need - m) * 2]!;
    const v2 = x[xAt + m * 2]! + y[yAt + (need - m) * 2 + 1]!;
    if (v1 < best) best = v1;
    if (v2 < best) best = v2;
  }
  return best - 1;
}

function kokushi(c: number[]): number {
  let kinds = 0, pair = 0;
  for (const k of YAOCHUU) { if (c[k]! > 0) kinds++; if (c[k]! >= 2) pair = 1; }
  return 13 - kinds - pair;
}

export interface DiscardTable {
  /** Shanten after discarding kind k (NaN when k is not held); slot 34 = no removal. */
  shanten: Float64Array;
  best: number;
  /** Unseen copies of the draws that lower shanten after discarding k (computed on call). */
  accept(k: number): number;
}

/**
 * `c`: concealed counts of a 3n+2 hand (kinds a plan cannot use already zeroed; not to be changed
 * while the table is in use); `dead`: kinds never counted as useful draws; `visible`: copies no
 * opponent can hold; `noRemoval`: also fill slot 34 with the hand unchanged (the discard of a tile
 * the plan already set aside).
 */
export function discardTable(c: number[], meldCount: number, dead: Uint8Array, visible: number[], noRemoval = false): DiscardTable {
  const need = 4 - meldCount;
  const closed = meldCount === 0;
  const o = [offsetOf(c, 0), offsetOf(c, 1), offsetOf(c, 2), offsetOf(c, 3)];
  const base = new Int8Array(20);
  combine(o[0]!, o[1]!, need, base, 0);
  combine(o[2]!, o[3]!, need, base, 10);
  // The pair table with one more tile of k (k's pair), computed on first use per drawn kind.
  const plusOff = new Int32Array(34).fill(-2);
  const plusPair = new Int8Array(34 * 10);
  const plus = (k: number): number => {
    if (plusOff[k] !== -2) return plusOff[k]!;
    if (dead[k] || c[k]! >= 4) return (plusOff[k] = -1);
    const g = groupOf(k);
    c[k]!++;
    const off = offsetOf(c, g);
    c[k]!--;
    const partner = o[g ^ 1]!;
    combine(g % 2 === 0 ? off : partner, g % 2 === 0 ? partner : off, need, plusPair, k * 10);
    return (plusOff[k] = off);
  };
  let pairs = 0, kinds = 0;
  for (let k = 0; k < 34; k++) { if (c[k]! > 0) kinds++; if (c[k]! >= 2) pairs++; }
  const useKokushi = closed && kokushi(c) <= 7;
  const shanten = new Float64Array(35).fill(NaN);
  const pair = new Int8Array(10);
  const work = new Int8Array(10);
  // Pair tables after discarding d: `pair` holds d's pair, the other pair is the base's.
  const afterDiscard = (d: number): { gd: number; minusOff: number; otherAt: number; pd: number; kd: number } => {
    const gd = d === 34 ? -1 : groupOf(d);
    let minusOff = -1, otherAt = 10;
    let pd = pairs, kd = kinds;
    if (gd >= 0) {
      c[d]!--;
      minusOff = offsetOf(c, gd);
      c[d]!++;
      const partner = o[gd ^ 1]!;
      combine(gd % 2 === 0 ? minusOff : partner, gd % 2 === 0 ? partner : minusOff, need, pair, 0);
      if (gd >= 2) otherAt = 0;
      if (c[d] === 2) pd--;
      if (c[d] === 1) kd--;
    }
    return { gd, minusOff, otherAt, pd, kd };
  };
  let best = 99;
  for (let d = 0; d <= 34; d++) {
    if (d === 34 ? !noRemoval : c[d]! === 0) continue;
    const { gd, otherAt, pd, kd } = afterDiscard(d);
    let sh = gd >= 0 ? merge(pair, 0, base, otherAt, need) : merge(base, 0, base, 10, need);
    if (closed) {
      sh = Math.min(sh, 6 - pd + Math.max(0, 7 - kd));
      if (useKokushi) { if (gd >= 0) c[d]!--; sh = Math.min(sh, kokushi(c)); if (gd >= 0) c[d]!++; }
    }
    shanten[d] = sh;
    if (sh < best) best = sh;
  }
  // Draws worth trying for any discard: held kinds, their suit neighbours within two, and (closed)
  // new kinds for seven pairs or terminals/honours for kokushi. A superset of what each discard needs.
  const draws: number[] = [];
  for (let k = 0; k < 34; k++) {
    if (dead[k] || c[k]! >= 4) continue;
    if (c[k]! > 0 || near(c, k) || (closed && (kinds <= 7 || (useKokushi && isYaochuu(k))))) draws.push(k);
  }
  const acceptOf = (d: number): number => {
    const sh = shanten[d]!;
    if (Number.isNaN(sh)) return 0;
    const { gd, minusOff, otherAt, pd, kd } = afterDiscard(d);
    const gdPair = gd >> 1;
    let total = 0;
    for (let i = 0; i < draws.length; i++) {
      const k = draws[i]!;
      const gk = groupOf(k);
      // Pair tables of the draw's group (with the full hand) are shared by every discard elsewhere.
      let off = plusOff[k]!;
      if (off === -2) off = plus(k);
      if (off < 0) continue;
      let v: number;
      if (gd < 0) v = merge(plusPair, k * 10, base, (gk >> 1) === 0 ? 10 : 0, need);
      else if ((gk >> 1) !== gdPair) v = merge(pair, 0, plusPair, k * 10, need);
      else {
        c[d]!--;
        if (gk !== gd) {
          combine(gd % 2 === 0 ? minusOff : off, gd % 2 === 0 ? off : minusOff, need, work, 0);
        } else {
          if (c[k]! >= 4) { c[d]!++; continue; }
          c[k]!++;
          const both = offsetOf(c, gd);
          c[k]!--;
          const partner = o[gd ^ 1]!;
          combine(gd % 2 === 0 ? both : partner, gd % 2 === 0 ? partner : both, need, work, 0);
        }
        c[d]!++;
        v = merge(work, 0, base, otherAt, need);
      }
      if (closed && v >= sh) {
        // Seven pairs and kokushi after discarding d and drawing k.
        const ck = c[k]! - (k === d ? 1 : 0);
        const pk = pd + (ck === 1 ? 1 : 0), kk = kd + (ck === 0 ? 1 : 0);
        v = Math.min(v, 6 - pk + (kk < 7 ? 7 - kk : 0));
        if (useKokushi && isYaochuu(k)) {
          if (gd >= 0) c[d]!--;
          c[k]!++;
          v = Math.min(v, kokushi(c));
          c[k]!--;
          if (gd >= 0) c[d]!++;
        }
      }
      if (v < sh) { const left = 4 - visible[k]!; if (left > 0) total += left; }
    }
    return total;
  };
  return { shanten, best, accept: acceptOf };
}

const isYaochuu = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;

function near(c: number[], k: number): boolean {
  if (k >= 27) return false;
  const n = k % 9;
  return (n >= 1 && c[k - 1]! > 0) || (n >= 2 && c[k - 2]! > 0) || (n <= 7 && c[k + 1]! > 0) || (n <= 6 && c[k + 2]! > 0);
}
