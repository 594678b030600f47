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
