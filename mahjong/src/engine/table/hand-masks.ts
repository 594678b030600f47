/**
 * Bit masks of a hand, kept in step with its counts so the hot tenpai filters and the discard
 * list need no 34-kind scan: per group (man, pin, sou, honours) the kinds held, the kinds held
 * exactly once, and which red fives are held.
 */
import { isRed, redFiveIndex } from '../tiles';
export interface HandMasks {
  /** Bit i of group g: kind g·9+i is held (honours: group 3, bit i = kind 27+i). */
  present: number[];
  /** Same, for kinds held exactly once. */
  single: number[];
  /** Same, for kinds held four times (ankan candidates). */
  four: number[];
  /** Bit 0/1/2: red 5m/5p/5s (ids 16/52/88) held. */
  reds: number;
}

export const emptyMasks = (): HandMasks => ({ present: [0, 0, 0, 0], single: [0, 0, 0, 0], four: [0, 0, 0, 0], reds: 0 });

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
    if (count === 1) { m.present[g] = m.present[g]! | bit; m.single[g] = m.single[g]! | bit; }
    else if (count === 2) m.single[g] = m.single[g]! & ~bit;
    else if (count === 4) m.four[g] = m.four[g]! | bit;
  } else if (count === 0) { m.present[g] = m.present[g]! & ~bit; m.single[g] = m.single[g]! & ~bit; }
  else if (count === 1) m.single[g] = m.single[g]! | bit;
  else if (count === 3) m.four[g] = m.four[g]! & ~bit;
  if (isRed(id)) {
    const r = 1 << redFiveIndex(id);
    m.reds = added ? m.reds | r : m.reds & ~r;
  }
}

/** Set the masks of `id`'s kind for a count of `count` (any value); `added` sets or clears its red bit. */
export function touchMasks(m: HandMasks, id: number, count: number, added: boolean): void {
  const kind = id >> 2;
  const g = kind < 27 ? (kind / 9) | 0 : 3;
  const bit = 1 << (kind - g * 9);
  m.present[g] = count > 0 ? m.present[g]! | bit : m.present[g]! & ~bit;
  m.single[g] = count === 1 ? m.single[g]! | bit : m.single[g]! & ~bit;
  m.four[g] = count === 4 ? m.four[g]! | bit : m.four[g]! & ~bit;
  if (isRed(id)) {
    const r = 1 << redFiveIndex(id);
    m.reds = added ? m.reds | r : m.reds & ~r;
  }
}

/** Set bits of a 9-bit mask. */
export const POP = new Uint8Array(512);
for (let i = 1; i < 512; i++) POP[i] = (i & 1) + POP[i >> 1]!;

/** Singles with no copy or neighbour within two in their suit (honour singles always): as isolatedTiles. */
export function isolatedOf(m: HandMasks): number {
  let n = POP[m.single[3]!]!;
  for (let g = 0; g < 3; g++) {
    const p = m.present[g]!;
    const near = ((p << 1) | (p << 2) | (p >> 1) | (p >> 2)) & 0x1ff;
    n += POP[m.single[g]! & ~near & 0x1ff]!;
  }
  return n;
}

/** Distinct terminal and honour kinds held. */
export const yaochuuOf = (m: HandMasks): number =>
  POP[m.present[3]!]! + POP[m.present[0]! & 0x101]! + POP[m.present[1]! & 0x101]! + POP[m.present[2]! & 0x101]!;

/** As quick.ts: at least `min` isolated tiles and not kokushi-like. */
export const farByMasks = (m: HandMasks, min: number): boolean => isolatedOf(m) >= min && yaochuuOf(m) < 12;

/** Some kind is held four times. */
export const hasFour = (m: HandMasks): boolean => (m.four[0]! | m.four[1]! | m.four[2]! | m.four[3]!) !== 0;
