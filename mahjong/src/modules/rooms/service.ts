import { newWallSecret } from '../../engine/table/secure-wall';
import type { ConsolaInstance } from 'consola';
import { timingSafeEqual } from 'node:crypto';
import type { ClockConfig } from '../../rooms/clock';
import { counts, rate } from '../../rooms/rating';
import { cleanName, fillWithBots, SeatError, takeSeat } from '../../rooms/seats';
import { placementsOf, tokenHash } from '../backend/game-store';
import type { GameFactories } from '../game/service';
import { newSessionToken } from '../game/token';
import { parseMjlog } from '../../engine/mjlog/parse';
import { RoomNotFound, RoomState, SeatRefused, SeatTokenRequired, WrongSeatToken } from './errors';
import { RoomDriver, type DriverTiming } from './driver';
import { RoomTable } from './table';
import type { RoomNotice, RoomRecord, RoomStore } from './types';
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
 * with its driver per room this server serves. Every server hears every room's notices and
 * brings its replica up to date; only the lease holder drives the game.
 */
export class RoomService {
  private readonly tables = new Map<string, Promise<RoomTable>>();
  private readonly drivers = new Map<string, RoomDriver>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastSweep = 0;

  constructor(
    readonly store: RoomStore,
    private readonly factories: GameFactories,
    readonly settings: RoomSettings,
    private readonly log: ConsolaInstance,
    private readonly now: () => number = Date.now,
  ) {
    store.onNotice((id, what) => void this.onNotice(id, what).catch((err) => this.log.warn(`room ${id}: ${String(err)}`)));
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
    this.drive(table);
    return record;
  }

  /** This server's replica of the room, built on first use. */
  async table(id: string): Promise<RoomTable> {
    let pending = this.tables.get(id);
    if (!pending) {
      pending = this.build(id);
      this.tables.set(id, pending);
      pending.catch(() => this.tables.delete(id));
    }
    const table = await pending;
    await this.store.touch(id);
    return table;
  }

  private async build(id: string): Promise<RoomTable> {
    const record = await this.record(id);
    const table = new RoomTable(record, {
      store: this.store, factories: this.factories, log: this.log, now: this.now,
      onGameOver: (t) => void this.finish(t).catch((err) => this.log.error(`room ${t.id}: the result was not saved`, err)),
      onBroken: (t, err) => {
        this.log.warn(`room ${t.id}: this server's copy is out of step (${String(err)}); rebuilding it on next use`);
        this.drop(t.id);
      },
      onConnections: (t) => void this.connectionsChanged(t),
    });
    table.connected = await this.store.connected(id);
    await table.catchUp();
    return table;
  }

  private async connectionsChanged(table: RoomTable): Promise<void> {
    await this.store.setConnections(table.id, table.connections()).catch(() => undefined);
    await this.store.notify(table.id, 'conn').catch(() => undefined);
    if (table.watchers > 0) this.drive(table);
  }

  /** The driver of a started room runs here while this server has streams of it (README: who drives). */
  private drive(table: RoomTable): void {
    if (table.record.status !== 'playing' || this.drivers.has(table.id)) return;
    const driver = new RoomDriver(table, this.store, this.settings, this.log, () => this.drivers.delete(table.id));
    this.drivers.set(table.id, driver);
    driver.start();
  }

  private async onNotice(id: string, what: RoomNotice): Promise<void> {
    const pending = this.tables.get(id);
    if (!pending) return;
    const table = await pending.catch(() => null);
    if (!table) return;
    if (what === 'deleted') { this.drop(id); return; }
    if (what === 'step') await table.catchUp();
    else {
      const record = await this.store.get(id);
      if (!record) { this.drop(id); return; }
      table.connected = await this.store.connected(id);
      await table.refresh(record);
      table.broadcastRoom(await this.view(record, null, table.connected));
    }
    if (table.watchers > 0) this.drive(table);
    this.drivers.get(id)?.wake();
  }

