import { redact } from '@devhub/shared';
import { ProxyError } from '../upstream/errors';
/** One server-sent event: its `event:` name (when given) and its `data:` lines joined. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * The largest event (or unfinished line) a translated stream holds: far above any vendor's real
 * event (a Responses API `response.completed` repeats the whole answer), far below what would
 * exhaust memory when an upstream sends a line or an event that never ends.
 */
export const MAX_SSE_EVENT_BYTES = 32 * 1024 * 1024;

/** An upstream's stream held more than MAX_SSE_EVENT_BYTES in one event: the translated stream breaks. */
export class SseEventTooLarge extends ProxyError {
  constructor() {
    super('upstream_event_too_large', 502, `the upstream sent a stream event larger than ${MAX_SSE_EVENT_BYTES} bytes; the translated stream was cut`);
  }
}

/**
 * Splits an SSE byte stream into events, chunk by chunk (a frame may straddle chunks). Lines end in
 * LF or CRLF; comment lines (`:`) and fields other than `event`/`data` are skipped. An event or an
 * unfinished line past MAX_SSE_EVENT_BYTES throws SseEventTooLarge.
 */
export class SseParser {
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private event: string | null = null;
  private data: string[] = [];
  /** What `data` (the event being read) holds, in characters plus a per-line cost. */
  private dataSize = 0;

  push(chunk: Uint8Array): SseEvent[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    return this.drain();
  }

  /** The last event when the stream ended without its blank line. */
  end(): SseEvent[] {
    this.buffer += this.decoder.decode();
    const out = this.drain();
    if (this.buffer.length > 0) this.line(this.buffer, out);
    this.buffer = '';
    this.dispatch(out);
    return out;
  }

  private drain(): SseEvent[] {
    const out: SseEvent[] = [];
    let start = 0;
    for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n', start)) {
      const end = nl > start && this.buffer.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      this.line(this.buffer.slice(start, end), out);
      start = nl + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > MAX_SSE_EVENT_BYTES) throw new SseEventTooLarge();
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.charCodeAt(0) === 58 /* : */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') {
      // Each line is a string of its own: its size plus what holding one costs.
      this.dataSize += value.length + 32;
      if (this.dataSize > MAX_SSE_EVENT_BYTES) throw new SseEventTooLarge();
      this.data.push(value);
    } else if (field === 'event') this.event = value;
  }

  private dispatch(out: SseEvent[]): void {
    if (this.data.length > 0) out.push({ event: this.event, data: this.data.join('\n') });
    this.event = null;
    this.data = [];
    this.dataSize = 0;
  }
}

/** `event: <name>\ndata: <json>\n\n` */
export const namedFrame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** `data: <json>\n\n` (OpenAI chat chunks carry no event name). */
export const dataFrame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

export const DONE_FRAME = 'data: [DONE]\n\n';

const encoder = new TextEncoder();

/** A stream translator: the text to send for each input chunk, and for the end of the input. */
export interface SseTranslator {
  push(chunk: Uint8Array): string;
  /** May throw to break the output: a stream cut short must not look complete. */
  end(): string;
}

/**
 * `translator` with `secrets` masked in all it writes. A translation re-encodes the texts it takes
 * from the vendor (an error event's message): a key the vendor wrote with JSON escapes, which a
 * search of its bytes cannot see, comes out plain here, where it is found.
 */
export function redacting(translator: SseTranslator, secrets: readonly string[]): SseTranslator {
  if (secrets.length === 0) return translator;
  return { push: (chunk) => redact(translator.push(chunk), secrets), end: () => redact(translator.end(), secrets) };
}

/**
 * A translator built from an SSE event handler: each parsed event goes to `onEvent`, which returns
 * the text to send on (or ''); `onEnd` runs when the input ends.
 */
export function sseTranslator(onEvent: (event: SseEvent) => string, onEnd: () => string): SseTranslator {
  const parser = new SseParser();
  const run = (events: SseEvent[]) => {
    let text = '';
    for (const event of events) text += onEvent(event);
    return text;
  };
  return {
    push: (chunk) => run(parser.push(chunk)),
    end: () => run(parser.end()) + onEnd(),
  };
}

/**
 * `source` translated chunk by chunk, as the client asks for it (no buffering; a read that yields
 * nothing to send reads on). A plain pulled stream rather than a TransformStream: its first bytes
 * reach the client without the extra hops of pipeThrough. A failure of `source` or of the
 * translator errors the output, which closes the client's connection (a stream cut short must not
 * look complete); a client that leaves cancels `source`. Given `onBreak`, a translator's failure
 * is told to it and the output is errored without a reason: Bun prints the reason a response body
 * errors with, stack and code frame, into the server's log.
 */
export function translateStream(source: ReadableStream<Uint8Array> | null, translator: SseTranslator, onBreak?: (error: unknown) => void): ReadableStream<Uint8Array> | null {
  if (source === null) return null;
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        let text: string;
        try {
          text = done ? translator.end() : translator.push(value);
        } catch (error) {
          // The output breaks; the upstream's connection is not left open behind it.
          if (!done) void reader.cancel(error).catch(() => {});
          if (!onBreak) throw error;
          onBreak(error);
          controller.error(undefined);
          return;
        }
        if (text) controller.enqueue(encoder.encode(text));
        if (done) return controller.close();
        if (text) return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}

/** JSON.parse that answers null instead of throwing. */
export function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
