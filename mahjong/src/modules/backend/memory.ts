import { SessionNotFound, TooManySessions } from '../../server/errors';
import type { Backend, ControlMessage, EventBus, GameStore, SessionActivity, SessionRecord, SessionStore, Step } from './types';
import { OffGameStore } from './game-store';

export interface SessionLimits {
  /** Idle time after which a session is deleted (README documents 30 min). */
  ttlMs: number;
  /** Concurrent sessions; one more is refused with 429. */
  maxSessions: number;
}

export const DEFAULT_LIMITS: SessionLimits = { ttlMs: 30 * 60_000, maxSessions: 200 };

interface Entry {
  record: SessionRecord;
  steps: Step[];
  lastActive: number;
  handsFinished: number;
  isOver: boolean;
  subscribers: number;
}

/** One process: records and step logs in a map; the lock is a promise chain per session. */
export class MemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly limits: SessionLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get maxSessions(): number { return this.limits.maxSessions; }
  get ttlMs(): number { return this.limits.ttlMs; }

  async add(record: SessionRecord): Promise<void> {
    if (this.entries.size >= this.limits.maxSessions) throw new TooManySessions(this.limits.maxSessions);
    this.entries.set(record.id, { record, steps: [], lastActive: this.now(), handsFinished: 0, isOver: false, subscribers: 0 });
  }

  /** Puts back a session kept elsewhere (a restarted server reading its session database). */
  restore(record: SessionRecord, steps: Step[], lastActive: number, handsFinished: number, isOver: boolean): void {
    this.entries.set(record.id, { record, steps, lastActive, handsFinished, isOver, subscribers: 0 });
  }

  async get(id: string): Promise<SessionRecord | null> {
    return this.entries.get(id)?.record ?? null;
  }

  async touch(id: string): Promise<void> {
    const e = this.entries.get(id);
    if (e) e.lastActive = this.now();
  }

  async steps(id: string, from: number): Promise<Step[]> {
    return this.entries.get(id)?.steps.slice(from) ?? [];
  }

  async append(id: string, at: number, steps: Step[]): Promise<void> {
    const e = this.entries.get(id);
    if (!e) throw new SessionNotFound(id);
    if (e.steps.length !== at) throw new Error(`invariant: session ${id} has ${e.steps.length} steps, appending at ${at}`);
    e.steps.push(...steps);
  }

  async progress(id: string, handsFinished: number, isOver: boolean): Promise<void> {
    const e = this.entries.get(id);
    if (e) Object.assign(e, { handsFinished, isOver });
  }

  async setDelay(id: string, delayMs: number): Promise<void> {
    const e = this.entries.get(id);
    if (e) e.record = { ...e.record, delayMs };
  }

  async subscribers(id: string, count: number): Promise<void> {
    const e = this.entries.get(id);
    if (e) e.subscribers = count;
  }

  async list(): Promise<SessionActivity[]> {
    return [...this.entries.values()].map((e) => ({ record: e.record, lastActive: e.lastActive, handsFinished: e.handsFinished, isOver: e.isOver, subscribers: e.subscribers }));
  }

  async remove(id: string): Promise<boolean> {
    this.chains.delete(id);
    return this.entries.delete(id);
  }

  async expire(cutoff: number): Promise<string[]> {
    const gone: string[] = [];
    for (const [id, e] of this.entries) {
      if (e.lastActive >= cutoff) continue;
      this.entries.delete(id);
      this.chains.delete(id);
      gone.push(id);
    }
    return gone;
  }

  lock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.chains.get(id) ?? Promise.resolve()).then(fn);
    this.chains.set(id, run.catch(() => undefined));
    return run;
  }

  async lease(_id?: string): Promise<boolean> { return true; }
  async release(_id?: string): Promise<void> {}
  async close(): Promise<void> { this.entries.clear(); }
}

/** One process: every subscriber is local, so there is nobody else to tell. */
export class LocalEventBus implements EventBus {
  private readonly handlers: ((m: ControlMessage) => void)[] = [];
  async publish(): Promise<void> {}
  async listen(): Promise<void> {}
  async unlisten(): Promise<void> {}
  async control(message: ControlMessage): Promise<void> { for (const h of this.handlers) h(message); }
  onControl(handler: (m: ControlMessage) => void): void { this.handlers.push(handler); }
  async close(): Promise<void> {}
}

/**
 * One process: events to this process's subscribers, finished games in `games` (SQLite, or off),
 * sessions in `sessions` (serve's default: SQLite, sqlite-sessions.ts) or only in memory.
 */
export function memoryBackend(limits: SessionLimits = DEFAULT_LIMITS, games: GameStore = new OffGameStore(), now?: () => number, store?: SessionStore): Backend {
  const sessions = store ?? new MemorySessionStore(limits, now);
  const events = new LocalEventBus();
  return { kind: 'memory', sessions, events, games, close: async () => { await sessions.close(); await games.close(); } };
}
