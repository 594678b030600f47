import type { ChunkObserver } from '../upstream/body-tap';
import type { RequestRecord } from './db';
import { keyFingerprint } from './key-fingerprint';

export { keyFingerprint };
import type { AccountingStore } from './store';
import { noUsage, SseUsageScanner, usageFromJson, type TokenUsage } from './usage-scan';

/** Claude Code's session header; a Codex request's `session-id` is carried in it too (modules/openai). */
export const SESSION_HEADER = 'x-claude-code-session-id';
const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Claude Code's session id: the `x-claude-code-session-id` header it sends on every call, else the
 * `session_id` in `metadata.user_id` (a JSON text in Claude Code 2.x, `…_session_<uuid>` before).
 */
export function sessionOf(headers: Headers, body: { readonly userId: unknown }): string | null {
  const header = headers.get(SESSION_HEADER)?.trim();
  if (header && SESSION_ID.test(header)) return header;
  const userId = body.userId;
  if (typeof userId !== 'string') return null;
  let id: unknown = /_session_([0-9a-f-]{36})$/i.exec(userId)?.[1];
  if (!id && userId.startsWith('{')) {
    try {
      id = (JSON.parse(userId) as { session_id?: unknown }).session_id;
    } catch {
      return null;
    }
  }
  return typeof id === 'string' && SESSION_ID.test(id) ? id : null;
}


const ms = (from: number, to: number) => Math.round((to - from) * 1000) / 1000;

/**
 * What one request measures besides the request log: the time of the first body byte, the end, and
 * the tokens the upstream reported. For a stream, `chunk` sees each chunk after the client got it.
 */
export class RequestMeter {
  session: string | null = null;
  private usage: TokenUsage = noUsage();
  private scanner: SseUsageScanner | null = null;
  private firstByteAt: number | null = null;
  private unread: Uint8Array | string | null = null;

  /** Without a store nothing is measured: no stream is scanned. */
  constructor(private readonly started: number, private readonly store?: AccountingStore) {}

  /** What the body tap shows each chunk to; none when accounting is off. */
  observer(): ChunkObserver | undefined {
    return this.store ? this : undefined;
  }

  firstByte(): void {
    this.firstByteAt ??= performance.now();
  }

  /** The next chunk of a stream, already passed on. */
  chunk(value: Uint8Array): void {
    this.scanner ??= new SseUsageScanner();
    this.scanner.push(value);
  }

  /** A complete JSON answer, sent in one piece; its usage is read when the figures are first asked for. */
  whole(body: Uint8Array | string): void {
    if (!this.store) return;
    this.firstByteAt ??= performance.now();
    this.unread = body;
  }

  tokens(): TokenUsage {
    if (this.unread !== null) {
      this.usage = usageFromJson(this.unread);
      this.unread = null;
    }
    return this.scanner?.usage ?? this.usage;
  }

  /**
   * Queues the request's row, built from `entry` when the store writes it (off the request path):
   * the request ends now.
   */
  save(entry: () => RecordSource, time: Date, key: string | null): void {
    if (!this.store) return;
    const end = performance.now();
    this.store.record(() => this.record(entry(), time, key, end));
  }

  record(entry: RecordSource, time: Date, key: string | null, now = performance.now()): RequestRecord {
    const tokens = this.tokens();
    return {
      time: time.getTime(), session: this.session, path: entry.path, provider: entry.provider, key_index: entry.key_index,
      key_fp: key === null ? null : keyFingerprint(key), route: entry.route, model_in: entry.model_in, model_out: entry.model_out,
      stream: entry.stream, status: entry.status, attempts: entry.attempts, completed: entry.completed,
      input_tokens: tokens.input_tokens, output_tokens: tokens.output_tokens, cache_read_tokens: tokens.cache_read_tokens,
      cache_write_tokens: tokens.cache_write_tokens, latency_ms: entry.latency_ms,
      ttfb_ms: this.firstByteAt === null ? null : ms(this.started, this.firstByteAt), duration_ms: ms(this.started, now), bytes: entry.bytes,
    };
  }
}

/** The request-log fields a record is built from. */
export type RecordSource = Pick<RequestRecord, 'path' | 'provider' | 'key_index' | 'route' | 'model_in' | 'model_out' | 'stream' | 'status' | 'attempts' | 'completed' | 'latency_ms' | 'bytes'>;
