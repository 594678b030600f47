import type { ConsolaInstance } from 'consola';
import type { EventHub } from '../events/hub';
import { NO_AUTO, type AutoSettings } from './auto-play';
import { HeldMoves } from './table-talk';
import type { StateView } from '../../engine/game';
import type { GameEvent } from './model';
import type { AiPlayer, EngineGame } from './port';
import type { EventBus, SessionRecord, SessionStore, Step } from '../backend/types';

/** The seat the human plays in a human_ai game; the AIs play seats 1–3. */
export const HUMAN_SEAT = 0;

export interface ReplicaInit {
  record: SessionRecord;
  game: EngineGame;
  ais: (AiPlayer | null)[];
  log: ConsolaInstance;
  store: SessionStore;
  bus: EventBus;
  /** This server's subscribers. */
  hub: EventHub;
  /** This server made the game's last step. */
  onGameOver: () => void;
  /** The replica no longer matches the step log (a write failed). */
  onBroken: (err: unknown) => void;
}

/**
 * A session's engine as this server holds it: a replica of the step log in the store, which
 * replays the steps it has not seen before every locked operation (with one server it is always
 * current, and replays nothing), and which logs and announces each step this server plays.
 */
export class SessionReplica {
  /** human_ai: moves not shown yet (table-talk.ts). */
  readonly held = new HeldMoves();
  /** Steps of the log applied to this replica. */
  private applied = 0;
  private handsSeen = 0;
  /** The human seat's automatic play, as the step log last set it. */
  private autoPlay: AutoSettings = { ...NO_AUTO };

  constructor(private readonly init: ReplicaInit) {}

  private get id(): string { return this.init.record.id; }
  private get game(): EngineGame { return this.init.game; }

  /** Steps applied here: the step log's length once caught up. */
  get steps(): number { return this.applied; }
  /** Hands finished, as far as this replica has seen. */
  get finished(): number { return this.handsSeen; }
  /** The human seat's automatic play (auto-play.ts). */
  get auto(): AutoSettings { return { ...this.autoPlay }; }

  /**
   * Runs `fn` holding the session's lock, after replaying the steps other servers added: actions
   * on one session never interleave, on this server or any other.
   */
  exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.init.store.lock(this.id, async () => {
      await this.catchUp();
      return fn();
    });
  }

  /** Replays the steps of the log this replica has not applied yet. */
  async catchUp(): Promise<void> {
    const from = this.applied;
    const steps = await this.init.store.steps(this.id, from);
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
      if (step.by === 'ai') this.init.ais[step.player]?.replayed?.(this.game, step.player);
      const res = this.game.step(step.player, step.action, step.tile);
      if (!res.ok) throw new Error(`invariant: session ${this.id} step ${this.applied}: P${step.player} action ${step.action} refused (${res.code})`);
    }
    this.applied++;
    this.handsSeen = this.game.handsFinished();
  }

  /** A step this server just played: counted at once (so no catch-up applies it again), then logged and announced. */
  async commit(step: Step, events: GameEvent[]): Promise<void> {
    const at = this.applied++;
    try {
      await this.init.store.append(this.id, at, [step]);
    } catch (err) {
      this.init.onBroken(err);
      throw err;
    }
    for (const ev of events) {
      if (this.init.record.mode === 'human_ai' && (ev.type === 'player_action' || ev.type === 'ai_action')) this.held.hold(ev, at + 1);
      else {
        // The end of a hand (or of the game, or a deal) shows the table to everyone: the moves before it first.
        this.releaseMoves();
        this.emit(ev, at + 1);
      }
    }
    if (events.some((e) => e.type === 'kyoku_end' || e.type === 'game_over')) {
      await this.init.store.progress(this.id, this.handsSeen, this.game.isOver()).catch(() => undefined);
    }
    if (this.game.isOver() && events.some((e) => e.type === 'game_over')) {
      // The players are done with the table: external bots get end_game and are stopped now, not when the session expires.
      for (const ai of this.init.ais) ai?.dispose?.(this.game);
      this.init.onGameOver();
    }
  }

  /**
   * Changes the automatic play: a step of the log (so every server plays it the same), logged
   * only when it changes something.
   */
  async changeAuto(change: Partial<AutoSettings>): Promise<void> {
    const next = { ...this.autoPlay, ...change };
    if (next.win !== this.autoPlay.win || next.no_calls !== this.autoPlay.no_calls || next.pass !== this.autoPlay.pass) {
      this.autoPlay = next;
      await this.commit({ kind: 'auto', auto: { ...next }, time: new Date().toISOString() }, [{ type: 'auto', auto: { ...next } }]);
    }
  }

  /** human_ai: shows the held moves with the table as it stands now. */
  releaseMoves(): void {
    this.held.release(() => this.state(), (ev, seq) => this.emit(ev, seq));
  }

  /** To this server's subscribers now, and to the other servers' through the bus. */
  emit(event: GameEvent, seq: number): void {
    this.init.hub.broadcast(event);
    this.init.bus.publish(this.id, seq, event).catch((err) => this.init.log.warn(`session ${this.id}: event not sent to the other servers: ${String(err)}`));
  }

  /** README (Endpoints): `for_player` defaults to 0 in human_ai; in 4ai every hand is visible; -1 shows no concealed hand. */
  state(forPlayer?: number | null): StateView {
    const viewer = forPlayer === undefined ? (this.init.record.mode === 'human_ai' ? HUMAN_SEAT : null) : forPlayer;
    return this.game.view(viewer);
  }

  /** The events a step leads to: the end of a hand, the end of the game. */
  afterStep(): GameEvent[] {
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
}

/** A move as a step of the log, stamped now. */
export const actionStep = (player: number, action: number, by: 'ai' | 'human' | 'auto', tile?: number): Step =>
  ({ kind: 'action', player, action, ...(tile === undefined ? {} : { tile }), by, time: new Date().toISOString() });
