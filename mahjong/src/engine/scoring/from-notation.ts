/**
 * Build a WinInput from notation (tests, CLI): `hand` holds the concealed tiles; the winning tile is
 * `win` (added when the hand has 13 − 3 × melds tiles, else taken from the hand) or, without `win`,
 * the last tile written in `hand`. Throws NotationError.
 */
import { parseMelds } from '../meld-notation';
import { NotationError, parseTiles } from '../notation';
import { kindOf, isRed, type TileId } from '../tiles';
import type { WinInput } from './types';

export type NotationWin = Omit<WinInput, 'hand' | 'melds' | 'winTile' | 'doraIndicators' | 'uraIndicators'> & {
  hand: string;
  melds?: string;
  win?: string;
  dora?: string;
  ura?: string;
};

export function winInputFromNotation(n: NotationWin): WinInput {
  const used = new Set<TileId>();
  const melds = parseMelds(n.melds ?? '', used);
  const hand = parseTiles(n.hand, used);
  let winTile: TileId | undefined;
  if (n.win === undefined) {
    winTile = hand[hand.length - 1];
    if (winTile === undefined) throw new NotationError('the hand is empty');
  } else if (hand.length + 3 * melds.length === 13) {
    const [w] = parseTiles(n.win, used);
    if (w === undefined) throw new NotationError('--win needs one tile');
    hand.push(w);
    winTile = w;
  } else {
    const [w] = parseTiles(n.win, new Set());
    if (w === undefined) throw new NotationError('--win needs one tile');
    winTile = hand.find((t) => kindOf(t) === kindOf(w) && isRed(t) === isRed(w)) ?? hand.find((t) => kindOf(t) === kindOf(w));
    if (winTile === undefined) throw new NotationError(`the winning tile ${n.win} is not in the hand`);
  }
  const { hand: _h, melds: _m, win: _w, dora, ura, ...flags } = n;
  return {
    ...flags,
    hand,
    melds,
    winTile,
    doraIndicators: parseTiles(dora ?? '', new Set()),
    uraIndicators: parseTiles(ura ?? '', new Set()),
  };
}
