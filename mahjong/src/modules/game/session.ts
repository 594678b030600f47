import type { ConsolaInstance } from 'consola';
import { IllegalAction, NotYourTurn } from '../../server/errors';
import { EventHub, HEARTBEAT_MS } from '../events/hub';
import type { AutoSettings } from './auto-play';
import { Pacer } from './pacer';
import { FourAiRunner } from './runner';
import { SessionMoves } from './session-moves';
import { actionStep, HUMAN_SEAT, SessionReplica } from './session-replica';
import { isPrivateAction, showsTableBefore } from './table-talk';
import type { StateView } from '../../engine/game';
import type { Paipu } from '../../engine/paipu';
import type { GameEvent, SeatInfo } from './model';
import type { AiPlayer, EngineGame } from './port';
import type { EventBus, GameMode, SessionRecord, SessionStore } from '../backend/types';
import { LocalEventBus, MemorySessionStore } from '../backend/memory';

export type { GameMode } from '../backend/types';

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
 * engine here is a replica of it (session-replica.ts), and the server's own moves are played by
 * session-moves.ts.
 */
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
  private readonly replica: SessionReplica;
  private readonly moves: SessionMoves;
  private disposed = false;
  private listening: Promise<void> | null = null;
  /** Highest step another server told us about (its events), to know how far to catch up. */
  private heard = 0;

  constructor(init: SessionInit) {
    this.record = init.record;
    this.game = init.game;
    this.ais = init.ais;
    this.log = init.log;
    this.store = init.store ?? new MemorySessionStore();
    this.bus = init.bus ?? new LocalEventBus();
    this.pacer = new Pacer(init.record.delayMs);
    this.replica = new SessionReplica({
      record: this.record, game: this.game, ais: this.ais, log: this.log, store: this.store, bus: this.bus, hub: this.hub,
      onGameOver: () => init.onGameOver?.(this),
      onBroken: (err) => init.onBroken?.(this, err),
    });
    this.moves = new SessionMoves({ id: this.id, mode: this.mode, game: this.game, ais: this.ais, log: this.log, replica: this.replica, disposed: () => this.disposed });
    this.runner = new FourAiRunner({
      hub: this.hub,
      pacer: this.pacer,
      finished: () => this.disposed || this.game.isOver(),
      step: () => this.exclusive(() => this.moves.next()),
      pauseFactor: () => (this.game.toAct() < 0 ? 3 : 1),
      gaveUp: () => this.moves.gaveUp,
      crashed: (err) => {
        this.log.error(`session ${this.id}: the game stopped`, err);
        this.replica.emit({ type: 'error', message: 'the game stopped on an internal error' }, this.replica.steps + 1);
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
  get steps(): number { return this.replica.steps; }

  /**
   * Runs `fn` holding the session's lock, after replaying the steps other servers added: actions
   * on one session never interleave, on this server or any other.
   */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.replica.exclusive(fn);
  }

  /** Replays the steps of the log this replica has not applied yet. */
  catchUp(): Promise<void> {
    return this.replica.catchUp();
  }

  /** README (Endpoints): `for_player` defaults to 0 in human_ai; in 4ai every hand is visible; -1 shows no concealed hand. */
  state(forPlayer?: number | null): StateView {
    return this.replica.state(forPlayer);
  }

  /** Each seat's player: the pages name the seats from it. */
  get seats(): SeatInfo[] {
    return this.ais.map((ai) => (ai ? { kind: 'ai' as const, ai: ai.name } : { kind: 'human' as const, ai: null }));
  }

  /** The human seat's automatic play (auto-play.ts). */
  get auto(): AutoSettings {
    return this.replica.auto;
  }

  /**
   * Changes the automatic play (a step of the log, so every server plays it the same); a decision
   * it now covers is taken at once, then the AIs play on.
   */
  setAuto(change: Partial<AutoSettings>): Promise<{ auto: AutoSettings; state: StateView }> {
    return this.exclusive(async () => {
      if (this.mode !== 'human_ai') throw new NotYourTurn(HUMAN_SEAT, [], 'in a 4ai game the server plays every seat');
      await this.replica.changeAuto(change);
      await this.runAisUntilHuman();
      return { auto: this.auto, state: this.state() };
    });
  }

  /** 4ai: milliseconds per AI action; a change applies at once, cutting the current wait short. */
  get delayMs(): number { return this.pacer.delayMs; }
  set delayMs(ms: number) { this.pacer.delayMs = ms; }
  get isOver(): boolean { return this.game.isOver(); }
  get finished(): number { return this.replica.finished; }

  /** Watched here, or a 4ai game being played here; a game parked for want of subscribers may expire. */
  isBusy(): boolean {
    return this.hub.size > 0 || this.runner.busy;
  }

  /**
   * A new subscriber's stream: listens to the other servers first, catches up, and starts with the
   * table (and `game_over` at once if the game has ended); later events of steps it already shows
   * are skipped.
   */
  async subscribe(heartbeatMs = HEARTBEAT_MS, onEnd?: () => void): Promise<ReadableStream<Uint8Array>> {
    this.listening ??= this.bus.listen(this.id, (seq, event) => {
      this.heard = Math.max(this.heard, seq);
      this.hub.broadcast(event, seq);
    });
    await this.listening;
    do await this.catchUp(); while (this.heard > this.steps);
    // Between steps (the lock), as the state endpoint reads it: in the middle of the AIs' turns
    // (an mjai bot deciding takes real time, and so does a step written to Redis) the table would
    // show which seat is being asked about a call, even one that then passes.
    return this.exclusive(() => this.hub.subscribe(this.greeting(), heartbeatMs, this.steps, onEnd));
  }

  /** What a new subscriber gets first: the table, and `game_over` at once if the game has ended. */
  greeting(): GameEvent[] {
    const state = this.state();
    const snapshot: GameEvent = { type: 'snapshot', state, seats: this.seats, ...(this.mode === 'human_ai' ? { auto: this.auto } : {}) };
    return this.game.isOver() ? [snapshot, { type: 'game_over', state }] : [snapshot];
  }

  paipu(): Paipu { return this.game.toPaipu(); }
  mjlog(): string { return this.game.toMjlog(); }

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
      if (showsTableBefore(action)) this.replica.releaseMoves();
      const res = this.game.step(player, action);
      if (!res.ok) {
        const valid = this.game.validActions(player);
        throw res.code === 'NOT_YOUR_TURN' ? new NotYourTurn(player, valid) : new IllegalAction(action, valid);
      }
      await this.replica.commit(actionStep(player, action, 'human'), [{ type: 'player_action', player, action, state: this.state() }, ...this.replica.afterStep()]);
      await this.runAisUntilHuman();
      return this.state();
    });
  }

  /**
   * human_ai: AIs act (instantly) until seat 0 must decide or the game ends; seat 0's forced
   * riichi discards and the moves its automatic play covers are taken here too (session-moves.ts).
   */
  runAisUntilHuman(): Promise<void> {
    return this.moves.runAisUntilHuman();
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

  /** This server lets go of the game (deleted, expired, or dropped from its cache): streams end here. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.replica.held.clear();
    for (const ai of this.ais) ai?.dispose?.(this.game);
    this.pacer.interrupt();
    this.runner.nudge();
    this.hub.close();
    if (this.listening) void this.bus.unlisten(this.id).catch(() => undefined);
  }
}
