import type { ConsolaInstance } from 'consola';
import { IllegalAction, NotYourTurn } from '../../server/errors';
import { logText } from '../../server/log-text';
import type { StateView } from '../../engine/game';
import { HEARTBEAT_MS, type SseEvent } from '../events/hub';
import { playAiTurn } from '../game/ai-turn';
import type { AiPlayer, EngineGame } from '../game/port';
import type { GameFactories } from '../game/service';
import { type Pending, SeatClocks } from './seat-clocks';
import { RoomStreams } from './streams';
import { fallbackAction, SPECTATOR, viewFor } from './views';
import type { RoomRecord, RoomStep, RoomStore } from './types';

export interface TableDeps {
  store: RoomStore;
  factories: GameFactories;
  log: ConsolaInstance;
  now: () => number;
  /** This server played the game's last step. */
  onGameOver: (table: RoomTable) => void;
  /** The replica no longer matches the step log: drop it. */
  onBroken: (table: RoomTable, err: unknown) => void;
  /** A seat's stream count changed here. */
  onConnections: (table: RoomTable) => void;
}

/**
 * One room's game as this server holds it: the engine (a replica of the step log, as for game
 * sessions), the bots, this server's subscribers (streams.ts) and the human seats' time banks
 * (seat-clocks.ts). Every step, played here or replayed from the log, goes through `after`,
 * which has each viewer's events sent.
 */
export class RoomTable {
  record: RoomRecord;
  readonly streams: RoomStreams;
  readonly clocks: SeatClocks;
  game: EngineGame | null = null;
  private ais: (AiPlayer | null)[] = [null, null, null, null];
  private applied = 0;
  private handsSeen = 0;
  private serial: Promise<unknown> = Promise.resolve();
  private disposed = false;
  /** When this server last served a seat's request for the room (its driver runs a while after). */
  lastRequest = 0;
  /** Who is connected on any server (refreshed on notices). */
  connected: boolean[] = [false, false, false, false];

  constructor(record: RoomRecord, private readonly deps: TableDeps) {
    this.record = record;
    this.clocks = new SeatClocks(() => this.record);
    this.streams = new RoomStreams(() => this.record, deps.now, () => this.deps.onConnections(this));
  }

  get id(): string { return this.record.id; }
  get steps(): number { return this.applied; }
  get isOver(): boolean { return !!this.game?.isOver(); }

  /** Streams open here per seat. */
  connections(): number[] { return this.streams.connections(); }
  get watchers(): number { return this.streams.watchers; }

