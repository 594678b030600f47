/**
 * Token usage as the upstream reports it (Anthropic Messages `usage`): `input_tokens` excludes the
 * cache reads and writes, which come as `cache_read_input_tokens` / `cache_creation_input_tokens`.
 * A field the upstream never sent stays null.
 */
export interface TokenUsage {
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
}

export const noUsage = (): TokenUsage => ({ input_tokens: null, output_tokens: null, cache_read_tokens: null, cache_write_tokens: null });

const FIELDS: [keyof TokenUsage, string][] = [
  ['input_tokens', 'input_tokens'],
  ['output_tokens', 'output_tokens'],
  ['cache_read_tokens', 'cache_read_input_tokens'],
  ['cache_write_tokens', 'cache_creation_input_tokens'],
];

/**
 * Copies the counts present in a `usage` object over `into` (later reports win: message_delta is
 * cumulative), except that a zero never replaces a real count: some vendors end a stream with a
 * message_delta reporting `input_tokens: 0` after message_start reported the real figure.
 */
export function mergeUsage(into: TokenUsage, usage: unknown): void {
  if (!usage || typeof usage !== 'object') return;
  for (const [field, wire] of FIELDS) {
    const value = (usage as Record<string, unknown>)[wire];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) continue;
    if (value === 0 && (into[field] ?? 0) > 0) continue;
    into[field] = Math.round(value);
  }
}

const USAGE = Buffer.from('"usage"');
/** A `usage` object is a few hundred bytes; one bigger than this is not what we look for. */
const MAX_USAGE_OBJECT = 16 * 1024;
/** A line still open after this many bytes is a huge content delta, never a usage frame: dropped. */
const MAX_PENDING_LINE = 1024 * 1024;

/**
 * Reads `usage` from an Anthropic SSE stream fed chunk by chunk (the chunks the client already got).
 * Only the `data:` lines holding `"usage"` are decoded and parsed (`message_start` carries
 * message.usage, `message_delta` the cumulative usage); every other line is skipped by a native byte
 * search, so the cost per chunk is a couple of memchr-like scans. Inside a JSON string a quote is
 * always escaped, so text that merely mentions "usage" never matches `"usage"` with bare quotes.
 */
export class SseUsageScanner {
  readonly usage: TokenUsage = noUsage();
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  push(chunk: Uint8Array): void {
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let pos = 0;
    if (this.pendingBytes > 0) {
      const nl = buf.indexOf(10);
      if (nl === -1) return this.keep(buf);
      this.pending.push(buf.subarray(0, nl));
      const line = Buffer.concat(this.pending);
      this.pending = [];
      this.pendingBytes = 0;
      if (line.indexOf(USAGE) !== -1) this.line(line);
      pos = nl + 1;
    }
    for (let hit = buf.indexOf(USAGE, pos); hit !== -1; hit = buf.indexOf(USAGE, pos)) {
      const start = Math.max(pos, buf.lastIndexOf(10, hit) + 1);
      const nl = buf.indexOf(10, hit);
      if (nl === -1) return this.keep(buf.subarray(start));
      this.line(buf.subarray(start, nl));
      pos = nl + 1;
    }
    // The needle may straddle two chunks: keep the open last line so the next chunk completes it.
    const last = buf.lastIndexOf(10) + 1;
    if (Math.max(last, pos) < buf.length) this.keep(buf.subarray(Math.max(last, pos)));
  }

  private keep(part: Buffer): void {
    this.pendingBytes += part.length;
    if (this.pendingBytes > MAX_PENDING_LINE) {
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    // Copied: the chunk's memory belongs to the stream.
    this.pending.push(Buffer.from(part));
  }

  private line(bytes: Buffer): void {
    let text = bytes.toString('utf8');
    if (!text.startsWith('data:')) return;
    text = text.slice(5).trim();
    let event: { type?: unknown; message?: { usage?: unknown }; usage?: unknown };
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    if (event.type === 'message_start') mergeUsage(this.usage, event.message?.usage);
    else if (event.type === 'message_delta') mergeUsage(this.usage, event.usage);
  }
}

/**
 * `usage` of a complete JSON answer, found without parsing the whole body: the last `"usage"` key
 * (Anthropic puts it at the top level, after `content`) and the object after it, brace-matched.
 */
export function usageFromJson(body: Uint8Array | string): TokenUsage {
  const buf = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const usage = noUsage();
  const hit = buf.lastIndexOf(USAGE);
  if (hit === -1) return usage;
  const open = buf.indexOf(123 /* { */, hit);
  if (open === -1 || open - hit > 32) return usage;
  const end = objectEnd(buf, open, Math.min(buf.length, open + MAX_USAGE_OBJECT));
  if (end === -1) return usage;
  try {
    mergeUsage(usage, JSON.parse(buf.subarray(open, end).toString('utf8')));
  } catch {
    // Not the object we expected: no figures rather than wrong ones.
  }
  return usage;
}

/** End (exclusive) of the JSON object opening at `open`, skipping strings; -1 past `limit`. */
function objectEnd(buf: Buffer, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = buf[i];
    if (c === 34 /* " */) {
      for (i++; i < limit && buf[i] !== 34; i++) if (buf[i] === 92 /* \ */) i++;
    } else if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
  }
  return -1;
}
