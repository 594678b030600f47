/**
 * Cheap necessary conditions for tenpai, to skip shanten searches on far hands. In a tenpai
 * hand every tile but at most one (a tanki or the chiitoitsu single) has a copy or a neighbour
 * within two in its suit; kokushi is the exception and needs 12 distinct terminals/honours.
 * The table evaluates them on the masks it keeps with each hand (hand-masks.ts); these
 * count-array forms build the same masks, so tests check exactly what the table runs.
 */
import { emptyMasks, farByMasks, isolatedOf, touchMasks, type HandMasks } from './hand-masks';

/** Masks of a 34-count array (no red-five information). */
export function masksOf(c: ArrayLike<number>): HandMasks {
  const m = emptyMasks();
  for (let k = 0; k < 34; k++) if (c[k]! > 0) touchMasks(m, k * 4 + 1, c[k]!, true);
  return m;
}

export const isolatedTiles = (c: ArrayLike<number>): number => isolatedOf(masksOf(c));

/** A 3n+1 hand that cannot be tenpai. */
export const surelyNotTenpai = (c: ArrayLike<number>): boolean => farByMasks(masksOf(c), 2);

/** A 3n+2 hand from which no discard reaches tenpai. */
export const noTenpaiDiscard = (c: ArrayLike<number>): boolean => farByMasks(masksOf(c), 3);
