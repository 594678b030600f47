/**
 * What a human_ai game shows its human (and anyone without the admin token) while it runs: only
 * what a real table shows (README, Fair play). The engine offers a seat a choice only when it has
 * one, so a seat's skip (53) says it could have called or won, and its riichi cancel (52) says
 * its hand was tenpai; the seat whose decision the table waits for says the same. Such steps
 * are never announced, and a move is shown with the table as it stands before the next public
 * step: a table waiting on another seat's answer is shown only right before that seat's call or
 * win (which tells the same), never before a choice it declines.
 */
import { A } from '../../engine/table/actions';
import type { StateView } from '../../engine/game';
import type { GameEvent } from './model';

/** A step that reveals a choice its seat had: skip and riichi cancel. */
export const isPrivateAction = (action: number): boolean => action === A.SKIP || action === A.RIICHI_CANCEL;

/**
 * Whether the table as it stands just before `action` may be shown: not before a private step
 * (it would show whose choice it is), nor before a riichi confirmation (the table is then between
 * the discard and its riichi, a state that exists only when riichi was possible).
 */
export const showsTableBefore = (action: number): boolean => !isPrivateAction(action) && action !== A.RIICHI;

type MoveEvent = Extract<GameEvent, { type: 'player_action' | 'ai_action' }>;

/** Moves waiting to be shown, each with its step number; they get the table of the moment they are released. */
export class HeldMoves {
  private held: { event: MoveEvent; seq: number }[] = [];

  get size(): number {
    return this.held.length;
  }

  hold(event: MoveEvent, seq: number): void {
    this.held.push({ event, seq });
  }

  /** Sends every held move, in order, showing `state`. */
  release(state: () => StateView, send: (event: GameEvent, seq: number) => void): void {
    if (!this.held.length) return;
    const moves = this.held;
    this.held = [];
    const shown = state();
    for (const { event, seq } of moves) send({ ...event, state: shown }, seq);
  }

  clear(): void {
    this.held = [];
  }
}
