import type { StateView } from '../../../src/engine/game';
import { parseTiles } from '../../../src/engine/rules';
import { scenario } from '../table/_scenario';

/** River entries of `tiles` (none tsumogiri, riichi or called). */
export const river = (tiles: string) => parseTiles(tiles).map((tile) => ({ tile, tsumogiri: false, riichi: false, called: false }));

/**
 * Seat 0 holds `hand` + `draw`; seat 1 is in riichi, its river 1z 9m 2p (the 2p its riichi tile);
 * `left`: tiles left in the wall (default: as dealt).
 */
export function facingRiichi(hand: string, draw: string, dora: string, left?: number): StateView {
  const g = scenario({ hands: [hand, '1199p99s2233445z', '1199p11m4556667z', '999m888p888s1122z'], draws: draw, dora });
  const view = g.stateView(0);
  const r = river('1z9m2p');
  r[2]!.riichi = true;
  view.players[1]!.river = r;
  view.players[1]!.riichi = true;
  if (left !== undefined) view.tiles_left = left;
  return view;
}
