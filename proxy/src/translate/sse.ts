/** One server-sent event: its `event:` name (when given) and its `data:` lines joined. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * Splits an SSE byte stream into events, chunk by chunk (a frame may straddle chunks). Lines end in
 * LF or CRLF; comment lines (`:`) and fields other than `event`/`data` are skipped.
 */
export class SseParser {
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private event: string | null = null;
  private data: string[] = [];

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
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') return this.dispatch(out);
    if (line.charCodeAt(0) === 58 /* : */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }

  private dispatch(out: SseEvent[]): void {
    if (this.data.length > 0) out.push({ event: this.event, data: this.data.join('\n') });
    this.event = null;
    this.data = [];
  }
}

/** `event: <name>\ndata: <json>\n\n` */
export const namedFrame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** `data: <json>\n\n` (OpenAI chat chunks carry no event name). */
export const dataFrame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

export const DONE_FRAME = 'data: [DONE]\n\n';

const encoder = new TextEncoder();

/**
 * A byte-stream transformer built from an SSE event handler: each parsed event goes to `onEvent`,
 * which returns the text to send on (or ''); `onEnd` runs when the input ends and may throw to
 * break the output (a stream cut short must not look complete).
 */
export function sseTransform(onEvent: (event: SseEvent) => string, onEnd: () => string): TransformStream<Uint8Array, Uint8Array> {
  const parser = new SseParser();
  const emit = (controller: TransformStreamDefaultController<Uint8Array>, events: SseEvent[]) => {
    let text = '';
    for (const event of events) text += onEvent(event);
    if (text) controller.enqueue(encoder.encode(text));
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      emit(controller, parser.push(chunk));
    },
    flush(controller) {
      emit(controller, parser.end());
      const last = onEnd();
      if (last) controller.enqueue(encoder.encode(last));
    },
  });
}

/** JSON.parse that answers null instead of throwing. */
export function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
