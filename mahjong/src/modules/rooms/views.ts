/**
 * What each viewer of a room game is shown (README, "Rooms"): a seat sees its own hand and its own
 * decisions only; a spectator (viewer -1) no concealed hand. A seat's choices that the table would
 * not show (a skip, the riichi cancel, a discard that waits for its riichi confirmation) go to that
 * seat alone, and while a seat decides on a call the others see nobody to act.
 */
import { A, discardIndex, kindOfDiscard } from '../../engine/table/actions';
import type { StateView } from '../../engine/game';
import type { EngineGame } from '../game/port';

export const SPECTATOR = -1;

/**
 * The phase others are shown while a seat answers a discard or a kan. The engine's phases 4–15
 * name the seat asked (`4 + seat`, "P2_RESPONSE", …), so a view that kept them would tell every
 * other seat who could call or win; this one names no seat (and is neither a seat's turn, < 4,
 * nor the end of the hand, 16). Which discard or kan is being answered stays in `target`.
 */
export const ANSWERING_PHASE = 17;
export const ANSWERING_PHASE_NAME = 'ANSWERING';

/** The state `viewer` sees now. */
export function viewFor(game: EngineGame, viewer: number): StateView {
  const v = game.view(viewer);
  // Phases 4–15 ask the other seats about a discard or kan: who is asked is not shown.
  if (v.turn >= 0 && v.turn !== viewer && v.phase >= 4 && v.phase < 16) return { ...v, turn: -1, phase: ANSWERING_PHASE, phase_name: ANSWERING_PHASE_NAME };
  return v;
}

/**
 * The action others are told `seat` played, or null when the step stays private: a skip, a discard
 * now waiting for its riichi confirmation; a riichi cancel is shown as the discard it makes.
 */
export function publicAction(action: number, riichiTileBefore: number | null, stage2After: boolean): number | null {
  if (action === A.SKIP) return null;
  if (action === A.RIICHI_CANCEL) return riichiTileBefore;
  if (action <= 36 && stage2After) return null;
  return action;
}

/** The move the server makes for a seat whose player is away or out of time: the drawn tile, or a pass. */
export function fallbackAction(v: StateView, seat: number): number | null {
  const valid = v.valid_actions;
  if (!valid.length) return null;
  if (valid.includes(A.SKIP)) return A.SKIP;
  if (v.riichi_stage2) return valid.includes(A.RIICHI_CANCEL) ? A.RIICHI_CANCEL : valid[0]!;
  const me = v.players[seat];
  if (me && me.drawn !== null) {
    const cut = discardIndex(me.drawn);
    if (valid.includes(cut)) return cut;
  }
  // After a call: the rightmost tile of the sorted hand (honours last; a red five sorts with its fives).
  const discards = valid.filter((a) => a <= 36).sort((x, y) => kindOfDiscard(x) - kindOfDiscard(y) || x - y);
  return discards.length ? discards[discards.length - 1]! : valid[0]!;
}
