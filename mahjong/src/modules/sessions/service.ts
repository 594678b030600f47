import { TooManySessions, SessionNotFound } from '../../server/errors';

/** What the manager needs from a session: whether someone is watching, and how to end it. */
export interface ManagedSession {
  readonly id: string;
  /** A session with live subscribers or a running game never counts as idle. */
  isBusy(): boolean;
  dispose(): void;
}

export interface SessionLimits {
  /** Idle time after which a session is deleted (README documents 30 min). */
  ttlMs: number;
  /** Concurrent sessions; one more is refused with 429. */
  maxSessions: number;
}

export const DEFAULT_LIMITS: SessionLimits = { ttlMs: 30 * 60_000, maxSessions: 200 };

interface Entry<S> {
  session: S;
  lastActive: number;
}

/** Holds every live session, expires idle ones and caps how many may exist. */
export class SessionManager<S extends ManagedSession> {
  private readonly entries = new Map<string, Entry<S>>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly limits: SessionLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sweeps every `everyMs` in the background; the timer does not keep the process alive. */
  startSweeper(everyMs = 60_000): void {
    this.sweeper ??= setInterval(() => this.sweep(), everyMs);
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  add(make: (id: string) => S): S {
    this.sweep();
    if (this.entries.size >= this.limits.maxSessions) throw new TooManySessions(this.limits.maxSessions);
    const session = make(crypto.randomUUID());
    this.entries.set(session.id, { session, lastActive: this.now() });
    return session;
  }

  /** Looks a session up and marks it active. */
  get(id: string): S {
    const entry = this.entries.get(id);
    if (!entry) throw new SessionNotFound(id);
    entry.lastActive = this.now();
    return entry.session;
  }

  touch(id: string): void {
    const entry = this.entries.get(id);
    if (entry) entry.lastActive = this.now();
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) throw new SessionNotFound(id);
    this.entries.delete(id);
    entry.session.dispose();
  }

  list(): { session: S; lastActive: number }[] {
    return [...this.entries.values()];
  }

  get size(): number {
    return this.entries.size;
  }

  /** Deletes sessions idle for longer than the TTL; returns how many went. */
  sweep(): number {
    const cutoff = this.now() - this.limits.ttlMs;
    let removed = 0;
    for (const [id, entry] of this.entries) {
      if (entry.lastActive >= cutoff || entry.session.isBusy()) continue;
      this.entries.delete(id);
      entry.session.dispose();
      removed++;
    }
    return removed;
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const id of [...this.entries.keys()]) this.delete(id);
  }
}
