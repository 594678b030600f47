import { describe, expect, it } from 'bun:test';
import { sseNoteInjector } from '../../src/upstream/sse-note';
import { stripImages } from '../../src/upstream/multimodal';

const frame = (event: string, data: unknown, eol = '\n') => `event: ${event}${eol}data: ${JSON.stringify(data)}${eol}${eol}`;

async function run(input: string, chunkSize: number, note: string): Promise<string> {
  const bytes = new TextEncoder().encode(input);
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.slice(i, i + chunkSize));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(sseNoteInjector(note))).text();
}

describe('SSE note injection', () => {
  const head = frame('message_start', { type: 'message_start', message: { content: [] } })
    + frame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })
    + frame('content_block_stop', { type: 'content_block_stop', index: 0 })
    + frame('content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 't', name: 'n', input: {} } })
    + frame('content_block_stop', { type: 'content_block_stop', index: 1 });
  const tail = frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' } }) + frame('message_stop', { type: 'message_stop' });
  const injected = frame('content_block_start', { type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } })
    + frame('content_block_delta', { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: '[modelproxy] note' } })
    + frame('content_block_stop', { type: 'content_block_stop', index: 2 });

  it.each([1, 7, 64, 100_000])('adds one block after the last index, before message_delta (chunks of %p bytes)', async (size) => {
    expect(await run(head + tail, size, '[modelproxy] note')).toBe(head + injected + tail);
  });

  it.each([1, 7, 64, 100_000])('ends an answer whose last block is text with the note as that block\'s last delta (chunks of %p bytes)', async (size) => {
    const text = frame('message_start', { type: 'message_start', message: { content: [] } })
      + frame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } })
      + frame('content_block_stop', { type: 'content_block_stop', index: 0 })
      + frame('content_block_start', { type: 'content_block_start', index: 1, content_block: { text: '', type: 'text' } })
      + frame('content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'answer' } });
    const stop = frame('content_block_stop', { type: 'content_block_stop', index: 1 });
    const ping = frame('ping', { type: 'ping' });
    const end = frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' } }) + frame('message_stop', { type: 'message_stop' });
    const note = frame('content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: '\n\n[modelproxy] note' } });
    expect(await run(text + stop + ping + end, size, '[modelproxy] note')).toBe(text + ping + note + stop + end);
    // A stream that ends after the text block, without message_delta, still gets its stop frame.
    expect(await run(text + stop, size, 'n')).toBe(text + stop);
  });

  it('handles CRLF frames and leaves a stream without message_delta unchanged', async () => {
    const crlf = frame('message_start', { type: 'message_start' }, '\r\n') + frame('message_delta', { type: 'message_delta' }, '\r\n');
    const out = await run(crlf, 5, 'n');
    expect(out.indexOf('content_block_start')).toBeLessThan(out.indexOf('message_delta'));
    const partial = head + 'event: ping\ndata: {"type":"ping"}';
    expect(await run(partial, 3, 'n')).toBe(partial);
  });

  it.each([1, 2, 3, 5, 11])('finds CRLF frame ends that straddle chunks of %p bytes, each frame once', async (size) => {
    const crlf = (event: string, data: unknown) => frame(event, data, '\r\n');
    const input = crlf('message_start', { type: 'message_start' }) + crlf('content_block_start', { type: 'content_block_start', index: 0 })
      + crlf('content_block_stop', { type: 'content_block_stop', index: 0 }) + crlf('message_delta', { type: 'message_delta' }) + crlf('message_stop', { type: 'message_stop' });
    const out = await run(input, size, 'n');
    expect(out).toBe(input.replace('event: message_delta', `${frame('content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } })}${frame('content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'n' } })}${frame('content_block_stop', { type: 'content_block_stop', index: 1 })}event: message_delta`));
  });
});

describe('image stripping', () => {
  it('replaces top-level and tool_result images and documents, and leaves other blocks', () => {
    const body = {
      messages: [
        { role: 'user', content: 'plain string content' },
        { role: 'user', content: [{ type: 'image', source: {} }, { type: 'text', text: 'a' }, { type: 'document', source: {} }] },
        { role: 'user', content: [{ type: 'tool_result', content: [{ type: 'image', source: {} }] }, { type: 'tool_result', content: 'text' }] },
      ],
    };
    expect(stripImages(body, 'm')).toEqual({ images: 2, documents: 1 });
    expect(JSON.stringify(body)).not.toContain('"image"');
    expect(body.messages[1]!.content[1]).toEqual({ type: 'text', text: 'a' });
    expect(body.messages[1]!.content[2]).toEqual({ type: 'text', text: '[modelproxy] A document (PDF) was removed here: the model m does not accept documents.' });
    expect(stripImages({ messages: 'nonsense' }, 'm')).toEqual({ images: 0, documents: 0 });
  });

  it('finds an image nested deeper than the call stack would allow recursion', () => {
    const depth = 200_000;
    const json = `{"messages":[{"role":"user","content":${'[{"type":"tool_result","content":'.repeat(depth)}[{"type":"image"}]${'}]'.repeat(depth)}}]}`;
    expect(stripImages(JSON.parse(json) as Record<string, unknown>, 'm')).toEqual({ images: 1, documents: 0 });
  });
});
