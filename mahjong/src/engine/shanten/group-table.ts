/**
 * Per-group distance tables, the idea of tomohxx's shanten calculator: for one suit (9 kinds, chows
 * allowed) or the honors (7 kinds, no chows), `d[m * 2 + p]` is the fewest tiles that must be added
 * to the group so that it contains m melds and p pairs (p ≤ 1), never using a 5th copy of a kind.
 * Summing the groups' distances for 4 − calls melds and one pair gives the regular-form distance,
 * and shanten = distance − 1 (exact, no heuristics about blocks). Tables are computed on first use
 * per group shape and cached, so a steady state costs four map lookups per hand.
 */

const INF = 99;
/** State index: m (0–4) · p (0–1) · x = chows started one kind back (0–4) · y = two kinds back (0–4). */
const STATES = 5 * 2 * 5 * 5;
const sIdx = (m: number, p: number, x: number, y: number): number => ((m * 2 + p) * 5 + x) * 5 + y;

const suitCache = new Map<number, Int8Array>();
const honorCache = new Map<number, Int8Array>();

/** Distances for counts[from … from+len-1]; chows only when `chows`. */
function compute(counts: ArrayLike<number>, from: number, len: number, chows: boolean): Int8Array {
  let cur = new Int8Array(STATES).fill(INF);
  let next = new Int8Array(STATES);
  cur[sIdx(0, 0, 0, 0)] = 0;
  for (let i = 0; i < len; i++) {
    next.fill(INF);
    const have = counts[from + i] ?? 0;
    const zMax = chows && i <= len - 3 ? 4 : 0;
    for (let m = 0; m <= 4; m++) for (let p = 0; p <= 1; p++) for (let x = 0; x <= 4; x++) for (let y = 0; y <= 4; y++) {
      const cost0 = cur[sIdx(m, p, x, y)]!;
      if (cost0 >= INF) continue;
      for (let k = 0; k <= 1; k++) for (let q = 0; q + p <= 1; q++) for (let z = 0; z <= zMax; z++) {
        const m2 = m + k + z;
        const need = 3 * k + 2 * q + x + y + z;
        if (m2 > 4 || need > 4) break;
        const cost = cost0 + (need > have ? need - have : 0);
        const j = sIdx(m2, p + q, z, x);
        if (cost < next[j]!) next[j] = cost;
      }
    }
    [cur, next] = [next, cur];
  }
  const d = new Int8Array(10);
  for (let m = 0; m <= 4; m++) for (let p = 0; p <= 1; p++) d[m * 2 + p] = cur[sIdx(m, p, 0, 0)]!;
  return d;
}

/** Distances of suit s (0 m, 1 p, 2 s) of a 34-count array. */
export function suitDistances(counts: ArrayLike<number>, s: number): Int8Array {
  const from = s * 9;
  let key = 0;
  for (let i = from; i < from + 9; i++) key = key * 5 + (counts[i] ?? 0);
  let d = suitCache.get(key);
  if (d === undefined) {
    d = compute(counts, from, 9, true);
    suitCache.set(key, d);
  }
  return d;
}

/** Distances of the honor group (kinds 27–33). */
export function honorDistances(counts: ArrayLike<number>): Int8Array {
  // Honor kinds are interchangeable, so the sorted counts are the key (far fewer shapes).
  let c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
  for (let i = 27; i < 34; i++) {
    const c = counts[i] ?? 0;
    if (c === 0) c0++; else if (c === 1) c1++; else if (c === 2) c2++; else if (c === 3) c3++; else c4++;
  }
  const key = (((c1 * 8 + c2) * 8 + c3) * 8 + c4) * 8 + c0;
  let d = honorCache.get(key);
  if (d === undefined) {
    const sorted: number[] = [];
    for (const [n, c] of [[c0, 0], [c1, 1], [c2, 2], [c3, 3], [c4, 4]] as const) for (let i = 0; i < n; i++) sorted.push(c);
    d = compute(sorted, 0, sorted.length, false);
    honorCache.set(key, d);
  }
  return d;
}
