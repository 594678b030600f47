import type { ConsolaInstance } from 'consola';
import { playAiTurn } from './ai-turn';
import { autoAction } from './auto-play';
import { isPrivateAction, showsTableBefore } from './table-talk';
import { actionStep, type SessionReplica } from './session-replica';
import type { AiPlayer, EngineGame } from './port';
import type { GameMode } from '../backend/types';
import type { BotReplaced } from '../../mjai/bot-seat';
import { logText } from '../../server/log-text';

const MAX_AI_ERRORS = 5;

/** What a human_ai player is told of a bot given up (the details are in the server log). */
const BOT_FAILURE: Record<BotReplaced['reason'], string> = {
  illegal: 'answered with a move that is not legal now', timeout: 'gave no answer in time', crash: 'stopped (its process exited or its connection closed)',
};

export interface MovesInit {
  id: string;
  mode: GameMode;
  game: EngineGame;
  /** One per seat; null for the human's seat. */
  ais: (AiPlayer | null)[];
  log: ConsolaInstance;
  replica: SessionReplica;
  /** This server let go of the session: no more moves. */
  disposed: () => boolean;
}

/**
 * The moves the server plays in a session, each under the caller's lock: the AIs' decisions, the
 * human seat's forced riichi discards and automatic play, and the next deal after a hand.
 */
export class SessionMoves {
  private aiErrors = 0;

  constructor(private readonly s: MovesInit) {}

  /** The AIs failed too often to go on. */
  get gaveUp(): boolean {
    return this.aiErrors >= MAX_AI_ERRORS;
  }

  /** 4ai: the next deal or one AI action; false if none was played. */
  async next(): Promise<boolean> {
    const game = this.s.game;
    if (await this.dealIfBetweenHands()) return true;
    const seat = game.toAct();
    return seat >= 0 && !game.isOver() ? await this.aiStep(seat) : false;
  }

  /**
   * human_ai: AIs act (instantly) until seat 0 must decide or the game ends; seat 0's forced
   * riichi discards and the moves its automatic play covers are taken here too.
   */
  async runAisUntilHuman(): Promise<void> {
    const { game, ais, replica } = this.s;
    try {
      while (!this.s.disposed() && !game.isOver()) {
        if (await this.dealIfBetweenHands()) continue;
        const seat = game.toAct();
        if (seat < 0) return;
        if (!ais[seat]) {
          if (!(await this.autoStep(seat))) return;
        } else if (!(await this.aiStep(seat))) return;
      }
    } finally {
      // The human decides now (or the game is over): the table shows only seat 0's decision.
      if (!this.s.disposed()) replica.releaseMoves();
    }
  }

  /** A move of the human seat taken by the server (auto-play.ts); false when its player must choose. */
  private async autoStep(seat: number): Promise<boolean> {
    const { game, replica } = this.s;
    const action = autoAction(game.view(seat), seat, replica.auto);
    if (action === null) return false;
    if (showsTableBefore(action)) replica.releaseMoves();
    if (!game.step(seat, action).ok) return false;
    await replica.commit(actionStep(seat, action, 'auto'), [{ type: 'player_action', player: seat, action, auto: true, state: replica.state() }, ...replica.afterStep()]);
    return true;
  }

  /** One AI decision; failures become `error` events, a bot given up `bot_replaced` (see playAiTurn). */
  private async aiStep(seat: number): Promise<boolean> {
    const { id, mode, game, log, replica } = this.s;
    const ai = this.s.ais[seat];
    if (!ai) return false;
    // human_ai: held moves are shown with the table before this one, if this one turns out public.
    const before = mode === 'human_ai' && replica.held.size ? replica.state() : null;
    // human_ai: what went wrong stays in the server log while the game runs; the player's stream is
    // told that it happened, never the move or the bot's answer (a pon's tiles, a discard: its hand).
    const secretive = mode === 'human_ai';
    const move = await playAiTurn(game, ai, seat, (message, err) => {
      this.aiErrors++;
      if (err !== undefined) log.warn(`session ${id}: AI ${ai.name} for P${seat} failed: ${logText(String(err), 400)}`);
      else if (secretive) log.warn(`session ${id}: ${logText(message, 400)}`);
      replica.emit({ type: 'error', message: secretive ? `the AI for P${seat} could not play its move; a legal move was played instead` : message }, replica.steps + 1);
    }, (e) => {
      if (secretive) log.warn(`session ${id}: P${seat} ${e.bot} replaced by ${e.by} (${e.reason}): ${logText(e.message, 400)}`);
      replica.emit(secretive ? { ...e, message: `${e.bot} ${BOT_FAILURE[e.reason]}; ${e.by} plays the seat from now on` } : e, replica.steps + 1);
    });
    if (move === null) return false;
    const action = move.action;
    if (before && showsTableBefore(action)) replica.held.release(() => before, (ev, seq) => replica.emit(ev, seq));
    // human_ai: an AI's skip or riichi cancel is not announced (table-talk.ts); its consequences are.
    const announced = mode !== 'human_ai' || !isPrivateAction(action);
    await replica.commit(actionStep(seat, action, 'ai', move.tile), [...(announced ? [{ type: 'ai_action' as const, player: seat, action, state: replica.state() }] : []), ...replica.afterStep()]);
    return true;
  }

  /** A finished hand stays on the table (phase 16) until the next AI turn deals the next one. */
  private async dealIfBetweenHands(): Promise<boolean> {
    const { game, replica } = this.s;
    if (game.isOver() || game.toAct() >= 0 || !game.nextHand()) return false;
    await replica.commit({ kind: 'deal', time: new Date().toISOString() }, [{ type: 'kyoku_start', state: replica.state() }]);
    return true;
  }
}