  /** Runs `fn` after every earlier catch-up or play of this replica. */
  private local<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.serial.then(fn);
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** Runs `fn` holding the room's lock (any server), on a replica caught up with the log. */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.deps.store.lock(this.id, () => this.local(async () => {
      await this.catchUpNow();
      return fn();
    }));
  }

  /** Replays the steps other servers added (a notice said the room moved on). */
  catchUp(): Promise<void> {
    return this.local(() => this.catchUpNow());
  }

  /** The record changed (a seat taken, the game started or ended). */
  async refresh(record: RoomRecord): Promise<void> {
    this.record = record;
    await this.catchUp();
  }

  private async catchUpNow(): Promise<void> {
    if (this.disposed) return;
    if (!this.game && this.record.status !== 'open' && this.record.gameSeed !== null) this.startGame();
    if (!this.game) return;
    const from = this.applied;
    const steps = await this.deps.store.steps(this.id, from);
    steps.forEach((s, i) => { if (from + i === this.applied) this.replay(s); });
  }

  /** The engine and the bots of a started room. */
  private startGame(): void {
    const r = this.record;
    this.game = this.deps.factories.newGame(r.gameSeed!, r.maxRound, r.wallSecret ?? null);
    this.ais = r.seats.map((s, seat) => (s?.kind === 'bot' ? this.deps.factories.newAi(s.ai, seat, r.gameSeed!) : null));
    this.clocks.start(r.startedAt ?? this.deps.now());
    this.streams.started(this.game, this.clocks.lastStepAt);
    this.streams.broadcastSnapshot(this.game, this.clocks.banks, () => this.pending());
  }

  private replay(step: RoomStep): void {
    const game = this.game!;
    if (step.k === 'd') {
      if (!game.nextHand()) throw new Error(`invariant: room ${this.id} step ${this.applied}: no hand to deal`);
      this.after(step, null, null);
      return;
    }
    if (step.by === 'ai') this.ais[step.p]?.replayed?.(game, step.p);
    const before = riichiTile(game, step.p);
    const res = game.step(step.p, step.a, step.tile);
    if (!res.ok) throw new Error(`invariant: room ${this.id} step ${this.applied}: P${step.p} action ${step.a} refused (${res.code})`);
    this.after(step, before, null);
  }

  /** Bookkeeping and events of a step the engine has just made (`at` = its index, for steps played here). */
  private after(step: RoomStep, riichiBefore: number | null, _at: number | null): void {
    const game = this.game!;
    this.applied++;
    this.clocks.played(step, entersRiichiStage(game, step));
    const seq = this.applied;
    // The game is over: bot processes (mjai) stop now, not when the room expires.
    if (game.isOver()) for (const ai of this.ais) ai?.dispose?.(game);
    const finished = game.handsFinished();
    const handEnded = finished > this.handsSeen;
    this.handsSeen = finished;
    this.streams.stepped(game, step, seq, riichiBefore, handEnded, this.pending());
  }

  /** The human decision the table waits for, with its clock; null when a bot, a deal or nobody is next. */
  pending(): Pending | null { return this.clocks.pending(this.game); }

  /** A step played here: logged (at the index it must have), then its events. */
  private async commit(step: RoomStep, riichiBefore: number | null): Promise<void> {
    const at = this.applied;
    try {
      await this.deps.store.append(this.id, at, [step]);
    } catch (err) {
      this.deps.onBroken(this, err);
      throw err;
    }
    this.after(step, riichiBefore, at);
    void this.deps.store.notify(this.id, 'step').catch(() => undefined);
    if (this.game!.isOver()) this.deps.onGameOver(this);
  }

  /** A human seat's move (under the lock): checked, its time charged to the bank, played. */
  act(seat: number, action: number): Promise<StateView> {
    return this.exclusive(async () => {
      const game = this.game;
      if (!game || this.record.status === 'open') throw new NotYourTurn(seat, [], 'the game has not started');
      if (game.toAct() !== seat) throw new NotYourTurn(seat, game.validActions(seat));
      const valid = game.validActions(seat);
      if (!valid.includes(action)) throw new IllegalAction(action, valid);
      const now = this.deps.now();
      const bank = this.clocks.charged(this.clocks.banks[seat]!, now);
      const before = riichiTile(game, seat);
      const res = game.step(seat, action);
      if (!res.ok) throw new IllegalAction(action, game.validActions(seat));
      await this.commit({ k: 'a', p: seat, a: action, by: 'human', t: now, bank }, before);
      return viewFor(game, seat);
    });
  }

  /**
   * One move of whatever the table waits for, if it is due (under the lock): the next deal after a
   * pause, a bot's move after `botDelayMs`, a disconnected human's after `botDelayMs` (tsumogiri or
   * pass, `by: "auto"`), a human out of time at its deadline (`by: "timeout"`). Returns the ms until
   * something is due (0 = played one now; Infinity = nothing, the game is over or not started).
   */
  tick(timing: { botDelayMs: number; handPauseMs: number }): Promise<number> {
    return this.exclusive(async () => {
      const game = this.game;
      if (!game || game.isOver() || this.disposed) return Number.POSITIVE_INFINITY;
      const now = this.deps.now();
      const seat = game.toAct();
      if (seat < 0) {
        const due = this.clocks.lastStepAt + timing.handPauseMs;
        if (now < due) return due - now;
        if (!game.nextHand()) return Number.POSITIVE_INFINITY;
        await this.commit({ k: 'd', t: now }, null);
        return 0;
      }
      const ai = this.ais[seat];
      if (ai) {
        const due = this.clocks.lastStepAt + timing.botDelayMs;
        if (now < due) return due - now;
        await this.botMove(seat, ai, now);
        return 0;
      }
      const pending = this.pending()!;
      const away = !this.connected[seat];
      const due = away ? Math.min(pending.deadline, this.clocks.lastStepAt + timing.botDelayMs) : pending.deadline;
      if (now < due) return due - now;
      const action = fallbackAction(game.view(seat), seat);
      if (action === null) return Number.POSITIVE_INFINITY;
      const before = riichiTile(game, seat);
      if (!game.step(seat, action).ok) throw new Error(`invariant: room ${this.id}: fallback action ${action} refused`);
      const bank = away ? this.clocks.charged(pending.bank, now) : 0;
      await this.commit({ k: 'a', p: seat, a: action, by: away ? 'auto' : 'timeout', t: now, bank }, before);
      return 0;
    });
  }

  private async botMove(seat: number, ai: AiPlayer, now: number): Promise<void> {
    const game = this.game!;
    const before = riichiTile(game, seat);
    const move = await playAiTurn(game, ai, seat, (message, err) => {
      this.deps.log.warn(`room ${this.id}: bot ${ai.name} for P${seat}: ${logText(message, 400)}${err === undefined ? '' : ` (${logText(String(err), 400)})`}`);
    }, (e) => { for (let v = 0; v < 4; v++) this.streams.hubs[v]!.broadcast(e); });
    if (move === null) throw new Error(`room ${this.id}: no legal move for bot P${seat}`);
    const step: RoomStep = { k: 'a', p: seat, a: move.action, ...(move.tile === undefined ? {} : { tile: move.tile }), by: 'ai', t: now };
    await this.commit(step, before);
    // A discard waiting for its riichi confirmation is settled at once, at the same time: another
    // bot's delay before the confirmation would show everyone that the bot could declare riichi.
    if (entersRiichiStage(game, step) && !game.isOver()) await this.botMove(seat, ai, now);
  }

  /** The first events of a new stream for `viewer`: the room, and the table (a spectator's as it was `delay` ago). */
  greeting(viewer: number, roomEvent: SseEvent): SseEvent[] {
    return this.streams.greeting(this.game, viewer, roomEvent, this.clocks.banks, () => this.pending());
  }

  /** A stream for `viewer` (seat or -1), opened after catching up. Spectators get the delayed steps still to come. */
  async subscribe(viewer: number, roomEvent: () => SseEvent, heartbeatMs = HEARTBEAT_MS, onEnd?: () => void): Promise<ReadableStream<Uint8Array>> {
    return this.local(() => {
      const hub = this.streams.hub(viewer);
      const stream = hub.subscribe(this.greeting(viewer, roomEvent()), heartbeatMs, viewer === SPECTATOR ? -1 : this.applied, onEnd);
      return stream;
    });
  }

  /** To every stream here: who sits where and who is connected (`you`: each stream's own seat). */
  broadcastRoom<R extends { you: number | null }>(room: R): void { this.streams.broadcastRoom(room); }

  paipuXml(): string { return this.game!.toMjlog(); }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const ai of this.ais) if (this.game) ai?.dispose?.(this.game);
    this.streams.dispose();
  }
}

/** The step was a discard that now waits for its riichi confirmation (the seat decides on). */
function entersRiichiStage(game: EngineGame, step: RoomStep): boolean {
  return step.k === 'a' && step.a <= 36 && game.toAct() === step.p && game.view(step.p).riichi_stage2;
}

/** The riichi tile a seat would throw if it confirms or cancels now (public once thrown). */
function riichiTile(game: EngineGame, seat: number): number | null {
  const v = game.view(seat);
  return v.riichi_stage2 ? v.riichi_tile : null;
}
