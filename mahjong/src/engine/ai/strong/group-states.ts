/**
 * What a group (one suit, or the honours) becomes with a tile more, a tile less, or one of each, as
 * a small state (groupState), kept per group shape for good: the expected-score model's move search
 * (tenpai-groups.ts tenpaiMoves) asks it for every draw and discard of every hand it meets, and a
 * lookup of the changed shape in the rules engine's key index (group-table.ts, a 7.8 MB array read
 * at random) costs a cache miss each time, where the rows here are read a few bytes apart.
 *
 * Rows are by the shape's pool slot (group-table.ts: a suit and its reversal share one). Positions
 * are a suit's kinds 0–8 in the order of the key that first met the slot (SLOT_KEY; the reversed
 * key flips them), or for the honours the count the changed kind has before the change.
 */
import { distancePool, HONOR_WEIGHT, honorOffsetOfKey, STRIDE, SUIT_WEIGHT, suitOffsetOfKey } from '../../shanten/group-table';

/** Entry of a group's table for n tiles used whole (⌊n/3⌋ sets, a pair when n ≡ 2); −1 when n ≡ 1. */
export const ENTRY = Int8Array.from({ length: 16 }, (_, n) => (n % 3 === 0 ? (n / 3) * 2 : n % 3 === 2 ? ((n - 2) / 3) * 2 + 1 : -1));

/** A group of n tiles at pool offset o: n mod 3, +4 complete (used whole), +8 one tile short of that with one more tile. */
export function groupState(d: Int8Array, o: number, n: number): number {
  const r = n % 3;
  let s = r;
  if (r !== 1 && d[o + ENTRY[n]!] === 0) s |= 4;
  if (r !== 0 && d[o + ENTRY[n + 1]!] === 1) s |= 8;
  return s;
}

/** Per suit key: bit i = one more copy of position i completes the group (bit 15: computed). */
let suitDone: Uint16Array | null = null;

/** The positions of a suit group of n tiles (key `key`) whose added copy makes it complete (its distance 0 used whole). */
export function suitCompleters(key: number, n: number): number {
  suitDone ??= new Uint16Array(5 ** 9);
  const hit = suitDone[key]!;
  if (hit !== 0) return hit & 0x1ff;
  const at = ENTRY[n + 1]!;
  let mask = 0, rest = key;
  for (let i = 8; i >= 0; i--) {
    const digit = rest % 5;
    rest = (rest - digit) / 5;
    if (digit >= 4) continue;
    // The lookup first: it may grow (replace) the pool.
    const o = suitOffsetOfKey(key + SUIT_WEIGHT[i]!);
    if (distancePool()[o + at] === 0) mask |= 1 << i;
  }
  suitDone[key] = mask | 0x8000;
  return mask;
}

/** A 9-bit mask read from the other end. */
const REV9 = Uint16Array.from({ length: 512 }, (_, m) => { let r = 0; for (let i = 0; i < 9; i++) if (m & (1 << i)) r |= 1 << (8 - i); return r; });

let cap = 1 << 14;
let slotKey = new Float64Array(cap).fill(-1);
let ups = new Int8Array(cap * 9).fill(-1);
let downs = new Int8Array(cap * 9).fill(-1);
let laterals = new Int8Array(cap * 81).fill(-1);
// suitCompleters of the changed shapes, in the slot's orientation (+ bit 15; 0: not yet read).
let upWaits = new Uint16Array(cap * 9);
let downWaits = new Uint16Array(cap * 9);
let lateralWaits = new Uint16Array(cap * 81);

function room(slot: number): void {
  if (slot < cap) return;
  let size = cap;
  while (slot >= size) size *= 2;
  const grow = <A extends Float64Array | Int8Array | Uint16Array>(a: A, per: number, make: (n: number) => A): A => { const b = make(size * per); b.set(a); return b; };
  slotKey = grow(slotKey, 1, (n) => new Float64Array(n).fill(-1));
  ups = grow(ups, 9, (n) => new Int8Array(n).fill(-1));
  downs = grow(downs, 9, (n) => new Int8Array(n).fill(-1));
  laterals = grow(laterals, 81, (n) => new Int8Array(n).fill(-1));
  upWaits = grow(upWaits, 9, (n) => new Uint16Array(n));
  downWaits = grow(downWaits, 9, (n) => new Uint16Array(n));
  lateralWaits = grow(lateralWaits, 81, (n) => new Uint16Array(n));
  cap = size;
}

// The four groups of the hand being read (`useGroups`).
const KEY = new Float64Array(4);
const N = new Int8Array(4);
const ROW = new Int32Array(4);
const FLIP = new Uint8Array(4);

