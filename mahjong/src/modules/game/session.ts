import type { ConsolaInstance } from 'consola';
import { IllegalAction, NotYourTurn } from '../../server/errors';
import { EventHub, type SseEvent } from '../events/hub';
import { ActionLog } from './action-log';
import { playAiTurn } from './ai-turn';
import { Pacer } from './pacer';
import { FourAiRunner } from './runner';
import type { ManagedSession } from '../sessions/service';
import type { AiPlayer, EngineGame } from './port';
import { summariseHand } from './result';
import { newSessionToken } from './token';

export type GameMode = 'human_ai' | '4ai';
export const HUMAN_SEAT = 0;
const MAX_AI_ERRORS = 5;

export interface SessionInit {
  id: string;
  mode: GameMode;
  aiModel: string | null;
  seed: number | null;
  maxRound: number;
  delayMs: number;
  game: EngineGame;
  /** One per seat; null for the human's seat. */
  ais: (AiPlayer | null)[];
  log: ConsolaInstance;
}

/** One game: its engine, its AI players, its subscribers, and one action at a time. */
export class GameSession implements ManagedSession {
  readonly id: string;
  readonly mode: GameMode;
  readonly aiModel: string | null;
  readonly seed: number | null;
  readonly maxRound: number;
  readonly createdAt = new Date().toISOString();
  /** The seat token (human_ai) or owner token (4ai): see access.ts. */
  readonly token = newSessionToken();
  readonly hub = new EventHub();
  private readonly pacer: Pacer;
  private readonly game: EngineGame;
  private readonly ais: (AiPlayer | null)[];
  private readonly log: ConsolaInstance;
  private readonly actions = new ActionLog();
  private chain: Promise<unknown> = Promise.resolve();
  private handsSeen = 0;
  private readonly runner: FourAiRunner;
  private disposed = false;
  private aiErrors = 0;

  constructor(init: SessionInit) {
    this.id = init.id;
    this.mode = init.mode;
    this.aiModel = init.aiModel;
    this.seed = init.seed;
    this.maxRound = init.maxRound;
    this.pacer = new Pacer(init.delayMs);
    this.runner = new FourAiRunner({
      hub: this.hub,
      pacer: this.pacer,
      finished: () => this.disposed || this.game.isOver(),
      step: () => this.exclusive(async () => {
        if (this.dealIfBetweenHands()) return true;
        const seat = this.game.toAct();
        return seat >= 0 && !this.game.isOver() ? await this.aiStep(seat) : false;
      }),
      pauseFactor: () => (this.game.toAct() < 0 ? 3 : 1),
      gaveUp: () => this.aiErrors >= MAX_AI_ERRORS,
      crashed: (err) => {
        this.log.error(`session ${this.id}: the game stopped`, err);
        this.hub.broadcast({ type: 'error', message: 'the game stopped on an internal error' });
      },
    });
    this.game = init.game;
    this.ais = init.ais;
    this.log = init.log;
  }

  /** Runs `fn` after every earlier call has finished: actions on one session never interleave. */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.chain.then(fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** README (Endpoints): `for_player` defaults to 0 in human_ai; in 4ai every hand is visible; -1 shows no concealed hand. */
  state(forPlayer?: number | null): Record<string, unknown> {
    const viewer = forPlayer === undefined ? (this.mode === 'human_ai' ? HUMAN_SEAT : null) : forPlayer;
    return this.game.view(viewer);
  }

  /** 4ai: milliseconds per AI action; a change applies at once, cutting the current wait short. */
  get delayMs(): number {
    return this.pacer.delayMs;
  }

  set delayMs(ms: number) {
    this.pacer.delayMs = ms;
  }

  get isOver(): boolean {
    return this.game.isOver();
  }

  get finished(): number {
    return this.handsSeen;
  }

  /** Watched, or a 4ai game in play; a game parked for want of subscribers may expire. */
  isBusy(): boolean {
    return this.hub.size > 0 || this.runner.busy;
  }

  /** What a new subscriber gets first: the table, and `game_over` at once if the game has ended. */
  greeting(): SseEvent[] {
    const state = this.state();
    return this.game.isOver() ? [{ type: 'snapshot', state }, { type: 'game_over', state }] : [{ type: 'snapshot', state }];
  }

  paipu(): unknown {
    return this.game.toPaipu();
  }

  mjlog(): string {
    return this.game.toMjlog();
  }

  actionLog(): string {
    return this.actions.text();
  }

  /** The human's move (human_ai only, seat 0); then the AIs play until the human must decide. */
  act(player: number, action: number): Promise<Record<string, unknown>> {
    return this.exclusive(async () => {
      if (this.mode !== 'human_ai') throw new NotYourTurn(player, [], 'in a 4ai game the server plays every seat');
      if (player !== HUMAN_SEAT) throw new NotYourTurn(player, [], `only player ${HUMAN_SEAT} acts in a human_ai game; the AIs play seats 1–3`);
      if (this.game.toAct() !== player) throw new NotYourTurn(player, this.game.validActions(player));
      const res = this.game.step(player, action);
      if (!res.ok) {
        const valid = this.game.validActions(player);
        throw res.code === 'NOT_YOUR_TURN' ? new NotYourTurn(player, valid) : new IllegalAction(action, valid);
      }
      this.actions.add(player, action, 'human');
      this.hub.broadcast({ type: 'player_action', player, action, state: this.state() });
      this.afterStep();
      await this.runAisUntilHuman();
      return this.state();
    });
  }

  /** human_ai: AIs act (instantly) until seat 0 must decide or the game ends. */
  async runAisUntilHuman(): Promise<void> {
    while (!this.disposed && !this.game.isOver()) {
      if (this.dealIfBetweenHands()) continue;
      const seat = this.game.toAct();
      if (seat < 0 || !this.ais[seat]) return;
      if (!(await this.aiStep(seat))) return;
    }
  }

  /** 4ai: plays at `delayMs` per action while someone watches (runner.ts). */
  startRunner(): void {
    if (this.mode === '4ai') this.runner.start();
  }

  /** One AI decision; failures become `error` events (see playAiTurn). */
  private async aiStep(seat: number): Promise<boolean> {
    const ai = this.ais[seat];
    if (!ai) return false;
    const action = await playAiTurn(this.game, ai, seat, (message, err) => {
      this.aiErrors++;
      if (err !== undefined) this.log.warn(`session ${this.id}: AI ${ai.name} for P${seat} failed: ${String(err)}`);
      this.hub.broadcast({ type: 'error', message });
    });
    if (action === null) return false;
    this.actions.add(seat, action, 'ai');
    this.hub.broadcast({ type: 'ai_action', player: seat, action, state: this.state() });
    this.afterStep();
    return true;
  }

  /** A finished hand stays on the table (phase 16) until the next AI turn deals the next one. */
  private dealIfBetweenHands(): boolean {
    if (this.game.isOver() || this.game.toAct() >= 0 || !this.game.nextHand()) return false;
    this.hub.broadcast({ type: 'kyoku_start', state: this.state() });
    return true;
  }

  private afterStep(): void {
    const finished = this.game.handsFinished();
    if (finished > this.handsSeen) {
      this.handsSeen = finished;
      this.hub.broadcast({ type: 'kyoku_end', result: summariseHand(this.game.lastHandResult()), state: this.state() });
    }
    if (this.game.isOver()) this.hub.broadcast({ type: 'game_over', state: this.state() });
  }

  dispose(): void {
    this.disposed = true;
    for (const ai of this.ais) ai?.dispose?.(this.game);
    this.pacer.interrupt();
    this.hub.close();
  }
}

