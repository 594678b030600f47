/**
 * Per-group distance tables, the idea of tomohxx's shanten calculator: for one suit (9 kinds, chows
 * allowed) or the honors (7 kinds, no chows), `d[m * 2 + p]` is the fewest tiles that must be added
 * to the group so that it contains m melds and p pairs (p ≤ 1), never using a 5th copy of a kind.
 * Summing the groups' distances for 4 − calls melds and one pair gives the regular-form distance,
 * and shanten = distance − 1 (exact, no heuristics about blocks). Tables are computed on first use
 * per group shape and cached, so a steady state costs four array lookups per hand.
 */

const INF = 99;
/** State index: m (0–4) · p (0–1) · x = chows started one kind back (0–4) · y = two kinds back (0–4). */
const STATES = 5 * 2 * 5 * 5;
const sIdx = (m: number, p: number, x: number, y: number): number => ((m * 2 + p) * 5 + x) * 5 + y;

/** Entries per group shape: 10 distances, then pairs, kinds, terminal/honor kinds, terminal/honor pair (0/1). */
export const STRIDE = 14;

/**
 * Computed tables live in one growing pool, STRIDE entries per group shape; dense index arrays map a
 * group's key (base-5 counts for suits, a histogram of counts for honors) to its slot + 1.
 */
let pool = new Int8Array(STRIDE * 4096);
let used = 0;
/** Per slot: the key that created it (a suit's reversal shares the slot under the other key). */
let slotKey = new Float64Array(4096);
const suitSlot = new Uint32Array(5 ** 9);
const honorSlot = new Uint32Array(8 ** 5);

/** The pool (read it after looking up offsets: a lookup may grow it). */
export const distancePool = (): Int8Array => pool;

/** Group shapes computed so far (benchmarks report how warm the tables are). */
export const cachedShapes = (): number => used / STRIDE;

function store(key: number, d: Int8Array, counts: ArrayLike<number>, from: number, len: number, yaochuu: (i: number) => boolean): number {
  if (used + STRIDE > pool.length) {
    const bigger = new Int8Array(pool.length * 2);
    bigger.set(pool);
    pool = bigger;
    const keys = new Float64Array(slotKey.length * 2);
    keys.set(slotKey);
    slotKey = keys;
    const near = new Int32Array(NEAR * slotKey.length);
    near.set(neighbours);
    neighbours = near;
  }
  slotKey[used / STRIDE] = key;
  pool.set(d, used);
  let pairs = 0, kinds = 0, yKinds = 0, yPair = 0;
  for (let i = 0; i < len; i++) {
    const c = counts[from + i] ?? 0;
    if (c > 0) kinds++;
    if (c >= 2) pairs++;
    if (c > 0 && yaochuu(i)) yKinds++;
    if (c >= 2 && yaochuu(i)) yPair = 1;
  }
  pool[used + 10] = pairs;
  pool[used + 11] = kinds;
  pool[used + 12] = yKinds;
  pool[used + 13] = yPair;
  used += STRIDE;
  return used / STRIDE;
}

// DP buffers: every entry is INF except the live states of the kind being processed.
const CUR = new Int8Array(STATES).fill(INF);
const NEXT = new Int8Array(STATES).fill(INF);
const LIVE_A = new Int16Array(STATES);
const LIVE_B = new Int16Array(STATES);
// State index → its fields, so the DP does no division.
const ST_M = new Uint8Array(STATES), ST_P = new Uint8Array(STATES), ST_X = new Uint8Array(STATES), ST_Y = new Uint8Array(STATES);
for (let m = 0; m <= 4; m++) for (let p = 0; p <= 1; p++) for (let x = 0; x <= 4; x++) for (let y = 0; y <= 4; y++) {
  const i = sIdx(m, p, x, y);
  ST_M[i] = m; ST_P[i] = p; ST_X[i] = x; ST_Y[i] = y;
}

// Every move from a state at one kind, listed once: (next state, copies of the kind it needs).
// Variant 0 may start chows (up to 4), variant 1 may not (honors, and the last two kinds of a suit).
const MOVE_START = new Int32Array(STATES * 2 + 1);
const moveNext: number[] = [];
const moveNeed: number[] = [];
for (let v = 0; v < 2; v++) for (let s0 = 0; s0 < STATES; s0++) {
  MOVE_START[v * STATES + s0] = moveNext.length;
  const m = ST_M[s0]!, p = ST_P[s0]!, x = ST_X[s0]!, y = ST_Y[s0]!;
  const zMax = v === 0 ? 4 : 0;
  for (let k = 0; k <= 1; k++) for (let q = 0; q + p <= 1; q++) for (let z = 0; z <= zMax; z++) {
    const m2 = m + k + z;
    const need = 3 * k + 2 * q + x + y + z;
    if (m2 > 4 || need > 4) break;
    moveNext.push(sIdx(m2, p + q, z, x));
    moveNeed.push(need);
  }
}
MOVE_START[STATES * 2] = moveNext.length;
const MOVE_NEXT = Int16Array.from(moveNext);
const MOVE_NEED = Int8Array.from(moveNeed);

