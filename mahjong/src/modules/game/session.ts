import type { ConsolaInstance } from 'consola';
import { IllegalAction, NotYourTurn } from '../../server/errors';
import { EventHub, HEARTBEAT_MS } from '../events/hub';
import { playAiTurn } from './ai-turn';
import { autoAction, NO_AUTO, type AutoSettings } from './auto-play';
import { Pacer } from './pacer';
import { FourAiRunner } from './runner';
import { HeldMoves, isPrivateAction, showsTableBefore } from './table-talk';
import type { StateView } from '../../engine/game';
import type { Paipu } from '../../engine/paipu';
import type { GameEvent, SeatInfo } from './model';
import type { AiPlayer, EngineGame } from './port';
import type { EventBus, GameMode, SessionRecord, SessionStore, Step } from '../backend/types';
import { LocalEventBus, MemorySessionStore } from '../backend/memory';
import type { BotReplaced } from '../../mjai/bot-seat';

export type { GameMode } from '../backend/types';
export const HUMAN_SEAT = 0;
const MAX_AI_ERRORS = 5;

export interface SessionInit {
  record: SessionRecord;
  game: EngineGame;
  /** One per seat; null for the human's seat. */
  ais: (AiPlayer | null)[];
  log: ConsolaInstance;
  /** Where the step log lives and how the lock is taken (default: a store of its own, in memory). */
  store?: SessionStore;
  /** Other servers' subscribers (default: none). */
  bus?: EventBus;
  /** This server made the game's last step (called once, to store the finished game). */
  onGameOver?: (session: GameSession) => void;
  /** The replica no longer matches the step log (a write failed): drop it, rebuild on next use. */
  onBroken?: (session: GameSession, err: unknown) => void;
}

/**
 * One game as this server holds it: the engine, its AI players, this server's subscribers, and
 * one step at a time. The game itself is the session record plus its step log in the store; the
 * engine here is a replica that replays the steps it has not seen before every locked operation
 * (with one server it is always current, and replays nothing).
 */
/** What a human_ai player is told of a bot given up (the details are in the server log). */
const BOT_FAILURE: Record<BotReplaced['reason'], string> = {
  illegal: 'answered with a move that is not legal now', timeout: 'gave no answer in time', crash: 'stopped (its process exited or its connection closed)',
};

export class GameSession {
  readonly record: SessionRecord;
  readonly hub = new EventHub();
  private readonly pacer: Pacer;
  private readonly game: EngineGame;
  private readonly ais: (AiPlayer | null)[];
  private readonly log: ConsolaInstance;
  private readonly store: SessionStore;
  private readonly bus: EventBus;
  private readonly runner: FourAiRunner;
  private readonly init: SessionInit;
  /** Steps of the log applied to this replica. */
  private applied = 0;
  private handsSeen = 0;
  private disposed = false;
  private aiErrors = 0;
  /** The human seat's automatic play, as the step log last set it. */
  private autoPlay: AutoSettings = { ...NO_AUTO };
  private listening: Promise<void> | null = null;
  /** Highest step another server told us about (its events), to know how far to catch up. */
  private heard = 0;
  /** human_ai: moves not shown yet (table-talk.ts). */
  private readonly held = new HeldMoves();

  constructor(init: SessionInit) {
    this.init = init;
    this.record = init.record;
    this.game = init.game;
    this.ais = init.ais;
    this.log = init.log;
    this.store = init.store ?? new MemorySessionStore();
    this.bus = init.bus ?? new LocalEventBus();
    this.pacer = new Pacer(init.record.delayMs);
    this.runner = new FourAiRunner({
      hub: this.hub,
      pacer: this.pacer,
      finished: () => this.disposed || this.game.isOver(),
      step: () => this.exclusive(async () => {
        if (await this.dealIfBetweenHands()) return true;
        const seat = this.game.toAct();
        return seat >= 0 && !this.game.isOver() ? await this.aiStep(seat) : false;
      }),
      pauseFactor: () => (this.game.toAct() < 0 ? 3 : 1),
      gaveUp: () => this.aiErrors >= MAX_AI_ERRORS,
      crashed: (err) => {
        this.log.error(`session ${this.id}: the game stopped`, err);
        this.emit({ type: 'error', message: 'the game stopped on an internal error' }, this.applied + 1);
      },
      // A store that does not answer (Redis restarting) is a lease not held: retried in a second.
      lease: () => this.store.lease(this.id).catch(() => false),
      release: () => this.store.release(this.id).catch(() => undefined),
    });
    this.hub.onChange(() => void this.store.subscribers(this.id, this.hub.size).catch(() => undefined));
  }

