import { MAX_SSE_EVENT_BYTES, SseEventTooLarge } from '../translate/sse';

const encoder = new TextEncoder();

/**
 * Passes an Anthropic SSE stream through frame by frame and adds `note` to the answer, so the stream
 * stays well-formed: when the answer's last block is text, as a last text_delta of that block
 * ("\n\n" and the note, just before its content_block_stop, which waits for the next frame to
 * tell whether the block was the last); otherwise as one extra text block (start, delta, stop)
 * numbered after the last block the upstream opened, just before `message_delta`. A client that
 * reports an answer's last text block (`claude -p`, Codex's last message) so shows the model's
 * answer with the note, not the note alone. Used only for downgraded requests; others are never
 * parsed. A frame is held until its blank line comes, at most MAX_SSE_EVENT_BYTES (as a translated
 * stream's event): an upstream whose frame never ends breaks the stream instead of filling the
 * proxy's memory. The held part is kept as the chunks it came in and only a new chunk is searched
 * (with the held part's last characters, where a blank line may begin), so a long frame is neither
 * searched nor copied again at each chunk.
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
  /** Indexes of the text blocks the upstream opened. */
  const textBlocks = new Set<number>();
  /** The content_block_stop of the last text block, held until the next frame shows whether it ended the answer. */
  let heldStop: { index: number; frame: string } | null = null;
  const indexOf = (block: string) => Number(/"index"\s*:\s*(\d+)/.exec(block)?.[1] ?? -1);
  const handle = (controller: TransformStreamDefaultController<Uint8Array>, block: string) => {
    const event = /^event:\s*(\S+)/m.exec(block)?.[1];
    if (heldStop && event !== 'ping') {
      if (event === 'message_delta' && !injected) {
        injected = true;
        controller.enqueue(encoder.encode(frame('content_block_delta', { type: 'content_block_delta', index: heldStop.index, delta: { type: 'text_delta', text: `\n\n${note}` } })));
      }
      controller.enqueue(encoder.encode(heldStop.frame));
      heldStop = null;
    }
    if (event === 'content_block_start') {
      const index = indexOf(block);
      if (index >= nextIndex) nextIndex = index + 1;
      if (startsText(block)) textBlocks.add(index);
    }
    if (event === 'content_block_stop' && !injected && textBlocks.has(indexOf(block))) {
      heldStop = { index: indexOf(block), frame: block };
      return;
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
      if (heldStop) controller.enqueue(encoder.encode(heldStop.frame));
      const rest = held.join('') + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** Whether a content_block_start frame opens a text block (its data read as JSON; a start frame is small). */
function startsText(block: string): boolean {
  const data = block.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n');
  try {
    return (JSON.parse(data) as { content_block?: { type?: unknown } }).content_block?.type === 'text';
  } catch {
    return false;
  }
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