/** Distances for counts[from … from+len-1]; chows only when `chows`. */
function compute(counts: ArrayLike<number>, from: number, len: number, chows: boolean): Int8Array {
  let cur = CUR;
  let next = NEXT;
  // Only reachable states are expanded: a list of live indices instead of a scan of all 500.
  let live = LIVE_A;
  let nextLive = LIVE_B;
  let nLive = 1;
  live[0] = sIdx(0, 0, 0, 0);
  cur[live[0]] = 0;
  for (let i = 0; i < len; i++) {
    let nNext = 0;
    const have = counts[from + i] ?? 0;
    const variant = chows && i <= len - 3 ? 0 : STATES;
    for (let li = 0; li < nLive; li++) {
      const s0 = live[li]!;
      const cost0 = cur[s0]!;
      cur[s0] = INF;
      const end = MOVE_START[variant + s0 + 1]!;
      for (let o = MOVE_START[variant + s0]!; o < end; o++) {
        const need = MOVE_NEED[o]!;
        const cost = cost0 + (need > have ? need - have : 0);
        const j = MOVE_NEXT[o]!;
        const old = next[j]!;
        if (old === INF) nextLive[nNext++] = j;
        if (cost < old) next[j] = cost;
      }
    }
    const t = cur; cur = next; next = t;
    const l = live; live = nextLive; nextLive = l;
    nLive = nNext;
  }
  const d = new Int8Array(10);
  for (let m = 0; m <= 4; m++) for (let p = 0; p <= 1; p++) d[m * 2 + p] = cur[sIdx(m, p, 0, 0)]!;
  for (let li = 0; li < nLive; li++) cur[live[li]!] = INF;
  return d;
}

/** Weight of position i (0–8) of a suit in its key (base 5, the first kind most significant). */
export const SUIT_WEIGHT: readonly number[] = [5 ** 8, 5 ** 7, 5 ** 6, 5 ** 5, 5 ** 4, 5 ** 3, 5 ** 2, 5, 1];
/** Weight, in the honors' key, of one honor kind held n times (a histogram of counts 0–4). */
export const HONOR_WEIGHT: readonly number[] = [1, 8 ** 4, 8 ** 3, 8 ** 2, 8];

/** Key of suit s (0 m, 1 p, 2 s) of a 34-count array: its counts in base 5. */
export function suitKey(counts: ArrayLike<number>, s: number): number {
  const from = s * 9;
  let key = 0;
  for (let i = from; i < from + 9; i++) key = key * 5 + (counts[i] ?? 0);
  return key;
}

/** Key of the honor group (kinds 27–33): the histogram of their counts (honors are interchangeable). */
export function honorKey(counts: ArrayLike<number>): number {
  let key = 0;
  for (let i = 27; i < 34; i++) key += HONOR_WEIGHT[counts[i] ?? 0]!;
  return key;
}

const DIGITS = new Array<number>(9).fill(0);

/** Pool offset of the distances of the suit with this key. */
export function suitOffsetOfKey(key: number): number {
  let slot = suitSlot[key]!;
  if (slot === 0) {
    // A suit read backwards (9…1) has the same distances and terminal counts: share its slot.
    let rest = key, rev = 0;
    for (let i = 8; i >= 0; i--) { DIGITS[i] = rest % 5; rest = (rest - DIGITS[i]!) / 5; }
    for (let i = 8; i >= 0; i--) rev = rev * 5 + DIGITS[i]!;
    slot = suitSlot[rev]! || store(key, compute(DIGITS, 0, 9, true), DIGITS, 0, 9, (i) => i === 0 || i === 8);
    suitSlot[key] = slot;
    suitSlot[rev] = slot;
  }
  return (slot - 1) * STRIDE;
}

/** Pool offset of the distances of the honor group with this key. */
export function honorOffsetOfKey(key: number): number {
  let slot = honorSlot[key]!;
  if (slot === 0) {
    const c0 = key % 8, c4 = ((key - c0) / 8) % 8, c3 = Math.floor(key / 64) % 8, c2 = Math.floor(key / 512) % 8, c1 = Math.floor(key / 4096) % 8;
    const sorted: number[] = [];
    for (const [n, c] of [[c0, 0], [c1, 1], [c2, 2], [c3, 3], [c4, 4]] as const) for (let i = 0; i < n; i++) sorted.push(c);
    slot = store(key, compute(sorted, 0, sorted.length, false), sorted, 0, sorted.length, () => true);
    honorSlot[key] = slot;
  }
  return (slot - 1) * STRIDE;
}

/** Pool offset of the distances of suit s (0 m, 1 p, 2 s) of a 34-count array. */
export function suitOffset(counts: ArrayLike<number>, s: number): number {
  return suitOffsetOfKey(suitKey(counts, s));
}