  get id(): string { return this.record.id; }
  get mode(): GameMode { return this.record.mode; }
  get aiModel(): string | null { return this.record.aiModel; }
  get seed(): number | null { return this.record.seed; }
  get maxRound(): number { return this.record.maxRound; }
  get createdAt(): string { return this.record.createdAt; }
  /** The seat token (human_ai) or owner token (4ai): see access.ts. */
  get tokenHash(): string { return this.record.tokenHash; }
  /** Steps applied here: the step log's length once caught up. */
  get steps(): number { return this.applied; }

  /**
   * Runs `fn` holding the session's lock, after replaying the steps other servers added: actions
   * on one session never interleave, on this server or any other.
   */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.store.lock(this.id, async () => {
      await this.catchUp();
      return fn();
    });
  }

  /** Replays the steps of the log this replica has not applied yet. */
  async catchUp(): Promise<void> {
    const from = this.applied;
    const steps = await this.store.steps(this.id, from);
    steps.forEach((step, i) => {
      // Another catch-up may have applied some of them while this one waited for the store.
      if (from + i === this.applied) this.apply(step);
    });
  }

  private apply(step: Step): void {
    if (step.kind === 'deal') {
      if (!this.game.nextHand()) throw new Error(`invariant: session ${this.id} step ${this.applied}: no next hand to deal`);
    } else if (step.kind === 'auto') {
      this.autoPlay = { ...step.auto };
    } else {
      // A replayed AI decision advances that AI as if it had decided (a seeded random AI stays in step).
      if (step.by === 'ai') this.ais[step.player]?.replayed?.(this.game, step.player);
      const res = this.game.step(step.player, step.action, step.tile);
      if (!res.ok) throw new Error(`invariant: session ${this.id} step ${this.applied}: P${step.player} action ${step.action} refused (${res.code})`);
    }
    this.applied++;
    this.handsSeen = this.game.handsFinished();
  }

  /** A step this server just played: counted at once (so no catch-up applies it again), then logged and announced. */
  private async commit(step: Step, events: GameEvent[]): Promise<void> {
    const at = this.applied++;
    try {
      await this.store.append(this.id, at, [step]);
    } catch (err) {
      this.init.onBroken?.(this, err);
      throw err;
    }
    for (const ev of events) {
      if (this.mode === 'human_ai' && (ev.type === 'player_action' || ev.type === 'ai_action')) this.held.hold(ev, at + 1);
      else {
        // The end of a hand (or of the game, or a deal) shows the table to everyone: the moves before it first.
        this.releaseMoves();
        this.emit(ev, at + 1);
      }
    }
    if (events.some((e) => e.type === 'kyoku_end' || e.type === 'game_over')) {
      await this.store.progress(this.id, this.handsSeen, this.game.isOver()).catch(() => undefined);
    }
    if (this.game.isOver() && events.some((e) => e.type === 'game_over')) {
      // The players are done with the table: external bots get end_game and are stopped now, not when the session expires.
      for (const ai of this.ais) ai?.dispose?.(this.game);
      this.init.onGameOver?.(this);
    }
  }

  /** human_ai: shows the held moves with the table as it stands now. */
  private releaseMoves(): void {
    this.held.release(() => this.state(), (ev, seq) => this.emit(ev, seq));
  }

  /** To this server's subscribers now, and to the other servers' through the bus. */
  private emit(event: GameEvent, seq: number): void {
    this.hub.broadcast(event);
    this.bus.publish(this.id, seq, event).catch((err) => this.log.warn(`session ${this.id}: event not sent to the other servers: ${String(err)}`));
  }

  /** README (Endpoints): `for_player` defaults to 0 in human_ai; in 4ai every hand is visible; -1 shows no concealed hand. */
  state(forPlayer?: number | null): StateView {
    const viewer = forPlayer === undefined ? (this.mode === 'human_ai' ? HUMAN_SEAT : null) : forPlayer;
    return this.game.view(viewer);
  }

  /** Each seat's player: the pages name the seats from it. */
  get seats(): SeatInfo[] {
    return this.ais.map((ai) => (ai ? { kind: 'ai' as const, ai: ai.name } : { kind: 'human' as const, ai: null }));
  }

  /** The human seat's automatic play (auto-play.ts). */
  get auto(): AutoSettings {
    return { ...this.autoPlay };
  }

  /**
   * Changes the automatic play (a step of the log, so every server plays it the same); a decision
   * it now covers is taken at once, then the AIs play on.
   */
  setAuto(change: Partial<AutoSettings>): Promise<{ auto: AutoSettings; state: StateView }> {
    return this.exclusive(async () => {
      if (this.mode !== 'human_ai') throw new NotYourTurn(HUMAN_SEAT, [], 'in a 4ai game the server plays every seat');
      const next = { ...this.autoPlay, ...change };
      if (next.win !== this.autoPlay.win || next.no_calls !== this.autoPlay.no_calls || next.pass !== this.autoPlay.pass) {
        this.autoPlay = next;
        await this.commit({ kind: 'auto', auto: { ...next }, time: new Date().toISOString() }, [{ type: 'auto', auto: { ...next } }]);
      }
      await this.runAisUntilHuman();
      return { auto: this.auto, state: this.state() };
    });
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

  /** Watched here, or a 4ai game being played here; a game parked for want of subscribers may expire. */
  isBusy(): boolean {
    return this.hub.size > 0 || this.runner.busy;
  }

  /**
   * A new subscriber's stream: listens to the other servers first, catches up, and starts with the
   * table (and `game_over` at once if the game has ended); later events of steps it already shows
   * are skipped.
   */
  async subscribe(heartbeatMs = HEARTBEAT_MS): Promise<ReadableStream<Uint8Array>> {
    this.listening ??= this.bus.listen(this.id, (seq, event) => {
      this.heard = Math.max(this.heard, seq);
      this.hub.broadcast(event, seq);
    });
    await this.listening;
    do await this.catchUp(); while (this.heard > this.applied);
    return this.hub.subscribe(this.greeting(), heartbeatMs, this.applied);
  }

  /** What a new subscriber gets first: the table, and `game_over` at once if the game has ended. */
  greeting(): GameEvent[] {
    const state = this.state();
    const snapshot: GameEvent = { type: 'snapshot', state, seats: this.seats, ...(this.mode === 'human_ai' ? { auto: this.auto } : {}) };
    return this.game.isOver() ? [snapshot, { type: 'game_over', state }] : [snapshot];
  }

  paipu(): Paipu {
    return this.game.toPaipu();
  }

  mjlog(): string {
    return this.game.toMjlog();
  }

  /**
   * Every action so far (NDJSON lines `{seq, time, player, action, by}`; deals are not listed):
   * all of them, only the public ones (without skips and riichi cancels, table-talk.ts), or the
   * public ones plus one seat's own; numbered without gaps.
   */
  async actionLog(visible: 'all' | 'public' | number = 'all'): Promise<string> {
    const steps = await this.store.steps(this.id, 0);
    const shown = (player: number, action: number) => visible === 'all' || player === visible || !isPrivateAction(action);
    return steps.filter((s): s is Extract<typeof s, { kind: 'action' }> => s.kind === 'action' && shown(s.player, s.action))
      .map((s, seq) => `${JSON.stringify({ seq, time: s.time, player: s.player, action: s.action, by: s.by })}\n`).join('');
  }

  /** The human's move (human_ai only, seat 0); then the AIs play until the human must decide. */
  act(player: number, action: number): Promise<StateView> {
    return this.exclusive(async () => {
      if (this.mode !== 'human_ai') throw new NotYourTurn(player, [], 'in a 4ai game the server plays every seat');
      if (player !== HUMAN_SEAT) throw new NotYourTurn(player, [], `only player ${HUMAN_SEAT} acts in a human_ai game; the AIs play seats 1–3`);
      if (this.game.toAct() !== player) throw new NotYourTurn(player, this.game.validActions(player));
      if (showsTableBefore(action)) this.releaseMoves();
      const res = this.game.step(player, action);
      if (!res.ok) {
        const valid = this.game.validActions(player);
        throw res.code === 'NOT_YOUR_TURN' ? new NotYourTurn(player, valid) : new IllegalAction(action, valid);
      }
      await this.commit(step(player, action, 'human'), [{ type: 'player_action', player, action, state: this.state() }, ...this.afterStep()]);
      await this.runAisUntilHuman();
      return this.state();
    });
  }

  /**
   * human_ai: AIs act (instantly) until seat 0 must decide or the game ends; seat 0's forced
   * riichi discards and the moves its automatic play covers are taken here too.
   */
  async runAisUntilHuman(): Promise<void> {
    try {
      while (!this.disposed && !this.game.isOver()) {
        if (await this.dealIfBetweenHands()) continue;
        const seat = this.game.toAct();
        if (seat < 0) return;
        if (!this.ais[seat]) {
          if (!(await this.autoStep(seat))) return;
        } else if (!(await this.aiStep(seat))) return;
      }
    } finally {
      // The human decides now (or the game is over): the table shows only seat 0's decision.
      if (!this.disposed) this.releaseMoves();
    }
  }

  /** A move of the human seat taken by the server (auto-play.ts); false when its player must choose. */
  private async autoStep(seat: number): Promise<boolean> {
    const action = autoAction(this.game.view(seat), seat, this.autoPlay);
    if (action === null) return false;
    if (showsTableBefore(action)) this.releaseMoves();
    if (!this.game.step(seat, action).ok) return false;
    await this.commit(step(seat, action, 'auto'), [{ type: 'player_action', player: seat, action, auto: true, state: this.state() }, ...this.afterStep()]);
    return true;
  }

  /**
   * A replica just rebuilt (another server's game, or this server's after a restart): the game
   * goes on where its log stops. human_ai: AIs whose turn it was when the last server stopped
   * play now; 4ai: paced again while watched.
   */
  async resume(): Promise<void> {
    if (this.mode === 'human_ai') await this.exclusive(() => this.runAisUntilHuman());
    else this.startRunner();
  }

  /** 4ai: plays at `delayMs` per action while someone watches here (runner.ts). */
  startRunner(): void {
    if (this.mode === '4ai' && !this.game.isOver()) this.runner.start();
  }

  /** Another server gave up pacing this game: try to take over now rather than at the next retry. */
  nudge(): void {
    this.runner.nudge();
  }

  /** One AI decision; failures become `error` events, a bot given up `bot_replaced` (see playAiTurn). */
  private async aiStep(seat: number): Promise<boolean> {
    const ai = this.ais[seat];
    if (!ai) return false;
    // human_ai: held moves are shown with the table before this one, if this one turns out public.
    const before = this.mode === 'human_ai' && this.held.size ? this.state() : null;
    // human_ai: what went wrong stays in the server log while the game runs; the player's stream is
    // told that it happened, never the move or the bot's answer (a pon's tiles, a discard: its hand).
    const secretive = this.mode === 'human_ai';
    const move = await playAiTurn(this.game, ai, seat, (message, err) => {
      this.aiErrors++;
      if (err !== undefined) this.log.warn(`session ${this.id}: AI ${ai.name} for P${seat} failed: ${String(err)}`);
      else if (secretive) this.log.warn(`session ${this.id}: ${message}`);
      this.emit({ type: 'error', message: secretive ? `the AI for P${seat} could not play its move; a legal move was played instead` : message }, this.applied + 1);
    }, (e) => {
      if (secretive) this.log.warn(`session ${this.id}: P${seat} ${e.bot} replaced by ${e.by} (${e.reason}): ${e.message}`);
      this.emit(secretive ? { ...e, message: `${e.bot} ${BOT_FAILURE[e.reason]}; ${e.by} plays the seat from now on` } : e, this.applied + 1);
    });
    if (move === null) return false;
    const action = move.action;
    if (before && showsTableBefore(action)) this.held.release(() => before, (ev, seq) => this.emit(ev, seq));
    // human_ai: an AI's skip or riichi cancel is not announced (table-talk.ts); its consequences are.
    const announced = this.mode !== 'human_ai' || !isPrivateAction(action);
    await this.commit(step(seat, action, 'ai', move.tile), [...(announced ? [{ type: 'ai_action' as const, player: seat, action, state: this.state() }] : []), ...this.afterStep()]);
    return true;
  }

  /** A finished hand stays on the table (phase 16) until the next AI turn deals the next one. */
  private async dealIfBetweenHands(): Promise<boolean> {
    if (this.game.isOver() || this.game.toAct() >= 0 || !this.game.nextHand()) return false;
    await this.commit({ kind: 'deal', time: new Date().toISOString() }, [{ type: 'kyoku_start', state: this.state() }]);
    return true;
  }

  /** The events a step leads to: the end of a hand, the end of the game. */
  private afterStep(): GameEvent[] {
    const out: GameEvent[] = [];
    const finished = this.game.handsFinished();
    if (finished > this.handsSeen) {
      this.handsSeen = finished;
      const state = this.state();
      if (state.result) out.push({ type: 'kyoku_end', result: state.result, state });
    }
    if (this.game.isOver()) out.push({ type: 'game_over', state: this.state() });
    return out;
  }

  /** This server lets go of the game (deleted, expired, or dropped from its cache): streams end here. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.held.clear();
    for (const ai of this.ais) ai?.dispose?.(this.game);
    this.pacer.interrupt();
    this.runner.nudge();
    this.hub.close();
    if (this.listening) void this.bus.unlisten(this.id).catch(() => undefined);
  }
}

const step = (player: number, action: number, by: 'ai' | 'human' | 'auto', tile?: number): Step =>
  ({ kind: 'action', player, action, ...(tile === undefined ? {} : { tile }), by, time: new Date().toISOString() });