/** Reads the hand's groups: keys, pool offsets and sizes (valid until the next call). */
export function useGroups(keys: Float64Array, offsets: Int32Array, sizes: Int8Array): void {
  for (let g = 0; g < 4; g++) {
    const slot = offsets[g]! / STRIDE;
    room(slot);
    KEY[g] = keys[g]!;
    N[g] = sizes[g]!;
    ROW[g] = slot;
    if (slotKey[slot] === -1) slotKey[slot] = keys[g]!;
    FLIP[g] = g < 3 && slotKey[slot] !== keys[g] ? 1 : 0;
  }
}

/** Row position of kind k (held `count` times) in group g's rows. */
const pos = (g: number, k: number, count: number): number => (g === 3 ? count : FLIP[g] ? 8 - (k - g * 9) : k - g * 9);

/** State of group g with one more copy of kind k (held ck times, fewer than 4). */
export function upState(g: number, k: number, ck: number): number {
  const at = ROW[g]! * 9 + pos(g, k, ck);
  const hit = ups[at]!;
  if (hit >= 0) return hit;
  const o = g < 3 ? suitOffsetOfKey(KEY[g]! + SUIT_WEIGHT[k - g * 9]!) : honorOffsetOfKey(KEY[3]! - HONOR_WEIGHT[ck]! + HONOR_WEIGHT[ck + 1]!);
  return (ups[at] = groupState(distancePool(), o, N[g]! + 1));
}

/** State of group g with one copy less of kind e (held ce > 0 times). */
export function downState(g: number, e: number, ce: number): number {
  const at = ROW[g]! * 9 + pos(g, e, ce);
  const hit = downs[at]!;
  if (hit >= 0) return hit;
  const o = g < 3 ? suitOffsetOfKey(KEY[g]! - SUIT_WEIGHT[e - g * 9]!) : honorOffsetOfKey(KEY[3]! - HONOR_WEIGHT[ce]! + HONOR_WEIGHT[ce - 1]!);
  return (downs[at] = groupState(distancePool(), o, N[g]! - 1));
}

/** State of group g with one more copy of k (held ck times, fewer than 4) and one less of e ≠ k (held ce > 0), both in g. */
export function lateralState(g: number, k: number, ck: number, e: number, ce: number): number {
  const at = ROW[g]! * 81 + pos(g, k, ck) * 9 + pos(g, e, ce);
  const hit = laterals[at]!;
  if (hit >= 0) return hit;
  const o = g < 3 ? suitOffsetOfKey(KEY[g]! + SUIT_WEIGHT[k - g * 9]! - SUIT_WEIGHT[e - g * 9]!)
    : honorOffsetOfKey(KEY[3]! - HONOR_WEIGHT[ck]! + HONOR_WEIGHT[ck + 1]! - HONOR_WEIGHT[ce]! + HONOR_WEIGHT[ce - 1]!);
  return (laterals[at] = groupState(distancePool(), o, N[g]!));
}

/** Reads completers kept at `rows[at]` in the slot's orientation, or finds them for `key` (n tiles) and keeps them. */
function kept(rows: Uint16Array, at: number, g: number, key: number, n: number): number {
  const hit = rows[at]!;
  if (hit !== 0) return FLIP[g] ? REV9[hit & 0x1ff]! : hit & 0x1ff;
  const mask = suitCompleters(key, n);
  rows[at] = (FLIP[g] ? REV9[mask]! : mask) | 0x8000;
  return mask;
}

/** suitCompleters of suit group g (< 3) with one more copy of kind k (held ck times, fewer than 4). */
export function upCompleters(g: number, k: number, ck: number): number {
  return kept(upWaits, ROW[g]! * 9 + pos(g, k, ck), g, KEY[g]! + SUIT_WEIGHT[k - g * 9]!, N[g]! + 1);
}

/** suitCompleters of suit group g (< 3) with one copy less of kind e (held ce > 0 times). */
export function downCompleters(g: number, e: number, ce: number): number {
  return kept(downWaits, ROW[g]! * 9 + pos(g, e, ce), g, KEY[g]! - SUIT_WEIGHT[e - g * 9]!, N[g]! - 1);
}

/** suitCompleters of suit group g (< 3) with one more copy of k and one less of e ≠ k, both in g. */
export function lateralCompleters(g: number, k: number, ck: number, e: number, ce: number): number {
  return kept(lateralWaits, ROW[g]! * 81 + pos(g, k, ck) * 9 + pos(g, e, ce), g, KEY[g]! + SUIT_WEIGHT[k - g * 9]! - SUIT_WEIGHT[e - g * 9]!, N[g]!);
}
