import type { Logger } from '@devhub/shared';
import { Type as t } from '@sinclair/typebox';
import { closeSync, existsSync, fstatSync, openSync, renameSync, rmSync, write, writeSync } from 'node:fs';
import { endsInsideLine } from '@devhub/shared/torn-line';

/** One line of requests.jsonl: what happened, never what was said and never a key. */
export const RequestLogEntry = t.Object({
  time: t.String({ description: 'ISO 8601, when the request arrived' }),
  path: t.String(),
  model_in: t.Union([t.String(), t.Null()]),
  model_out: t.Union([t.String(), t.Null()]),
  route: t.Union([t.String(), t.Null()], { description: 'timed[i] or default[i]' }),
  provider: t.Union([t.String(), t.Null()], { description: 'the provider that served (a fallback target when the route failed over)' }),
  key_index: t.Union([t.Integer(), t.Null()], { description: '1-based position in api_keys of the key that served' }),
  fallback: t.Optional(t.Integer({ description: "which of the route's fallback targets served (1 = the first); absent when the route's own provider did" })),
  attempts: t.Integer(),
  status: t.Integer(),
  stream: t.Boolean(),
  images_removed: t.Integer(),
  documents_removed: t.Optional(t.Integer({ description: 'document (PDF) blocks removed for a model that cannot take them; absent when none' })),
  latency_ms: t.Number({ description: 'until the response headers were sent' }),
  bytes: t.Integer({ description: 'response body bytes sent to the client' }),
  completed: t.Boolean({ description: 'false when the body broke off (upstream failure or client gone)' }),
  input_tokens: t.Optional(t.Integer({ description: 'as the upstream reported them (usage); absent when it reported none' })),
  output_tokens: t.Optional(t.Integer()),
  cache_read_tokens: t.Optional(t.Integer({ description: 'usage.cache_read_input_tokens' })),
  cache_write_tokens: t.Optional(t.Integer({ description: 'usage.cache_creation_input_tokens' })),
});
export type RequestLogEntry = typeof RequestLogEntry.static;

const FLUSH_MS = 25;
/** After a failed write (a full disk, the folder gone) lines are dropped this long, then writing is tried again. */
export const WRITE_RETRY_MS = 60_000;
/** requests.jsonl is rotated past this size: requests.jsonl.1 … .3 keep the older lines. */
export const ROTATE_BYTES = 20 * 1024 * 1024;
export const ROTATE_KEEP = 3;

/** A line, or what builds it when the log flushes (the request path then only queues it). */
export type RequestLogSource = RequestLogEntry | (() => RequestLogEntry);

/**
 * Appends JSON lines to one file. Lines are batched for up to FLUSH_MS and written by one async
 * write() on an O_APPEND descriptor, so logging costs the request path no disk I/O; `close()` (on
 * shutdown) writes what is left synchronously. Once the file passes `rotateBytes` it becomes
 * `<file>.1` (the older ones move up to `.keep`, the oldest goes) and a new file starts, between
 * two writes, so a line is never split.
 */
export class RequestLog {
  private fd: number | null = null;
  /** A line could not be built (a bug): nothing more is written. */
  private broken = false;
  /** A write failed: lines are dropped (and counted) until this time, then writing is tried again. */
  private pausedUntil: number | null = null;
  private dropped = 0;
  private pending: RequestLogSource[] = [];
  private writing = false;
  private scheduled = false;
  private idle: (() => void)[] = [];

  private size = 0;
  /** The file ended inside a line (a write cut short by a full disk or a power loss): the next write starts a new line. */
  private torn = false;

  constructor(
    private readonly path: string | null,
    private readonly log: Logger,
    private readonly rotation: { rotateBytes: number; keep: number } = { rotateBytes: ROTATE_BYTES, keep: ROTATE_KEEP },
    private readonly now: () => number = () => performance.now(),
  ) {}

  private open(): number {
    if (this.fd === null) {
      this.fd = openSync(this.path!, 'a+', 0o600);
      this.size = fstatSync(this.fd).size;
      this.torn = endsInsideLine(this.fd, this.size);
    }
    return this.fd;
  }

  /** `lines` after a newline that ends a torn last line of the open file. */
  private afterTear(lines: string): string {
    if (!this.torn) return lines;
    this.torn = false;
    return `\n${lines}`;
  }