  /** The room as everyone may see it (`you`: the caller's seat). */
  async view(record: RoomRecord, you: number | null, connected?: boolean[]): Promise<RoomView> {
    const conn = connected ?? (await this.store.connected(record.id));
    const names = record.seats.flatMap((s) => (s?.kind === 'human' ? [s.name] : []));
    const ratings = await this.store.ratings(names).catch(() => new Map());
    const result = record.status === 'over' ? await this.store.result(record.id).catch(() => null) : null;
    return {
      room_id: record.id, status: record.status, owner_seat: record.ownerSeat, max_round: record.maxRound, seeded: record.seeded,
      clock: { decision_ms: record.clock.decisionMs, bank_ms: record.clock.bankMs, bank_per: record.clock.bankPer },
      spectator_delay_ms: record.spectatorDelayMs, bots: record.bots[0]!, you,
      seats: record.seats.map((s, seat) => ({
        seat, kind: s ? (s.kind === 'human' ? 'human' : 'bot') : 'empty', name: s?.kind === 'human' ? s.name : null,
        ai: s?.kind === 'bot' ? s.ai : null, connected: s?.kind === 'human' ? !!conn[seat] : s?.kind === 'bot',
        rating: s?.kind === 'human' ? ratings.get(s.name)?.rating ?? null : null,
      })),
      ratings: result ? result.ratings.map((c) => ({ name: c.name, seat: c.seat, place: c.place, before: c.before, after: c.after, delta: c.delta })) : null,
    };
  }

  /** A stream of the room for a seat (its token) or a spectator. */
  async events(id: string, viewer: number | null): Promise<ReadableStream<Uint8Array>> {
    const table = await this.table(id);
    table.connected = await this.store.connected(id);
    const roomEvent = { type: 'room', room: await this.view(table.record, viewer, table.connected) };
    return table.subscribe(viewer ?? SPECTATOR, () => roomEvent);
  }

  async act(id: string, token: string | null, action: number) {
    const record = await this.record(id);
    const seat = this.requireSeat(record, token, 'an action');
    const table = await this.table(id);
    await this.requested(table, seat);
    const state = await table.act(seat, action);
    this.drivers.get(id)?.wake();
    return { seat, state };
  }

  /** A seat's request: it counts as connected a while, and this server drives the room meanwhile. */
  async requested(table: RoomTable, seat: number): Promise<void> {
    table.lastRequest = this.now();
    // A seat with a stream here is connected anyway; a mark would only keep it "connected" after the stream closes.
    if (!table.connections()[seat]) await this.store.seen(table.id, seat).catch(() => undefined);
    this.drive(table);
  }

  /** The finished game: saved once with its rating changes (a seeded game or one with fewer than two humans changes none). */
  private async finish(table: RoomTable): Promise<void> {
    const r = table.record;
    const paipu = parseMjlog(table.paipuXml());
    const scores = paipu.owari?.scores ?? [0, 0, 0, 0];
    const placements = placementsOf(scores);
    const names = r.seats.map((s) => (s?.kind === 'human' ? s.name : null));
    const seats = names.map((name, i) => ({ name, place: placements[i]! }));
    const rated = counts(seats, r.seeded);
    await this.store.saveResult({
      id: r.id, finishedAt: this.now(), maxRound: r.maxRound, seeded: r.seeded, names,
      bots: r.seats.map((s) => (s?.kind === 'bot' ? s.ai : null)), scores, points: paipu.owari?.points ?? [0, 0, 0, 0],
      placements, hands: paipu.rounds.length, rated, mjlog: table.paipuXml(),
    }, (current) => rate(seats, current, r.maxRound));
    await this.store.update(r.id, (rec) => ({ ...rec, status: 'over' }));
    await this.store.notify(r.id, 'room');
  }

  /** Removes idle rooms and renews this server's connections; runs at most once a second. */
  async sweep(): Promise<void> {
    if (this.now() - this.lastSweep < 1_000) return;
    this.lastSweep = this.now();
    for (const [id, pending] of this.tables) {
      const table = await pending.catch(() => null);
      if (table && table.watchers > 0) {
        await this.store.touch(id);
        await this.store.setConnections(id, table.connections()).catch(() => undefined);
      }
    }
    for (const id of await this.store.expire(this.now() - this.settings.ttlMs)) {
      this.drop(id);
      await this.store.notify(id, 'deleted').catch(() => undefined);
    }
  }

  startSweeper(): void {
    this.timer ??= setInterval(() => void this.sweep().catch((err) => this.log.warn(`room sweep failed: ${String(err)}`)), CONN_REFRESH_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  private drop(id: string): void {
    const pending = this.tables.get(id);
    this.tables.delete(id);
    this.drivers.get(id)?.stop();
    this.drivers.delete(id);
    void pending?.then((t) => t.dispose(), () => undefined);
  }

  /** Ends every stream here (a stopping server). */
  closeStreams(): void {
    for (const id of [...this.tables.keys()]) this.drop(id);
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
