import type { Database, Statement } from 'bun:sqlite';
import type { Logger } from '@devhub/shared';
import { COLUMNS, openDatabase, type KeyFailure, type RequestRecord } from './db';
import { keyFingerprint } from './key-fingerprint';
import { restrictToOwner } from '../owner-only';

/** Rows wait at most this long; a burst is written sooner, once this many are queued. */
const FLUSH_MS = 200;
const FLUSH_ROWS = 512;
const DAY_MS = 86_400_000;
/** After a failed write (a full disk, a locked or missing file) the rows wait this long before the next try. */
export const ACCOUNTING_RETRY_MS = 60_000;
/** Rows kept for the next try at most; past it the oldest are dropped (and counted). */
export const MAX_WAITING_ROWS = 20_000;

type RecordSource = RequestRecord | (() => RequestRecord);

/**
 * The writer side of requests.db. `record` only queues the row: a timer (never the request) writes
 * the queue in one transaction, so the request path pays for an array push. A database that cannot
 * be opened or written keeps the rows (up to MAX_WAITING_ROWS) and tries again after
 * ACCOUNTING_RETRY_MS, saying so once; a row that cannot be built (a bug) disables accounting with
 * one warning. It never fails a request.
 */
export class AccountingStore {
  private db: Database | null = null;
  private insert: Statement | null = null;
  private queue: RecordSource[] = [];
  private failures: KeyFailure[] = [];
  private insertFailure: Statement | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private broken = false;
  /** A write failed: the rows wait for the next try (the timer), and the outage is said once. */
  private paused = false;
  private droppedRows = 0;
  private sidecarsRestricted = false;
  /** Called with each batch once it is written (serve refreshes the quota of the keys in it). */
  onWrite: ((rows: readonly RequestRecord[]) => void) | null = null;

  constructor(private readonly path: string | null, private readonly log: Logger) {}

  /** Queues a row, or what builds it when the queue is written (the request path then only pushes it). */
  record(row: RecordSource): void {
    if (this.path === null || this.broken) return;
    this.queue.push(row);
    if (this.paused) this.bound();
    else if (this.queue.length >= FLUSH_ROWS) this.schedule(0);
    else if (this.timer === null) this.schedule(FLUSH_MS);
  }

  /**
   * A failed try with a key, in the shape the failover reports it (made once per store, so a request
   * allocates nothing for it); the key's fingerprint is taken only when a try failed.
   */
  readonly keyFailed = (target: { name: string }, candidate: { index: number; entry: { key: string } }, status: number | null): void =>
    this.recordFailure({ time: Date.now(), provider: target.name, key_index: candidate.index, key_fp: keyFingerprint(candidate.entry.key), status });

  /** Queues a failed try with a key (written with the next batch). */
  recordFailure(failure: KeyFailure): void {
    if (this.path === null || this.broken) return;
    this.failures.push(failure);
    if (this.paused) this.bound();
    else if (this.timer === null) this.schedule(FLUSH_MS);
  }

  /** Writes every queued row now (tests, shutdown). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if ((this.queue.length === 0 && this.failures.length === 0) || this.broken) return;
    const queued = this.queue;
    const failures = this.failures;
    this.queue = [];
    this.failures = [];
    let rows: RequestRecord[];
    try {
      rows = queued.map((source) => (typeof source === 'function' ? source() : source));
    } catch (error) {
      return this.fail(error);
    }
    try {
      const db = this.open();
      db.transaction(() => {
        for (const row of rows) this.insert!.run(...toParams(row));
        for (const f of failures) this.insertFailure!.run(f.time, f.provider, f.key_index, f.key_fp, f.status);
      })();
    } catch (error) {
      // A row the table refuses would be refused at every try: a bug, as a row that cannot be built.
      if (/^SQLITE_(CONSTRAINT|MISMATCH|RANGE|TOOBIG)/.test(String((error as { code?: unknown }).code))) return this.fail(error);
      return this.pause(error, rows, failures);
    }
    this.restrictSidecars();
    if (this.paused) {
      this.paused = false;
      this.log.info(`token accounting writing again to ${this.path}${this.droppedRows > 0 ? `; ${this.droppedRows} row(s) were dropped while it could not` : ''}`);
      this.droppedRows = 0;
    }
    if (rows.length > 0) this.onWrite?.(rows);
  }

  /** Deletes rows older than `retentionDays` (0 keeps everything); returns how many went. */
  prune(retentionDays: number, now = Date.now()): number {
    if (retentionDays <= 0 || this.path === null || this.broken) return 0;
    try {
      const db = this.open();
      db.run('DELETE FROM key_failures WHERE time < ?', [now - retentionDays * DAY_MS]);
      return db.run('DELETE FROM requests WHERE time < ?', [now - retentionDays * DAY_MS]).changes;
    } catch (error) {
      this.pause(error, [], []);
      return 0;
    }
  }

  close(): void {
    this.flush();
    this.db?.close();
    this.db = null;
    this.insert = null;
    this.insertFailure = null;
  }

  private schedule(ms: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ms);
    this.timer.unref();
  }

  private open(): Database {
    if (this.db) return this.db;
    this.db = openDatabase(this.path!, { create: true })!;
    this.insert = this.db.prepare(`INSERT INTO requests (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
    this.insertFailure = this.db.prepare('INSERT INTO key_failures (time, provider, key_index, key_fp, status) VALUES (?, ?, ?, ?, ?)');
    return this.db;
  }

  /** SQLite creates the WAL and shared-memory files with the umask's mode; they hold the same rows. */
  private restrictSidecars(): void {
    if (this.sidecarsRestricted) return;
    this.sidecarsRestricted = true;
    for (const suffix of ['-wal', '-shm']) restrictToOwner(`${this.path}${suffix}`);
  }

  /** A row could not be built or stored: a bug, so accounting stops for good (requests are still served). */
  private fail(error: unknown): void {
    this.broken = true;
    this.queue = [];
    this.failures = [];
    this.log.warn(`token accounting disabled: cannot write ${this.path}: ${(error as Error).message}`);
  }

  /** The database could not be opened or written: the batch goes back in front of the queue for the next try. */
  private pause(error: unknown, rows: RequestRecord[], failures: KeyFailure[]): void {
    this.queue = [...rows, ...this.queue];
    this.failures = [...failures, ...this.failures];
    this.db?.close();
    this.db = null;
    this.insert = null;
    this.insertFailure = null;
    if (!this.paused) this.log.warn(`token accounting paused: cannot write ${this.path}: ${(error as Error).message}; the rows wait and are written in ${ACCOUNTING_RETRY_MS / 1000} s`);
    this.paused = true;
    this.bound();
    this.schedule(ACCOUNTING_RETRY_MS);
  }

  /** While paused, the oldest rows past MAX_WAITING_ROWS are dropped (and counted). */
  private bound(): void {
    const over = this.queue.length - MAX_WAITING_ROWS;
    if (over > 0) {
      this.queue.splice(0, over);
      this.droppedRows += over;
    }
    if (this.failures.length > MAX_WAITING_ROWS) this.failures.splice(0, this.failures.length - MAX_WAITING_ROWS);
  }
}

/** The row's values in COLUMNS order (positional parameters: no object per row), booleans as 0/1. */
function toParams(row: RequestRecord): (string | number | null)[] {
  const params = new Array<string | number | null>(COLUMNS.length);
  for (let i = 0; i < COLUMNS.length; i++) {
    const value = row[COLUMNS[i]!];
    params[i] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return params;
}