  /** Moves a full file aside (`.1`, older ones up to `.keep`); the next write opens a new one. */
  private rotateIfFull(): void {
    if (this.fd === null || this.size < this.rotation.rotateBytes || this.path === null) return;
    closeSync(this.fd);
    this.fd = null;
    const { keep } = this.rotation;
    rmSync(`${this.path}.${keep}`, { force: true });
    for (let n = keep - 1; n >= 1; n--) if (existsSync(`${this.path}.${n}`)) renameSync(`${this.path}.${n}`, `${this.path}.${n + 1}`);
    renameSync(this.path, `${this.path}.1`);
  }

  write(entry: RequestLogSource): void {
    if (this.path === null || this.broken) return;
    if (this.pausedUntil !== null) {
      if (this.now() < this.pausedUntil) { this.dropped++; return; }
      this.pausedUntil = null;
    }
    this.pending.push(entry);
    if (!this.scheduled && !this.writing) {
      this.scheduled = true;
      setTimeout(() => this.flush(), FLUSH_MS).unref();
    }
  }

  /** Resolves once every line written so far is on disk (tests, shutdown). */
  drain(): Promise<void> {
    if (this.pending.length === 0 && !this.writing && !this.scheduled) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  close(): void {
    this.flushSync();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0 || this.broken) return this.settle();
    this.writing = true;
    let lines: string;
    try {
      lines = this.lines();
    } catch (error) {
      return this.fail(error);
    }
    try {
      this.open();
    } catch (error) {
      return this.pause(error, lines);
    }
    const data = Buffer.from(this.afterTear(lines));
    write(this.fd!, data, (error) => {
      this.writing = false;
      if (error) return this.pause(error, lines);
      this.size += data.byteLength;
      this.resumed();
      try {
        this.rotateIfFull();
      } catch (rotateError) {
        return this.pause(rotateError, '');
      }
      if (this.pending.length > 0) this.flush();
      else this.settle();
    });
  }

  private flushSync(): void {
    if (this.pending.length === 0 || this.broken || this.path === null) return;
    let lines: string;
    try {
      lines = this.lines();
    } catch (error) {
      return this.fail(error);
    }
    try {
      const fd = this.open();
      this.size += writeSync(fd, this.afterTear(lines));
    } catch (error) {
      this.pause(error, lines);
    }
  }

  /** Told each line as it is written (the dashboard's live request stream). */
  onLine?: (entry: RequestLogEntry) => void;

  /** The pending lines as text (built now when queued as functions); empties the queue. */
  private lines(): string {
    let text = '';
    for (const source of this.pending) {
      const entry = typeof source === 'function' ? source() : source;
      text += `${JSON.stringify(entry)}\n`;
      if (this.onLine) {
        try {
          this.onLine(entry);
        } catch {
          // A listener never stops the log.
        }
      }
    }
    this.pending = [];
    return text;
  }

  /** A line could not be built: a bug, so the log stops for good (requests are still served). */
  private fail(error: unknown): void {
    this.writing = false;
    this.broken = true;
    this.pending = [];
    this.log.warn(`requests log disabled: cannot write ${this.path}: ${(error as Error).message}`);
    this.settle();
  }

  /**
   * The file could not be opened or written: `lines` and those queued are dropped, and
   * so is every line for WRITE_RETRY_MS; then the file is opened again. Said once per outage.
   */
  private pause(error: unknown, lines: string): void {
    this.writing = false;
    const lost = lines.split('\n').filter(Boolean).length + this.pending.length;
    this.pending = [];
    if (this.fd !== null) {
      try { closeSync(this.fd); } catch { /* already unusable */ }
      this.fd = null;
    }
    if (this.dropped === 0) this.log.warn(`requests log paused: cannot write ${this.path}: ${(error as Error).message}; lines are dropped and writing is tried again in ${WRITE_RETRY_MS / 1000} s`);
    this.dropped += lost;
    this.pausedUntil = this.now() + WRITE_RETRY_MS;
    this.settle();
  }

  /** A write went through after an outage: say how many lines it cost. */
  private resumed(): void {
    if (this.dropped === 0) return;
    this.log.info(`requests log writing again to ${this.path}; ${this.dropped} line(s) were dropped while it could not`);
    this.dropped = 0;
  }

  private settle(): void {
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

