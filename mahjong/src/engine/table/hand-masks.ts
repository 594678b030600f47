/**
 * Bit masks of a hand, kept in step with its counts so the hot tenpai filters and the discard
 * list need no 34-kind scan: per group (man, pin, sou, honours) the kinds held, the kinds held
 * exactly once and four times, and which red fives are held.
 *
 * One flat array of 13 words (`MASK_*` offsets + group) rather than an object of three arrays:
 * one allocation per seat and hand instead of seven, and one load less per read.
 */
import { isRed, redFiveIndex } from '../tiles';

/**
 * Words 0–3 (`MASK_PRESENT + g`): bit i of group g, kind g·9+i is held (honours: group 3, bit i =
 * kind 27+i). Words 4–7 (`MASK_SINGLE + g`): the same for kinds held exactly once; words 8–11
 * (`MASK_FOUR + g`): held four times (ankan candidates); word 12 (`MASK_REDS`): bit 0/1/2, red
 * 5m/5p/5s (ids 16/52/88) held.
 */
export type HandMasks = number[];

export const MASK_PRESENT = 0;
export const MASK_SINGLE = 4;
export const MASK_FOUR = 8;
export const MASK_REDS = 12;

export const emptyMasks = (): HandMasks => [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** Group (0 m, 1 p, 2 s, 3 honours) and bit within it of each kind: no division per hand edit. */
const KIND_GROUP = new Uint8Array(34);
const KIND_BIT = new Uint16Array(34);
for (let k = 0; k < 34; k++) {
  KIND_GROUP[k] = k < 27 ? Math.floor(k / 9) : 3;
  KIND_BIT[k] = 1 << (k - KIND_GROUP[k]! * 9);
}

/**
 * Update the masks after one tile `id` was added or removed and its kind's count became `count`
 * (a step of exactly one; for arbitrary counts use touchMasks).
 */
export function bumpMasks(m: HandMasks, id: number, count: number, added: boolean): void {
  const kind = id >> 2;
  const g = KIND_GROUP[kind]!;
  const bit = KIND_BIT[kind]!;
  // Only the masks of the crossed count boundary change (0↔1, 1↔2, 3↔4).
  if (added) {
    if (count === 1) { m[g] = m[g]! | bit; m[MASK_SINGLE + g] = m[MASK_SINGLE + g]! | bit; }
    else if (count === 2) m[MASK_SINGLE + g] = m[MASK_SINGLE + g]! & ~bit;
    else if (count === 4) m[MASK_FOUR + g] = m[MASK_FOUR + g]! | bit;
  } else if (count === 0) { m[g] = m[g]! & ~bit; m[MASK_SINGLE + g] = m[MASK_SINGLE + g]! & ~bit; }
  else if (count === 1) m[MASK_SINGLE + g] = m[MASK_SINGLE + g]! | bit;
  else if (count === 3) m[MASK_FOUR + g] = m[MASK_FOUR + g]! & ~bit;
  if (isRed(id)) {
    const r = 1 << redFiveIndex(id);
    m[MASK_REDS] = added ? m[MASK_REDS]! | r : m[MASK_REDS]! & ~r;
  }
}

/**
 * The masks of a whole hand at once (a new seat's 13 tiles): `counts` are its final counts per
 * kind and `ids` its 136-bit set. Per group in locals, one array at the end: the same masks as
 * `bumpMasks` tile by tile, without its per-tile branches and writes (it runs for four seats at
 * every new hand).
 */
export function handMasksOf(hand: readonly number[], counts: readonly number[], ids: readonly number[]): HandMasks {
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0, s0 = 0, s1 = 0, s2 = 0, s3 = 0, f0 = 0, f1 = 0, f2 = 0, f3 = 0;
  for (let i = 0; i < hand.length; i++) {
    const kind = hand[i]! >> 2;
    const c = counts[kind]!, g = KIND_GROUP[kind]!, bit = KIND_BIT[kind]!;
    const single = c === 1 ? bit : 0, four = c === 4 ? bit : 0;
    if (g === 0) { p0 |= bit; s0 |= single; f0 |= four; }
    else if (g === 1) { p1 |= bit; s1 |= single; f1 |= four; }
    else if (g === 2) { p2 |= bit; s2 |= single; f2 |= four; }
    else { p3 |= bit; s3 |= single; f3 |= four; }
  }
  // The red fives are ids 16, 52 and 88: bits 16, 20 and 24 of words 0, 1 and 2.
  const reds = ((ids[0]! >>> 16) & 1) | (((ids[1]! >>> 20) & 1) << 1) | (((ids[2]! >>> 24) & 1) << 2);
  return [p0, p1, p2, p3, s0, s1, s2, s3, f0, f1, f2, f3, reds];
}

/** Set the masks of `id`'s kind for a count of `count` (any value); `added` sets or clears its red bit. */
export function touchMasks(m: HandMasks, id: number, count: number, added: boolean): void {
  const kind = id >> 2;
  const g = kind < 27 ? (kind / 9) | 0 : 3;
  const bit = 1 << (kind - g * 9);
  m[g] = count > 0 ? m[g]! | bit : m[g]! & ~bit;
  m[MASK_SINGLE + g] = count === 1 ? m[MASK_SINGLE + g]! | bit : m[MASK_SINGLE + g]! & ~bit;
  m[MASK_FOUR + g] = count === 4 ? m[MASK_FOUR + g]! | bit : m[MASK_FOUR + g]! & ~bit;
  if (isRed(id)) {
    const r = 1 << redFiveIndex(id);
    m[MASK_REDS] = added ? m[MASK_REDS]! | r : m[MASK_REDS]! & ~r;
  }
}

/** Set bits of a 9-bit mask. */
export const POP = new Uint8Array(512);
for (let i = 1; i < 512; i++) POP[i] = (i & 1) + POP[i >> 1]!;

/** Singles with no copy or neighbour within two in their suit (honour singles always): as isolatedTiles. */
export function isolatedOf(m: HandMasks): number {
  let n = POP[m[MASK_SINGLE + 3]!]!;
  for (let g = 0; g < 3; g++) {
    const p = m[g]!;
    const near = ((p << 1) | (p << 2) | (p >> 1) | (p >> 2)) & 0x1ff;
    n += POP[m[MASK_SINGLE + g]! & ~near & 0x1ff]!;
  }
  return n;
}

/** Distinct terminal and honour kinds held. */
export const yaochuuOf = (m: HandMasks): number =>
  POP[m[3]!]! + POP[m[0]! & 0x101]! + POP[m[1]! & 0x101]! + POP[m[2]! & 0x101]!;

/** As quick.ts: at least `min` isolated tiles and not kokushi-like. */
export const farByMasks = (m: HandMasks, min: number): boolean => isolatedOf(m) >= min && yaochuuOf(m) < 12;

/** Some kind is held four times. */
export const hasFour = (m: HandMasks): boolean => (m[MASK_FOUR]! | m[MASK_FOUR + 1]! | m[MASK_FOUR + 2]! | m[MASK_FOUR + 3]!) !== 0;
