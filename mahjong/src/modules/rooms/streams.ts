import { DelayLine } from '../../rooms/spectator';
import type { StateView } from '../../engine/game';
import { EventHub, type SseEvent } from '../events/hub';
import type { EngineGame } from '../game/port';
import { publicAction, SPECTATOR, viewFor } from './views';
import type { Pending } from './seat-clocks';
import type { RoomRecord, RoomStep } from './types';

/**
 * This server's streams of one room: one hub per seat and one for spectators, each sent only its
 * own view (views.ts); spectators see each step `spectatorDelayMs` after it was played.
 */
export class RoomStreams {
  /** Streams per seat, and spectators' (index 4). */
  readonly hubs = [new EventHub(), new EventHub(), new EventHub(), new EventHub(), new EventHub()];
  private readonly spectators: DelayLine<StateView>;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Per viewer (spectators first): what the last event showed of whose turn it is, so a private step reveals nothing. */
  private readonly shown: string[] = ['', '', '', '', ''];
  private disposed = false;

  /** `record`: the room as it stands now (its seats change until the start). */
  constructor(private readonly record: () => RoomRecord, private readonly now: () => number, onChange: () => void) {
    this.spectators = new DelayLine(record().spectatorDelayMs);
    this.hubs.forEach((hub) => hub.onChange(onChange));
  }

  /** Streams open here per seat. */
  connections(): number[] {
    return this.hubs.slice(0, 4).map((h) => h.size);
  }

  get watchers(): number {
    return this.hubs.reduce((n, h) => n + h.size, 0);
  }

  hub(viewer: number): EventHub {
    return this.hubs[viewer === SPECTATOR ? 4 : viewer]!;
  }

  /** The game started at `at`: the spectators' delayed table starts from its first view. */
  started(game: EngineGame, at: number): void {
    this.spectators.push(at, viewFor(game, SPECTATOR));
  }

  /**
   * Each viewer's events of a step the engine has just made (`seq`: its number, `riichiBefore`:
   * the riichi tile its seat would have thrown, `handEnded`: it finished a hand, `pending`: the
   * decision the table waits for now).
   */
  stepped(game: EngineGame, step: RoomStep, seq: number, riichiBefore: number | null, handEnded: boolean, pending: Pending | null): void {
    const record = this.record();
    const stage2After = step.k === 'a' && game.view(step.p).riichi_stage2;
    for (let viewer = -1; viewer < 4; viewer++) {
      const hub = this.hub(viewer);
      if (!hub.size && viewer !== SPECTATOR) continue;
      const state = viewFor(game, viewer);
      const events: SseEvent[] = [];
      if (step.k === 'd') events.push({ type: 'kyoku_start', state });
      else {
        const own = viewer === step.p;
        const action = own ? step.a : publicAction(step.a, riichiBefore, stage2After);
        if (action !== null) events.push({ type: 'action', player: step.p, action, by: step.by, ...(step.by === 'timeout' && (own || action === step.a) ? { timeout: true } : {}), state });
        // A private step that moved the table on (everyone passed: the next seat drew) shows the table, not the step.
        else if (tableKey(state) !== this.shown[viewer + 1]) events.push({ type: 'state', state });
      }
      this.shown[viewer + 1] = tableKey(state);
      if (handEnded && state.result) events.push({ type: 'kyoku_end', result: state.result, state });
      if (game.isOver()) events.push({ type: 'game_over', state });
      // Others are told a seat's clock only with a public move: a step they are not shown (a discard
      // waiting for its riichi confirmation) sending a clock would tell them it happened.
      if (pending && (viewer === pending.seat || (viewer !== SPECTATOR && state.phase < 4 && events.length > 0))) events.push(clockEvent(pending, record.clock.decisionMs, viewer));
      if (viewer === SPECTATOR) {
        this.spectators.push(step.t, state);
        this.later(step.t + record.spectatorDelayMs, () => { for (const e of events) hub.broadcast(e, seq); });
      } else for (const e of events) hub.broadcast(e, seq);
    }
  }

