import { isHonor, isTerminal, isYaochuu, type TileKind } from '../tiles';
import type { HandContext, ScoredSet } from './types';

export const isTriplet = (s: ScoredSet): boolean => s.type === 'pung' || s.type === 'kan';
export const triplets = (h: HandContext): ScoredSet[] => h.sets.filter(isTriplet);
export const chows = (h: HandContext): ScoredSet[] => h.sets.filter((s) => s.type === 'chow');
export const hasTriplet = (h: HandContext, kind: TileKind): boolean => h.sets.some((s) => isTriplet(s) && s.kind === kind);
export const pairKind = (h: HandContext): TileKind | undefined => h.sets.find((s) => s.type === 'pair')?.kind;

/** Kinds present in the hand. */
export function kindsIn(h: HandContext): TileKind[] {
  const out: TileKind[] = [];
  for (let k = 0; k < 34; k++) if (h.counts[k]! > 0) out.push(k);
  return out;
}

/** Does the set contain a terminal or honor? */
export const setHasYaochuu = (s: ScoredSet): boolean =>
  s.type === 'chow' ? isTerminal(s.kind) || isTerminal(s.kind + 2) : isYaochuu(s.kind);
export const setHasHonor = (s: ScoredSet): boolean => s.type !== 'chow' && isHonor(s.kind);

/** Suits (0 m, 1 p, 2 s) present among suited tiles, and whether honors are present. */
export function suitsOf(h: HandContext): { suits: Set<number>; honors: boolean } {
  const suits = new Set<number>();
  let honors = false;
  for (const k of kindsIn(h)) {
    if (isHonor(k)) honors = true;
    else suits.add(Math.floor(k / 9));
  }
  return { suits, honors };
}

/** Concealed triplets: not called, not completed by ron (ankan included). */
export const concealedTriplets = (h: HandContext): number => h.sets.filter((s) => isTriplet(s) && s.concealed).length;

/** Number of pairs of identical sequences (0, 1 or 2). */
export function identicalChowPairs(h: HandContext): number {
  const byKind = new Map<number, number>();
  for (const c of chows(h)) byKind.set(c.kind, (byKind.get(c.kind) ?? 0) + 1);
  let n = 0;
  for (const v of byKind.values()) n += Math.floor(v / 2);
  return n;
}

/** Every set and the pair hold a terminal or honor, with at least one sequence (chanta/junchan). */
export const allSetsYaochuuWithChow = (h: HandContext): boolean =>
  h.form === 'regular' && h.sets.every(setHasYaochuu) && chows(h).length > 0;

/** True if some kind n has a set starting at n, n+9 and n+18 among `kinds` (sanshoku). */
export function inAllSuits(kinds: Set<number>): boolean {
  for (let n = 0; n < 9; n++) if (kinds.has(n) && kinds.has(n + 9) && kinds.has(n + 18)) return true;
  return false;
}

/** Wind pungs/kans in the hand (suushii). */
export function windTriplets(h: HandContext): number {
  let n = 0;
  for (const s of h.sets) if (isTriplet(s) && s.kind >= 27 && s.kind <= 30) n++;
  return n;
}
