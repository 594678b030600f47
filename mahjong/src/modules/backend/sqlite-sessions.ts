/**
 * Sessions that outlive the process (the default of `mahjong serve`): every session record (mode,
 * seed or wall secret, AIs, token hash, speed) and its step log are written to
 * `<MAHJONG_DIR>/sessions.sqlite` (`bun:sqlite`, WAL) as they happen, and read back at start, so
 * a restarted server (even one killed with -9) rebuilds every game in progress by replaying its
 * steps (the engine is deterministic) and the pages reconnect to the same games.
 *
 * The live copy stays in memory (MemorySessionStore: reads, the lock, the lease); this store
 * writes each change through. A failed write is logged and the game goes on in memory.
 */
import { Database } from 'bun:sqlite';
import { ownerOnlyDatabase } from './owner-only';
import type { ConsolaInstance } from 'consola';
import { DEFAULT_LIMITS, MemorySessionStore, type SessionLimits } from './memory';
import { isBusy, sqliteProblem } from './sqlite';
import type { SessionActivity, SessionRecord, SessionStore, Step } from './types';
import { sessionRecordOf } from './game-store';

export const SESSIONS_DB_FILE = 'sessions.sqlite';
const SCHEMA_VERSION = 1;
const BUSY_TIMEOUT_MS = 250;
/** `touch` runs on every request: the activity time is written at most this often per session. */
const TOUCH_WRITE_MS = 10_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  record TEXT NOT NULL,
  last_active INTEGER NOT NULL,
  hands INTEGER NOT NULL DEFAULT 0,
  over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS steps (
  session TEXT NOT NULL,
  idx INTEGER NOT NULL,
  step TEXT NOT NULL,
  PRIMARY KEY (session, idx)
) WITHOUT ROWID;
`;

export class SqliteSessionStore implements SessionStore {
  private readonly mem: MemorySessionStore;
  private readonly touched = new Map<string, number>();
  private failing = false;

  private constructor(
    private readonly db: Database,
    readonly location: string,
    private readonly log: ConsolaInstance,
    limits: SessionLimits,
    private readonly now: () => number,
  ) {
    this.mem = new MemorySessionStore(limits, now);
  }

  /**
   * Opens (or creates, readable by this user only: it holds wall secrets) the database
   * and loads every session in it. Throws a message naming the file when it cannot be used.
   */
  static open(path: string, log: ConsolaInstance, limits: SessionLimits = DEFAULT_LIMITS, now: () => number = Date.now): SqliteSessionStore {
    let db: Database | null = null;
    try {
      ownerOnlyDatabase(path);
      db = new Database(path, { create: true, strict: true });
      db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // One server per file: a second `serve` on the same data directory would play the same games
      // from its own copy and interleave their step logs. The first write takes the lock for good.
      db.run('PRAGMA locking_mode = EXCLUSIVE');
      // prepare + finalize, not the cached query: a refused open must close at once, lock and all.
      const read = db.prepare('PRAGMA user_version');
      const version = (read.get() as { user_version: number }).user_version;
      read.finalize();
      if (version > SCHEMA_VERSION) throw Object.assign(new Error(`schema version ${version} is newer than this mahjong's (${SCHEMA_VERSION})`), { code: 'NEWER' });
      db.run('PRAGMA journal_mode = WAL');
      // NORMAL in WAL mode: a killed process loses nothing committed; only a power cut may lose the last steps.
      db.run('PRAGMA synchronous = NORMAL');
      db.transaction(() => {
        db!.run(SCHEMA);
        db!.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      })();
      const store = new SqliteSessionStore(db, path, log, limits, now);
      store.load();
      return store;
    } catch (err) {
      try { db?.close(); } catch { /* already unusable */ }
      if (isBusy(err)) throw new Error(`session database ${path} is in use by another mahjong serve (one server per data directory without --redis)`);
      throw new Error(sqliteProblem(path, err).replace('game database', 'session database'));
    }
  }

  /** Sessions read back at start. */
  get restored(): number {
    return this.loaded;
  }

  private loaded = 0;

  private load(): void {
    const rows = this.db.query('SELECT id, record, last_active, hands, over FROM sessions').all() as
      { id: string; record: string; last_active: number; hands: number; over: number }[];
    const stepsOf = this.db.query('SELECT step FROM steps WHERE session = $id ORDER BY idx');
    for (const r of rows) {
      const record = sessionRecordOf(r.record);
      if (!record) {
        this.log.warn(`session database ${this.location}: session ${JSON.stringify(r.id)} has a damaged record and is not restored`);
        continue;
      }
      const steps = (stepsOf.all({ id: r.id }) as { step: string }[]).map((s) => JSON.parse(s.step) as Step);
      this.mem.restore(record, steps, r.last_active, r.hands, r.over !== 0);
      // A record from before tokens were hashed: its token leaves the file.
      if (r.record.includes('"token"')) this.db.query('UPDATE sessions SET record = $record WHERE id = $id').run({ id: r.id, record: JSON.stringify(record) });
    }
    this.loaded = rows.length;
  }

  /** Runs a write; a failure is logged (once until writes work again) and the game goes on in memory. */
  private write(what: string, fn: () => void): void {
    try {
      fn();
      if (this.failing) {
        this.failing = false;
        this.log.info(`session database ${this.location} is written again`);
      }
    } catch (err) {
      if (!this.failing) this.log.error(`${sqliteProblem(this.location, err).replace('game database', 'session database')} (while saving ${what}); games go on, but a restart now would lose what is not saved`);
      this.failing = true;
    }
  }

  get maxSessions(): number { return this.mem.maxSessions; }
  get ttlMs(): number { return this.mem.ttlMs; }

  async add(record: SessionRecord): Promise<void> {
    await this.mem.add(record);
    this.touched.set(record.id, this.now());
    this.write(`session ${record.id}`, () => this.db.query('INSERT OR REPLACE INTO sessions (id, record, last_active) VALUES ($id, $record, $at)')
      .run({ id: record.id, record: JSON.stringify(record), at: this.now() }));
  }

  get(id: string): Promise<SessionRecord | null> { return this.mem.get(id); }

  async touch(id: string): Promise<void> {
    await this.mem.touch(id);
    const at = this.now();
    if (at - (this.touched.get(id) ?? 0) < TOUCH_WRITE_MS) return;
    this.touched.set(id, at);
    this.write(`session ${id}`, () => this.db.query('UPDATE sessions SET last_active = $at WHERE id = $id').run({ id, at }));
  }

  steps(id: string, from: number): Promise<Step[]> { return this.mem.steps(id, from); }

  async append(id: string, at: number, steps: Step[]): Promise<void> {
    await this.mem.append(id, at, steps);
    this.write(`step ${at} of session ${id}`, () => {
      const insert = this.db.query('INSERT OR REPLACE INTO steps (session, idx, step) VALUES ($id, $idx, $step)');
      this.db.transaction(() => steps.forEach((s, i) => insert.run({ id, idx: at + i, step: JSON.stringify(s) })))();
    });
  }

  async progress(id: string, handsFinished: number, isOver: boolean): Promise<void> {
    await this.mem.progress(id, handsFinished, isOver);
    this.write(`session ${id}`, () => this.db.query('UPDATE sessions SET hands = $hands, over = $over WHERE id = $id').run({ id, hands: handsFinished, over: isOver ? 1 : 0 }));
  }

  async setDelay(id: string, delayMs: number): Promise<void> {
    await this.mem.setDelay(id, delayMs);
    const record = await this.mem.get(id);
    if (record) this.write(`session ${id}`, () => this.db.query('UPDATE sessions SET record = $record WHERE id = $id').run({ id, record: JSON.stringify(record) }));
  }

  subscribers(id: string, count: number): Promise<void> { return this.mem.subscribers(id, count); }
  list(): Promise<SessionActivity[]> { return this.mem.list(); }

  private forget(ids: string[]): void {
    for (const id of ids) this.touched.delete(id);
    this.write(`the removal of ${ids.length} session(s)`, () => this.db.transaction(() => {
      for (const id of ids) {
        this.db.query('DELETE FROM steps WHERE session = $id').run({ id });
        this.db.query('DELETE FROM sessions WHERE id = $id').run({ id });
      }
    })());
  }

  async remove(id: string): Promise<boolean> {
    const had = await this.mem.remove(id);
    this.forget([id]);
    return had;
  }

  async expire(cutoff: number): Promise<string[]> {
    const gone = await this.mem.expire(cutoff);
    if (gone.length) this.forget(gone);
    return gone;
  }

  lock<T>(id: string, fn: () => Promise<T>): Promise<T> { return this.mem.lock(id, fn); }
  lease(id: string): Promise<boolean> { return this.mem.lease(id); }
  release(id: string): Promise<void> { return this.mem.release(id); }

  async close(): Promise<void> {
    await this.mem.close();
    try {
      // Give the exclusive lock back now (a lazy close would keep it while cached statements live).
      this.db.run('PRAGMA locking_mode = NORMAL');
      this.db.query('SELECT count(*) FROM sessions').get();
      this.db.close();
    } catch { /* already closed */ }
  }
}