  private later(at: number, fn: () => void): void {
    const timer = setTimeout(() => { this.timers.delete(timer); if (!this.disposed) fn(); }, Math.max(0, at - this.now()));
    this.timers.add(timer);
  }

  /** The first events of a new stream for `viewer`: the room, and the table (a spectator's as it was `delay` ago). */
  greeting(game: EngineGame | null, viewer: number, roomEvent: SseEvent, banks: number[], pending: () => Pending | null): SseEvent[] {
    const out: SseEvent[] = [roomEvent];
    if (!game) return out;
    const record = this.record();
    const seats = this.seatNames();
    if (viewer === SPECTATOR) {
      const state = this.spectators.current(this.now()) ?? viewFor(game, SPECTATOR);
      out.push({ type: 'snapshot', state, seats, delay_ms: record.spectatorDelayMs });
      return out;
    }
    const state = viewFor(game, viewer);
    out.push({ type: 'snapshot', state, seats, banks: ownBank(banks, viewer) });
    const p = pending();
    if (p && (viewer === p.seat || state.phase < 4)) out.push(clockEvent(p, record.clock.decisionMs, viewer));
    if (game.isOver()) out.push({ type: 'game_over', state });
    return out;
  }

  /** To every stream here: who sits where and who is connected (`you`: each stream's own seat). */
  broadcastRoom<R extends { you: number | null }>(room: R): void {
    this.hubs.forEach((hub, i) => { if (hub.size) hub.broadcast({ type: 'room', room: { ...room, you: i < 4 ? i : null } }); });
  }

  /** To every stream here: the table of a game that has just started, and the clock. */
  broadcastSnapshot(game: EngineGame, banks: number[], pending: () => Pending | null): void {
    const record = this.record();
    for (let viewer = -1; viewer < 4; viewer++) {
      const hub = this.hub(viewer);
      if (!hub.size) continue;
      const state = viewFor(game, viewer);
      hub.broadcast({ type: 'snapshot', state, seats: this.seatNames(), ...(viewer === SPECTATOR ? { delay_ms: record.spectatorDelayMs } : { banks: ownBank(banks, viewer) }) });
      const p = pending();
      if (p && viewer !== SPECTATOR && (viewer === p.seat || state.phase < 4)) hub.broadcast(clockEvent(p, record.clock.decisionMs, viewer));
    }
  }

  /** Name plates: a human's name, a bot's AI. */
  seatNames(): { kind: 'human' | 'ai'; ai: string | null; name: string | null }[] {
    return this.record().seats.map((s) => (s?.kind === 'human' ? { kind: 'human' as const, ai: null, name: s.name } : { kind: 'ai' as const, ai: s?.ai ?? null, name: null }));
  }

  /** Pending spectator events are dropped and every stream here ends. */
  dispose(): void {
    this.disposed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const hub of this.hubs) hub.close();
  }
}

const tableKey = (s: StateView): string => `${s.phase}|${s.turn}|${s.tiles_left}|${s.game.hand_index}`;

/**
 * A seat's clock. Its bank and deadline go to that seat alone (as on Tenhou, no one sees another's
 * bank): time a player spent from the bank over a call it then declined would otherwise show in
 * its bank at its next turn, telling that it could have called. Others get when the turn began.
 */
function clockEvent(p: Pending, decisionMs: number, viewer: number): SseEvent {
  if (viewer !== p.seat) return { type: 'clock', seat: p.seat, decision_ms: decisionMs, started: p.start };
  return { type: 'clock', seat: p.seat, deadline: p.deadline, bank_ms: p.bank, decision_ms: decisionMs, started: p.start };
}

/** The time banks as `viewer` may see them: its own; null for the others (see clockEvent). */
const ownBank = (banks: number[], viewer: number): (number | null)[] => banks.map((b, seat) => (seat === viewer ? b : null));
