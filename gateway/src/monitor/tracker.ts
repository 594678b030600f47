import { readFileSync, statSync } from 'node:fs';
import { ClaudeParser } from './claude';
import { CodexParser } from './codex';
import { GeminiJsonlParser, GeminiParser } from './gemini';
import { JsonlTail } from './jsonl-tail';
import type { AgentMessage, RecordParser } from './message';
import type { TranscriptOffset } from './offsets';
import { PiParser } from './pi';

export interface Tracker {
  readonly path: string;
  poll(): AgentMessage[];
  /** When the newest turn-ending record read so far was written (ms; the poll's time when it has none). */
  readonly turnEndedMs?: number;
  state(): TranscriptOffset;
}

/** Parser for a line-oriented transcript; null for Gemini's older whole-file JSON and for shell. */
export function recordParser(provider: string, path = ''): RecordParser | null {
  if (provider === 'agent_a') return new ClaudeParser();
  if (provider === 'agent_b') return new CodexParser();
  if (provider === 'agent_c' && path.endsWith('.jsonl')) return new GeminiJsonlParser();
  if (provider === 'agent_d') return new PiParser();
  return null;
}

/**
 * Follows one transcript file. Without a saved position a session starts at the end of its file
 * (history a resumed session carries is not replayed), unless the file was born after the window
 * started (`bornAfterMs`): then it is this window's own new session, read from its first line.
 */
export function createTracker(provider: string, path: string, saved?: TranscriptOffset, bornAfterMs = Infinity): Tracker | null {
  const fresh = !saved && bornAt(path) >= bornAfterMs;
  if (provider === 'agent_c' && !path.endsWith('.jsonl')) return new GeminiTracker(path, saved, fresh);
  const parser = recordParser(provider, path);
  if (!parser) return null;
  if (saved && saved.path === path) return new JsonlTracker(path, parser, saved.offset);
  if (fresh) return new JsonlTracker(path, parser, 0);
  // Someone else's session, or a resumed one: what it holds is not sent, but its parser learns it
  // (Gemini rewrites its whole message list in `$set` lines; Claude's tool results pair with calls).
  const size = JsonlTail.sizeOf(path);
  if (size > PRIME_LIMIT) return new JsonlTracker(path, parser, size);
  const tracker = new JsonlTracker(path, parser, 0);
  tracker.skipExisting();
  return tracker;
}

/** Larger files are not read to prime their parser: the tracker starts at their end. */
const PRIME_LIMIT = 64 << 20;

/** Birth time of a file (ms); a file that does not exist yet will be born now. */
function bornAt(path: string): number {
  try {
    const stat = statSync(path);
    return stat.birthtimeMs || stat.ctimeMs;
  } catch {
    return Infinity;
  }
}

class JsonlTracker implements Tracker {
  private readonly tail: JsonlTail;
  turnEndedMs?: number;
  constructor(readonly path: string, private readonly parser: RecordParser, offset: number) {
    this.tail = new JsonlTail(path, offset);
  }

  /** Reads the file's complete lines into the parser without returning them. */
  skipExisting(): void {
    for (let records = this.tail.read().records; records.length > 0; records = this.tail.read().records) {
      for (const record of records) this.parser.parse(record);
    }
  }

  poll(): AgentMessage[] {
    return this.tail.read().records.flatMap((record) => {
      const end = this.parser.turnEnd?.(record) ?? null;
      if (end !== null) this.turnEndedMs = Math.max(this.turnEndedMs ?? 0, Number.isFinite(end) ? end : Date.now());
      return this.parser.parse(record);
    });
  }

  state(): TranscriptOffset {
    return { path: this.path, offset: this.tail.offset };
  }
}

class GeminiTracker implements Tracker {
  private readonly parser = new GeminiParser();
  private mtimeMs = -1;
  private seen: string[] = [];

  constructor(readonly path: string, saved?: TranscriptOffset, fresh = false) {
    if (fresh) return;
    if (saved?.path === path && saved.seen) {
      this.parser.restore(saved.seen);
      this.seen = [...saved.seen];
    } else {
      const doc = this.load();
      if (doc !== undefined) this.parser.skipExisting(doc);
      this.seen = idsOf(doc);
    }
  }

  poll(): AgentMessage[] {
    let mtimeMs: number;
    try { mtimeMs = statSync(this.path).mtimeMs; } catch { return []; }
    if (mtimeMs === this.mtimeMs) return [];
    const doc = this.load();
    // A half-written rewrite does not parse: keep the old mtime so the next poll retries.
    if (doc === undefined) return [];
    this.mtimeMs = mtimeMs;
    this.seen = idsOf(doc);
    return this.parser.parseDocument(doc);
  }

  state(): TranscriptOffset {
    return { path: this.path, offset: 0, seen: this.seen };
  }

  private load(): unknown {
    try { return JSON.parse(readFileSync(this.path, 'utf8')); } catch { return undefined; }
  }
}

function idsOf(doc: unknown): string[] {
  const messages = (doc as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return [];
  return messages.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
}
