import type { Rating, RatingChange } from '../../rooms/rating';
import { TooManyRooms } from './errors';
import type { ResultsDb } from './results-db';
import { SEEN_MS, type RoomNotice, type RoomRecord, type RoomResult, type RoomStep, type RoomStore } from './types';

interface Entry { record: RoomRecord; steps: RoomStep[]; lastActive: number; connections: number[]; seenUntil: number[] }

/**
 * One server: rooms in this process, written through to SQLite (results-db.ts) so that a restarted
 * server finds them again; ratings and results there too.
 */
export class MemoryRoomStore implements RoomStore {
  readonly kind = 'memory' as const;
  private readonly rooms = new Map<string, Entry>();
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly handlers: ((id: string, what: RoomNotice) => void)[] = [];

  constructor(readonly maxRooms: number, private readonly db: ResultsDb, private readonly now: () => number = Date.now) {}

  /** The room, from memory or, after a restart, from the database. */
  private entry(id: string): Entry | undefined {
    const known = this.rooms.get(id);
    if (known) return known;
    const kept = this.db.loadRoom(id);
    if (!kept) return undefined;
    const e: Entry = { ...kept, connections: [0, 0, 0, 0], seenUntil: [0, 0, 0, 0] };
    this.rooms.set(id, e);
    return e;
  }

  async create(record: RoomRecord): Promise<void> {
    if (Math.max(this.rooms.size, this.db.roomCount()) >= this.maxRooms) throw new TooManyRooms(this.maxRooms);
    const e: Entry = { record, steps: [], lastActive: this.now(), connections: [0, 0, 0, 0], seenUntil: [0, 0, 0, 0] };
    this.db.putRoom(record, e.lastActive);
    this.rooms.set(record.id, e);
  }

  async get(id: string): Promise<RoomRecord | null> {
    return this.entry(id)?.record ?? null;
  }

  async update(id: string, fn: (r: RoomRecord) => RoomRecord): Promise<RoomRecord> {
    return this.lock(id, async () => {
      const e = this.entry(id);
      if (!e) throw new Error(`room ${id} is gone`);
      const next = fn(e.record);
      this.db.putRoom(next, this.now());
      e.record = next;
      return next;
    });
  }

  async steps(id: string, from: number): Promise<RoomStep[]> {
    return this.entry(id)?.steps.slice(from) ?? [];
  }

  async append(id: string, at: number, steps: RoomStep[]): Promise<void> {
    const e = this.entry(id);
    if (!e) throw new Error(`room ${id} is gone`);
    if (e.steps.length !== at) throw new Error(`invariant: room ${id} has ${e.steps.length} steps, appending at ${at}`);
    e.lastActive = this.now();
    this.db.addSteps(id, at, steps, e.lastActive);
    e.steps.push(...steps);
  }

  lock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.chains.get(id) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => undefined);
    this.chains.set(id, tail);
    void tail.then(() => { if (this.chains.get(id) === tail) this.chains.delete(id); });
    return run;
  }

  async lease(): Promise<boolean> { return true; }
  async release(): Promise<void> {}

  async setConnections(id: string, counts: number[]): Promise<void> {
    const e = this.entry(id);
    if (e) e.connections = [...counts];
  }

  async connected(id: string): Promise<boolean[]> {
    const e = this.entry(id);
    const now = this.now();
    return [0, 1, 2, 3].map((seat) => !!e && (e.connections[seat]! > 0 || e.seenUntil[seat]! > now));
  }

  async seen(id: string, seat: number): Promise<void> {
    const e = this.entry(id);
    if (e) e.seenUntil[seat] = this.now() + SEEN_MS;
  }

  async notify(id: string, what: RoomNotice): Promise<void> {
    for (const h of this.handlers) h(id, what);
  }

  onNotice(handler: (id: string, what: RoomNotice) => void): void {
    this.handlers.push(handler);
  }

  async touch(id: string): Promise<void> {
    const e = this.entry(id);
    if (e) e.lastActive = this.now();
  }

  async expire(cutoff: number): Promise<string[]> {
    const gone: string[] = [];
    for (const [id, e] of this.rooms) {
      if (e.lastActive >= cutoff || e.connections.some((n) => n > 0)) continue;
      this.rooms.delete(id);
      gone.push(id);
    }
    for (const id of this.db.idleRooms(cutoff)) {
      if (this.rooms.has(id)) continue;
      this.db.deleteRoom(id);
      if (!gone.includes(id)) gone.push(id);
    }
    for (const id of gone) this.db.deleteRoom(id);
    return gone;
  }

  async ratings(names: string[]): Promise<Map<string, Rating>> { return this.db.ratings(names); }
  async topRatings(limit: number): Promise<Rating[]> { return this.db.top(limit); }
  async saveResult(result: Omit<RoomResult, 'ratings'>, rate: (current: Map<string, Rating>) => RatingChange[]): Promise<RoomResult | null> {
    return this.db.save(result, rate);
  }
  async results(limit: number, offset: number) { return this.db.results(limit, offset); }
  async result(id: string): Promise<RoomResult | null> { return this.db.result(id); }

  async close(): Promise<void> {
    this.rooms.clear();
    this.db.close();
  }
}
