const encoder = new TextEncoder();

/**
 * Passes an Anthropic SSE stream through frame by frame and, just before `message_delta`, inserts one
 * extra text content block (start, delta, stop) numbered after the last block the upstream opened,
 * so the stream stays well-formed. Used only for downgraded requests; others are never parsed.
 */
export function sseNoteInjector(note: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let buffer = '';
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
  return new TransformStream({
    transform(chunk, controller) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = frameEnd(buffer)) !== -1) {
        handle(controller, buffer.slice(0, end));
        buffer = buffer.slice(end);
      }
    },
    flush(controller) {
      buffer += decoder.decode();
      if (buffer) controller.enqueue(encoder.encode(buffer));
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