/** Pool offset of the distances of the honor group (kinds 27–33). */
export function honorOffset(counts: ArrayLike<number>): number {
  return honorOffsetOfKey(honorKey(counts));
}

// ── Neighbours: a shape with one tile more or less, for the strong AI's discard table ────────
// Per slot, filled on first use: flags, then for each position the entries (bit m·2+p) that one
// more tile there lowers, then the pool offset of the shape with one tile less there. Positions
// are a suit's kinds 0–8 in the slot's own orientation (the key that created it), or for the
// honours the count 0–4 the changed kind has before the change.
const NEAR = 20;
let neighbours = new Int32Array(NEAR * 4096);
const LOWERS_DONE = 1, DOWNS_DONE = 2;

function lowerBits(a: number, b: number): number {
  let bits = 0;
  for (let e = 0; e < 10; e++) if (pool[a + e]! < pool[b + e]!) bits |= 1 << e;
  return bits;
}

/** The honours' histogram: how many kinds are held n times. */
const honorBuckets = (key: number): number[] =>
  [key % 8, Math.floor(key / 4096) % 8, Math.floor(key / 512) % 8, Math.floor(key / 64) % 8, Math.floor(key / 8) % 8];

function fill(slot: number, honor: boolean, what: number): void {
  const key = slotKey[slot]!;
  const at = slot * NEAR;
  const self = slot * STRIDE;
  const digits = honor ? honorBuckets(key) : [];
  if (!honor) { let rest = key; for (let i = 8; i >= 0; i--) { digits[i] = rest % 5; rest = (rest - digits[i]!) / 5; } }
  for (let i = 0; i < 9; i++) {
    const have = digits[i] ?? 0;
    if (what === LOWERS_DONE) {
      // Suits: one more of kind i (≤ 4 copies); honours: a kind held i times gains one.
      const ok = honor ? i < 4 && have > 0 : have < 4;
      const off = ok ? (honor ? honorOffsetOfKey(key + HONOR_WEIGHT[i + 1]! - HONOR_WEIGHT[i]!) : suitOffsetOfKey(key + SUIT_WEIGHT[i]!)) : -1;
      neighbours[at + 1 + i] = off < 0 ? 0 : lowerBits(off, self);
    } else {
      const ok = honor ? i > 0 && i <= 4 && have > 0 : have > 0;
      // The lookup first: it may grow (replace) `neighbours`, and the store must go to the new one.
      const off = ok ? (honor ? honorOffsetOfKey(key + HONOR_WEIGHT[i - 1]! - HONOR_WEIGHT[i]!) : suitOffsetOfKey(key - SUIT_WEIGHT[i]!)) : -1;
      neighbours[at + 10 + i] = off;
    }
  }
  neighbours[at] = neighbours[at]! | what;
}

/**
 * For group g's shape with this key (g 0–2 a suit, 3 the honours): out[at + pos] = the entries of
 * its distance table that one more tile at `pos` lowers, for every position.
 */
export function upLowers(g: number, key: number, out: Int32Array, at: number): void {
  upLowersAt(g, key, g === 3 ? honorOffsetOfKey(key) : suitOffsetOfKey(key), out, at);
}

/** upLowers for a shape whose pool offset the caller already holds (`offset`, of this `key`): no lookup. */
export function upLowersAt(g: number, key: number, offset: number, out: Int32Array, at: number): void {
  const honor = g === 3;
  const slot = offset / STRIDE;
  if (!(neighbours[slot * NEAR]! & LOWERS_DONE)) fill(slot, honor, LOWERS_DONE);
  const base = slot * NEAR + 1;
  if (!honor && slotKey[slot] !== key) for (let i = 0; i < 9; i++) out[at + i] = neighbours[base + 8 - i]!;
  else for (let i = 0; i < 9; i++) out[at + i] = neighbours[base + i]!;
}

/** Pool offset of group g's shape with this key with one tile less at `pos` (see upLowers). */
export function downOffset(g: number, key: number, pos: number): number {
  const honor = g === 3;
  const slot = (honor ? honorOffsetOfKey(key) : suitOffsetOfKey(key)) / STRIDE;
  if (!(neighbours[slot * NEAR]! & DOWNS_DONE)) fill(slot, honor, DOWNS_DONE);
  return neighbours[slot * NEAR + 10 + (!honor && slotKey[slot] !== key ? 8 - pos : pos)]!;
}

/** downOffset for every position at once: out[at + pos], for the shape at pool `offset` (of this `key`). */
export function downOffsets(g: number, key: number, offset: number, out: Int32Array, at: number): void {
  const honor = g === 3;
  const slot = offset / STRIDE;
  if (!(neighbours[slot * NEAR]! & DOWNS_DONE)) fill(slot, honor, DOWNS_DONE);
  const base = slot * NEAR + 10;
  if (!honor && slotKey[slot] !== key) for (let i = 0; i < 9; i++) out[at + i] = neighbours[base + 8 - i]!;
  else for (let i = 0; i < 9; i++) out[at + i] = neighbours[base + i]!;
}
