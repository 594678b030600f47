import { newWallSecret } from '../../engine/table/secure-wall';
import type { ConsolaInstance } from 'consola';
import { timingSafeEqual } from 'node:crypto';
import type { ClockConfig } from '../../rooms/clock';
import { cleanName, fillWithBots, SeatError, takeSeat } from '../../rooms/seats';
import { tokenHash } from '../backend/game-store';
import { HEARTBEAT_MS } from '../events/hub';
import type { GameFactories } from '../game/service';
import { newSessionToken } from '../game/token';
import { parseMjlog } from '../../engine/mjlog/parse';
import { RoomNotFound, RoomState, SeatRefused, SeatTokenRequired, WrongSeatToken } from './errors';
import type { DriverTiming } from './driver';
import { roomView } from './room-view';
import type { RoomTable } from './table';
import { RoomTables } from './tables';
import type { RoomRecord, RoomStore } from './types';
import { SPECTATOR } from './views';
import type { CreateRoomBody, RoomView } from './model';

export interface RoomSettings extends DriverTiming {
  clock: ClockConfig;
  spectatorDelayMs: number;
  /** Idle rooms (no request, no stream) are removed after this long. */
  ttlMs: number;
  defaultBot: string;
}

export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  clock: { decisionMs: 5_000, bankMs: 10_000, bankPer: 'hand' },
  spectatorDelayMs: 30_000, botDelayMs: 600, handPauseMs: 3_000, ttlMs: 60 * 60_000, defaultBot: 'strong',
};

/** How often this server tells the store which seats have streams here (they lapse otherwise). */
const CONN_REFRESH_MS = 8_000;

const same = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Rooms for friends (README, "Rooms"): creating, seating, starting, and one replica (RoomTable)
 * with its driver per room this server serves (tables.ts).
 */
export class RoomService {
  private readonly tables: RoomTables;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastSweep = 0;

  constructor(
    readonly store: RoomStore,
    private readonly factories: GameFactories,
    readonly settings: RoomSettings,
    private readonly log: ConsolaInstance,
    private readonly now: () => number = Date.now,
  ) {
    this.tables = new RoomTables({ store, factories, timing: settings, log, now, record: (id) => this.record(id) });
  }

  models(): string[] {
    return (this.factories.models?.() ?? []).map((m) => m.name);
  }

  /** A new room with its creator in a seat; returns the room and the creator's seat token. */
  async create(body: CreateRoomBody): Promise<{ record: RoomRecord; token: string; seat: number }> {
    const name = this.name(body.name);
    const bot = body.bots ?? this.settings.defaultBot;
    // A bad AI name or model file fails now, not at the start.
    for (const b of bot ? [bot] : []) this.factories.newAi(b, 0, 1).dispose?.(this.factories.newGame(1, 0));
    if (this.store.kind === 'redis' && bot.trim().startsWith('mjai:')) throw new SeatRefused('MJAI_NOT_SHARED', 'an mjai bot runs as a process of one server; with several servers (--redis) seat built-in AIs');
    const token = newSessionToken();
    const seat = body.seat ?? 0;
    const c = this.settings.clock;
    const record: RoomRecord = {
      id: crypto.randomUUID(), createdAt: this.now(), ownerSeat: seat, maxRound: body.max_round ?? 1,
      bots: [bot, bot, bot, bot],
      clock: { decisionMs: body.decision_ms ?? c.decisionMs, bankMs: body.bank_ms ?? c.bankMs, bankPer: body.bank_per ?? c.bankPer },
      spectatorDelayMs: body.spectator_delay_ms ?? this.settings.spectatorDelayMs,
      seats: [null, null, null, null], status: 'open', gameSeed: null, seeded: body.seed != null, startedAt: null,
    };
    if (body.seed != null) record.gameSeed = body.seed;
    record.seats[seat] = { kind: 'human', name, tokenHash: tokenHash(token) };
    await this.sweep();
    await this.store.create(record);
    return { record, token, seat };
  }

  private name(raw: string): string {
    try {
      return cleanName(raw);
    } catch (err) {
      if (err instanceof SeatError) throw new SeatRefused(err.code, err.message);
      throw err;
    }
  }

  async record(id: string): Promise<RoomRecord> {
    const r = await this.store.get(id);
    if (!r) throw new RoomNotFound(id);
    return r;
  }

  /** The seat `token` holds in the room, or null. */
  seatOf(record: RoomRecord, token: string | null): number | null {
    if (!token) return null;
    const h = tokenHash(token);
    const seat = record.seats.findIndex((s) => s?.kind === 'human' && same(s.tokenHash, h));
    return seat < 0 ? null : seat;
  }

  requireSeat(record: RoomRecord, token: string | null, what: string): number {
    if (!token) throw new SeatTokenRequired(what);
    const seat = this.seatOf(record, token);
    if (seat === null) throw new WrongSeatToken();
    return seat;
  }

