/**
 * Dora: each indicator makes the next kind dora (see doraFromIndicator); every copy in the hand,
 * melds and kans counts once per indicator. Ura dora count only with riichi. Red fives (ids 16, 52,
 * 88) are one dora each.
 */
import { doraFromIndicator, isRed, kindOf, type TileId } from '../tiles';

export function countDora(tiles: readonly TileId[], indicators: readonly TileId[]): number {
  let n = 0;
  for (const ind of indicators) {
    const dora = doraFromIndicator(kindOf(ind));
    for (const t of tiles) if (kindOf(t) === dora) n++;
  }
  return n;
}

export function countAka(tiles: readonly TileId[]): number {
  let n = 0;
  for (const t of tiles) if (isRed(t)) n++;
  return n;
}
