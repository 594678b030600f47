import { isHonor, isTerminal, isYaochuu, type TileKind } from '../tiles';
import type { HandContext, ScoredSet } from './types';

export const isTriplet = (s: ScoredSet): boolean => s.type === 'pung' || s.type === 'kan';
export const triplets = (h: HandContext): ScoredSet[] => h.sets.filter(isTriplet);
export const chows = (h: HandContext): ScoredSet[] => h.sets.filter((s) => s.type === 'chow');
export function hasTriplet(h: HandContext, kind: TileKind): boolean {
  for (const s of h.sets) if (s.kind === kind && isTriplet(s)) return true;
  return false;
}
/** Sets of a type (kan, chow, …) in the hand. */
export function countSets(h: HandContext, type: ScoredSet['type']): number {
  let n = 0;
  for (const s of h.sets) if (s.type === type) n++;
  return n;
}
/** Bit k set when a chow starts at suited kind k (`triplets`: a pung or kan of suited kind k). */
export function suitedKindBits(h: HandContext, triplets: boolean): number {
  let bits = 0;
  for (const s of h.sets) if (s.kind < 27 && (triplets ? isTriplet(s) : s.type === 'chow')) bits |= 1 << s.kind;
  return bits;
}
export const pairKind = (h: HandContext): TileKind | undefined => h.sets.find((s) => s.type === 'pair')?.kind;

/** Whether every kind in the hand passes `test` (no list made: every candidate win is scored, several yaku ask this). */
export function allKinds(h: HandContext, test: (k: TileKind) => boolean): boolean {
  const counts = h.counts;
  for (let k = 0; k < 34; k++) if (counts[k]! > 0 && !test(k)) return false;
  return true;
}

/** Does the set contain a terminal or honor? */
export const setHasYaochuu = (s: ScoredSet): boolean =>
  s.type === 'chow' ? isTerminal(s.kind) || isTerminal(s.kind + 2) : isYaochuu(s.kind);
export const setHasHonor = (s: ScoredSet): boolean => s.type !== 'chow' && isHonor(s.kind);

/** How many suits (m, p, s) are present among suited tiles, and whether honors are present. */
export function suitsOf(h: HandContext): { suits: number; honors: boolean } {
  const counts = h.counts;
  let bits = 0;
  for (let k = 0; k < 27; k++) if (counts[k]! > 0) bits |= 1 << ((k / 9) | 0);
  let honors = false;
  for (let k = 27; k < 34; k++) if (counts[k]! > 0) honors = true;
  return { suits: (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1), honors };
}

/** Concealed triplets: not called, not completed by ron (ankan included). */
export function concealedTriplets(h: HandContext): number {
  let n = 0;
  for (const s of h.sets) if (isTriplet(s) && s.concealed) n++;
  return n;
}

/** Chows per starting kind (scratch for identicalChowPairs, left all zero). */
const CHOWS_AT = new Uint8Array(34);

/** Number of pairs of identical sequences (0, 1 or 2). */
export function identicalChowPairs(h: HandContext): number {
  const sets = h.sets;
  for (const s of sets) if (s.type === 'chow') CHOWS_AT[s.kind]!++;
  let n = 0;
  for (const s of sets) if (s.type === 'chow') { n += CHOWS_AT[s.kind]! >> 1; CHOWS_AT[s.kind] = 0; }
  return n;
}

/** Every set and the pair hold a terminal or honor, with at least one sequence (chanta/junchan). */
export const allSetsYaochuuWithChow = (h: HandContext): boolean =>
  h.form === 'regular' && h.sets.every(setHasYaochuu) && chows(h).length > 0;

/** Sanshoku over suitedKindBits: some n with bits n, n+9 and n+18 set. */
export const inAllSuitsBits = (bits: number): boolean => (bits & (bits >>> 9) & (bits >>> 18) & 0x1ff) !== 0;

/** Wind pungs/kans in the hand (suushii). */
export function windTriplets(h: HandContext): number {
  let n = 0;
  for (const s of h.sets) if (isTriplet(s) && s.kind >= 27 && s.kind <= 30) n++;
  return n;
}