  /** Takes a seat by name (before the start); a token already seated here keeps its seat. */
  async join(id: string, rawName: string, wanted: number | undefined, token: string | null): Promise<{ record: RoomRecord; token: string; seat: number }> {
    const name = this.name(rawName);
    const current = await this.record(id);
    const mine = this.seatOf(current, token);
    if (mine !== null && token) return { record: current, token, seat: mine };
    const fresh = newSessionToken();
    let seat = -1;
    const record = await this.store.update(id, (r) => {
      if (r.status !== 'open') throw new RoomState('the game has started: watch it as a spectator');
      try {
        seat = takeSeat(r.seats, name, wanted);
      } catch (err) {
        if (err instanceof SeatError) throw new SeatRefused(err.code, err.message);
        throw err;
      }
      const seats = [...r.seats];
      seats[seat] = { kind: 'human', name, tokenHash: tokenHash(fresh) };
      return { ...r, seats };
    });
    await this.store.notify(id, 'room');
    return { record, token: fresh, seat };
  }

  /** A seated player gives the seat up before the start (the creator cannot: it starts the room). */
  async leave(id: string, token: string | null): Promise<RoomRecord> {
    const current = await this.record(id);
    const seat = this.requireSeat(current, token, 'leaving a seat');
    if (seat === current.ownerSeat) throw new RoomState('the room\'s creator keeps its seat');
    const record = await this.store.update(id, (r) => {
      if (r.status !== 'open') throw new RoomState('the game has started: the server plays for a player who leaves');
      const seats = [...r.seats];
      seats[seat] = null;
      return { ...r, seats };
    });
    await this.store.notify(id, 'room');
    return record;
  }

  /** The creator starts the game: bots fill the empty seats, the wall is drawn. */
  async start(id: string, token: string | null): Promise<RoomRecord> {
    const current = await this.record(id);
    const seat = this.requireSeat(current, token, 'starting the room');
    if (seat !== current.ownerSeat) throw new RoomState('only the room\'s creator starts the game');
    const record = await this.store.update(id, (r) => {
      if (r.status !== 'open') throw new RoomState('the game has already started');
      let seats;
      try {
        seats = fillWithBots(r.seats, r.bots);
      } catch (err) {
        if (err instanceof SeatError) throw new SeatRefused(err.code, err.message);
        throw err;
      }
      const gameSeed = r.seeded ? r.gameSeed! : crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;
      // A 31-bit seed would let a player rebuild the wall from their own tiles: unseeded rooms deal from a secret.
      const wallSecret = r.seeded ? null : newWallSecret();
      return { ...r, seats, status: 'playing', gameSeed, wallSecret, startedAt: this.now() };
    });
    await this.store.notify(id, 'room');
    const table = await this.table(id);
    await table.refresh(record);
    this.tables.drive(table);
    return record;
  }

  /** This server's replica of the room, built on first use. */
  table(id: string): Promise<RoomTable> {
    return this.tables.table(id);
  }

  /** The room as everyone may see it (`you`: the caller's seat). */
  view(record: RoomRecord, you: number | null, connected?: boolean[]): Promise<RoomView> {
    return roomView(this.store, record, you, connected);
  }

  /** A stream of the room for a seat (its token) or a spectator. */
  async events(id: string, viewer: number | null, onEnd?: () => void): Promise<ReadableStream<Uint8Array>> {
    const table = await this.table(id);
    table.connected = await this.store.connected(id);
    const roomEvent = { type: 'room', room: await this.view(table.record, viewer, table.connected) };
    return table.subscribe(viewer ?? SPECTATOR, () => roomEvent, HEARTBEAT_MS, onEnd);
  }

  async act(id: string, token: string | null, action: number) {
    const record = await this.record(id);
    const seat = this.requireSeat(record, token, 'an action');
    const table = await this.table(id);
    await this.requested(table, seat);
    const state = await table.act(seat, action);
    this.tables.wake(id);
    return { seat, state };
  }

  /** A seat's request: it counts as connected a while, and this server drives the room meanwhile. */
  async requested(table: RoomTable, seat: number): Promise<void> {
    table.lastRequest = this.now();
    // A seat with a stream here is connected anyway; a mark would only keep it "connected" after the stream closes.
    if (!table.connections()[seat]) await this.store.seen(table.id, seat).catch(() => undefined);
    this.tables.drive(table);
  }

  /** Removes idle rooms and renews this server's connections; runs at most once a second. */
  async sweep(): Promise<void> {
    if (this.now() - this.lastSweep < 1_000) return;
    this.lastSweep = this.now();
    await this.tables.renewWatched();
    for (const id of await this.store.expire(this.now() - this.settings.ttlMs)) {
      this.tables.drop(id);
      await this.store.notify(id, 'deleted').catch(() => undefined);
    }
  }

  startSweeper(): void {
    this.timer ??= setInterval(() => void this.sweep().catch((err) => this.log.warn(`room sweep failed: ${String(err)}`)), CONN_REFRESH_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Ends every stream here (a stopping server). */
  closeStreams(): void {
    this.tables.closeStreams();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.closeStreams();
    await this.store.close();
  }

  /** A finished room game's log, for downloads and the replay page. */
  async resultLog(id: string) {
    const result = await this.store.result(id);
    return result ? { result, paipu: () => parseMjlog(result.mjlog) } : null;
  }
}
