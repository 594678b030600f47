import { MAX_SSE_EVENT_BYTES, SseEventTooLarge } from '../translate/sse';

const encoder = new TextEncoder();

/**
 * Passes an Anthropic SSE stream through frame by frame and, just before `message_delta`, inserts one
 * extra text content block (start, delta, stop) numbered after the last block the upstream opened,
 * so the stream stays well-formed. Used only for downgraded requests; others are never parsed.
 * A frame is held until its blank line comes, at most MAX_SSE_EVENT_BYTES (as a translated stream's
 * event): an upstream whose frame never ends breaks the stream instead of filling the proxy's memory.
 * The held part is kept as the chunks it came in and only a new chunk is searched (with the held
 * part's last characters, where a blank line may begin), so a long frame is neither searched nor
 * copied again at each chunk.
 */
export function sseNoteInjector(note: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  /** The start of a frame whose end has not come yet, as received, and its size in characters. */
  let held: string[] = [];
  let heldSize = 0;
  /** The held part's last characters: a terminator (at most 4 characters) may begin there. */
  let edge = '';
  let nextIndex = 0;
  let injected = false;
  const frames = (index: number) => encoder.encode([
    frame('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
    frame('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: note } }),
    frame('content_block_stop', { type: 'content_block_stop', index }),
  ].join(''));
  const handle = (controller: TransformStreamDefaultController<Uint8Array>, block: string) => {
    const event = /^event:\s*(\S+)/m.exec(block)?.[1];
    if (event === 'content_block_start') {
      const index = Number(/"index"\s*:\s*(\d+)/.exec(block)?.[1] ?? -1);
      if (index >= nextIndex) nextIndex = index + 1;
    }
    if (event === 'message_delta' && !injected) {
      injected = true;
      controller.enqueue(frames(nextIndex));
    }
    controller.enqueue(encoder.encode(block));
  };
  const hold = (text: string) => {
    held.push(text);
    heldSize += text.length;
    if (heldSize > MAX_SSE_EVENT_BYTES) throw new SseEventTooLarge();
    edge = (edge + text).slice(-3);
  };
  return new TransformStream({
    transform(chunk, controller) {
      let text = decoder.decode(chunk, { stream: true });
      if (heldSize > 0) {
        const end = frameEnd(edge + text);
        if (end === -1) return hold(text);
        const cut = end - edge.length;
        handle(controller, held.join('') + text.slice(0, cut));
        held = [];
        heldSize = 0;
        edge = '';
        text = text.slice(cut);
      }
      let end: number;
      while ((end = frameEnd(text)) !== -1) {
        handle(controller, text.slice(0, end));
        text = text.slice(end);
      }
      if (text) hold(text);
    },
    flush(controller) {
      const rest = held.join('') + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** End (exclusive) of the first complete frame, or -1. */
function frameEnd(text: string): number {
  const lf = text.indexOf('\n\n');
  const crlf = text.indexOf('\r\n\r\n');
  if (lf === -1 && crlf === -1) return -1;
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return crlf + 4;
  return lf + 2;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
