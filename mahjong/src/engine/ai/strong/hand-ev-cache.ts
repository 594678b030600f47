/**
 * What the expected-score model (hand-ev.ts) keeps across decisions (a seat's next decisions reach
 * mostly the same hands), each a function of the hand alone: a tenpai hand's waits as a 34-bit
 * mask (kinds 0–16 low, 17–33 high, ·2^17), and for a hand away from tenpai its moves to the next
 * shanten, k·64 + e (draw k, discard e), by k (a one-shanten hand's with the waits of the tenpai
 * hand each reaches, tenpai-groups.ts). Each is a slot per hand, replaced by the next hand in its
 * slot (key-cache.ts; a Map of non-integer keys cost tens of ns a lookup).
 */
import { HandGroups } from '../../shanten';
import { looseDraws, mayUse } from './draw-rules';
import { NumberSlotCache } from './key-cache';
import { tenpaiMoves } from './tenpai-groups';

export const WAIT_MASKS = new NumberSlotCache(17);
/** A one-shanten hand's draws to tenpai (tenpaiDraws), for the approximate one-shanten level. */
export const DRAW_MASKS = new NumberSlotCache(16);
// Move lists live in a ring (ARENA, written contiguously at absolute positions); a cache slot
// holds a hand's key, the list's absolute start and length, and is good while the ring has not
// come round to it again.
const MOVE_BITS = 15, MOVE_MASK = (1 << MOVE_BITS) - 1;
const MOVE_KEY = new Float64Array(1 << MOVE_BITS).fill(-1);
const MOVE_START = new Float64Array(1 << MOVE_BITS);
const MOVE_LEN = new Int32Array(1 << MOVE_BITS);
const ARENA_SIZE = 1 << 18;
export const ARENA = new Int16Array(ARENA_SIZE);
/** For a one-shanten hand's moves: the waits (waitMask) of the tenpai hand each reaches. */
export const ARENA_WAITS = new Float64Array(ARENA_SIZE);
let written = 0;
/** Where the next `n` moves go in the ring: at `written`, or from its start when they would not fit before its end. */
function ringAt(n: number): number {
  const at = written % ARENA_SIZE;
  if (at + n <= ARENA_SIZE) return at;
  written += ARENA_SIZE - at;
  return 0;
}

// Scratch of the move search (one decision at a time): the hand groups per shanten level (13- and
// 14-tile hands at each), and the moves found before they go into the ring.
const GROUPS: HandGroups[] = Array.from({ length: 6 }, () => new HandGroups());
const MOVE_SCRATCH = new Int16Array(34 * 34);

/** Empties the caches that outlive a decision (what they hold is a function of the hand: tests compare numbers with and without them). */
export function clearEvCaches(): void {
  WAIT_MASKS.clear();
  DRAW_MASKS.clear();
  MOVE_KEY.fill(-1);
}

/** Lookups and misses of the two caches since the process started (bench/mahjong-hand-ev-cost.ts; waits are looked up only for tenpai hands not reached by a move), and the move ring's size and what was written to it. */
export const evCacheStats = { waits: 0, waitMisses: 0, moves: 0, moveMisses: 0, draws: 0, drawMisses: 0, ring: ARENA_SIZE, ringWritten: 0 };

/** Length of the list the last `handMoves` call returned. */
let found = 0;
export const movesFound = (): number => found;

/**
 * The moves of hand `c` (key `key`, at `sh` ≥ 1 shanten, `meldCount` melds; `closed`: none of
 * them open) to `sh` − 1: k·64 + e, grouped by k, at ARENA[returned index …] (movesFound() of
 * them; good until the next call).
 */
export function handMoves(c: number[], sh: number, key: number, meldCount: number, closed: boolean): number {
  const slot = (key >>> 0) & MOVE_MASK;
  evCacheStats.moves++;
  if (MOVE_KEY[slot] === key && written <= MOVE_START[slot]! + ARENA_SIZE) {
    found = MOVE_LEN[slot]!;
    return MOVE_START[slot]! % ARENA_SIZE;
  }
  evCacheStats.moveMisses++;
  let n = 0;
  if (sh === 1) {
    // To tenpai: every draw and discard tested on the group tables alone (tenpai-groups.ts), into the ring.
    const at = ringAt(34 * 14);
    return keep(key, at, tenpaiMoves(c, meldCount, ARENA, at, ARENA_WAITS));
  }
  const loose = looseDraws(c, closed);
  const g13 = GROUPS[sh * 2]!, g14 = GROUPS[sh * 2 + 1]!;
  g13.set(c, meldCount);
  for (let k = 0; k < 34; k++) {
    if (c[k]! >= 4 || !mayUse(c, k, loose)) continue;
    if (g13.changed(c, k, 1) >= sh) continue;
    c[k]!++;
    g14.setChanged(g13, c, k, 1);
    for (let e = 0; e < 34; e++) if (c[e] !== 0 && e !== k && g14.changed(c, e, -1) === sh - 1) MOVE_SCRATCH[n++] = k * 64 + e;
    c[k]!--;
  }
  return keepMoves(key, n);
}

function keepMoves(key: number, n: number): number {
  const at = ringAt(n);
  ARENA.set(MOVE_SCRATCH.subarray(0, n), at);
  return keep(key, at, n);
}

/** Files the n moves just written at ARENA[at …] (= absolute position `written`) under `key`. */
function keep(key: number, at: number, n: number): number {
  const slot = (key >>> 0) & MOVE_MASK;
  MOVE_KEY[slot] = key;
  MOVE_START[slot] = written;
  MOVE_LEN[slot] = n;
  written += n;
  evCacheStats.ringWritten = written;
  found = n;
  return at;
}
