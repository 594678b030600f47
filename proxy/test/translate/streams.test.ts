import { describe, expect, it } from 'bun:test';
import { MAX_SSE_EVENT_BYTES, SseParser, translateStream, type SseTranslator } from '../../src/translate/sse';
import { chatToAnthropicStream } from '../../src/translate/vendor-response';
import { anthropicToChat, anthropicToChatStream } from '../../src/translate/chat-response';
import { appendNoteToJson, responseNote } from '../../src/upstream/multimodal';
import { sseNoteInjector } from '../../src/upstream/sse-note';
import { anthropicToResponsesStream } from '../../src/translate/responses-response';
import { anthropicFrames, anthropicJson } from '../helpers/mock-upstream';
import { chatChunks } from '../helpers/mock-openai';

const encoder = new TextEncoder();

/** Runs `text` through a transformer in chunks of `size` bytes; the output text, or the error it broke with. */
async function run(translator: SseTranslator, text: string, size = text.length): Promise<{ out: string; error: string | null }> {
  const bytes = encoder.encode(text);
  const input = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
  let out = '';
  const decoder = new TextDecoder();
  try {
    for await (const chunk of translateStream(input, translator)!) out += decoder.decode(chunk, { stream: true });
    return { out, error: null };
  } catch (error) {
    return { out, error: (error as Error).message };
  }
}

const events = (sse: string) => new SseParser().push(encoder.encode(sse)).map((e) => ({ event: e.event, data: JSON.parse(e.data) }));

describe('SseParser', () => {
  it('reads CRLF and LF lines, multi-line data, comments, and frames split anywhere', () => {
    const text = ': keep-alive\r\nevent: a\r\ndata: {"x":\r\ndata: 1}\r\n\r\ndata: two\n\n';
    for (let size = 1; size <= text.length; size++) {
      const parser = new SseParser();
      const got = [];
      for (let i = 0; i < text.length; i += size) got.push(...parser.push(encoder.encode(text.slice(i, i + size))));
      got.push(...parser.end());
      expect(got).toEqual([{ event: 'a', data: '{"x":\n1}' }, { event: null, data: 'two' }]);
    }
  });
});

describe('an upstream stream that never ends its line or its event', () => {
  /**
   * An upstream body of `unit` repeated, 1 MiB per chunk, twice the bound in all (an endless one
   * would hang a parser without the bound instead of failing it); says when it was cancelled.
   */
  function endless(unit: string) {
    const chunk = encoder.encode(unit.repeat(Math.ceil((1 << 20) / unit.length)));
    let sent = 0;
    const state = { cancelled: false, sent: () => sent };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * MAX_SSE_EVENT_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() { state.cancelled = true; },
    });
    return { body, state };
  }

  for (const [what, unit] of [['a line with no end', 'x'], ['an event of endless data lines', 'data: {"x":1}\n']] as const) {
    it(`${what}: the translated stream breaks past ${MAX_SSE_EVENT_BYTES} bytes and the upstream is cancelled`, async () => {
      const { body, state } = endless(unit);
      let error = '';
      try {
        for await (const _ of translateStream(body, chatToAnthropicStream('m'))!) { /* nothing is sent */ }
      } catch (e) { error = (e as Error).message; }
      expect(error).toContain(`larger than ${MAX_SSE_EVENT_BYTES} bytes`);
      expect(state.cancelled).toBe(true);
      // It stopped reading right past the bound: nothing like an unbounded buffer.
      expect(state.sent()).toBeLessThanOrEqual(MAX_SSE_EVENT_BYTES + 2 * (1 << 20));
    });
  }
});

describe('OpenAI chat chunks → Anthropic events (format: openai vendors)', () => {
  const script = { reasoning: 'think', text: 'hello', toolCalls: [{ id: 'c1', name: 'a', arguments: '{"x":1}' }, { id: 'c2', name: 'b', arguments: '{"y":2}' }] };

  it('gives the same events however the bytes are split', async () => {
    const text = chatChunks(script).join('');
    const whole = await run(chatToAnthropicStream('m'), text);
    for (const size of [1, 7, 64]) expect((await run(chatToAnthropicStream('m'), text, size)).out).toBe(whole.out);
    const got = events(whole.out);
    expect(got.map((e) => e.event)).toEqual([
      'message_start',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop',
      'message_delta', 'message_stop',
    ]);
    expect(got.filter((e) => e.event === 'content_block_start').map((e) => [e.data.index, e.data.content_block.type, e.data.content_block.id])).toEqual([[0, 'thinking', undefined], [1, 'text', undefined], [2, 'tool_use', 'c1'], [3, 'tool_use', 'c2']]);
    const json = (i: number) => got.filter((e) => e.data.index === i && e.data.delta?.type === 'input_json_delta').map((e) => e.data.delta.partial_json).join('');
    expect([json(2), json(3)]).toEqual(['{"x":1}', '{"y":2}']);
    expect(got.at(-2)!.data).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 24, output_tokens: 9, cache_read_input_tokens: 16 } });
  });

  it('reads `reasoning` (OpenRouter, Ollama) as thinking too, and finishes a stream that ends without [DONE] after its finish_reason', async () => {
    const lines = chatChunks({ text: 'ok' }, { includeUsage: false }).slice(0, -1).join('').replace('"content":""', '"content":"","reasoning":"r"');
    const { out, error } = await run(chatToAnthropicStream('m'), lines);
    expect(error).toBeNull();
    const got = events(out);
    expect(got[1]!.data.content_block.type).toBe('thinking');
    expect(got.at(-1)!.event).toBe('message_stop');
    expect(got.at(-2)!.data.delta.stop_reason).toBe('end_turn');
  });

  it('breaks when the vendor stops before any finish_reason; an error chunk becomes an error event', async () => {
    expect((await run(chatToAnthropicStream('m'), chatChunks({ text: 'partial' }).slice(0, 2).join(''))).error).toContain('ended before');
    const failed = await run(chatToAnthropicStream('m'), `${chatChunks({ text: 'x' })[0]}data: {"error":{"message":"boom","type":"server_error"}}\n\n`);
    expect(events(failed.out).at(-1)).toEqual({ event: 'error', data: { type: 'error', error: { type: 'api_error', message: 'boom' } } });
  });
});

describe('Anthropic events → OpenAI streams', () => {
  const frames = anthropicFrames([{ type: 'text', text: 'hi there' }]).join('');

  it('chat: no usage chunk unless asked; an error event is an error object; a cut stream breaks', async () => {
    const plain = await run(anthropicToChatStream({ model: 'm', stream: true, includeUsage: false }), frames, 5);
    expect(plain.out.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(plain.out).not.toContain('"usage"');
    const withUsage = await run(anthropicToChatStream({ model: 'm', stream: true, includeUsage: true }), frames);
    expect(withUsage.out).toContain('"choices":[],"usage":{"prompt_tokens":16');
    const errorFrame = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const failed = await run(anthropicToChatStream({ model: 'm', stream: true, includeUsage: false }), frames.split('event: content_block_stop')[0] + errorFrame);
    expect(failed.out).toContain('data: {"error":{"message":"Overloaded","type":"server_error","param":null,"code":"overloaded_error"}}');
    expect((await run(anthropicToChatStream({ model: 'm', stream: true, includeUsage: false }), frames.slice(0, 600))).error).toContain('ended before');
  });

  it('chat: the proxy\'s image note is a paragraph of its own, while the answer\'s own blocks join as they are', async () => {
    const note = responseNote('MiniMax-M2', { images: 1, documents: 0 });
    const blocks = [{ type: 'text' as const, text: 'hello' }, { type: 'text' as const, text: ' world' }];
    const context = { model: 'm', stream: true, includeUsage: false };
    const noted = new Response(new Response(anthropicFrames(blocks).join('')).body!.pipeThrough(sseNoteInjector(note)));
    const streamed = await run(anthropicToChatStream(context), await noted.text(), 9);
    const content = new SseParser().push(encoder.encode(streamed.out)).filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data).choices[0]?.delta?.content ?? '').join('');
    expect(content).toBe(`hello world\n\n${note}`);
    const whole = JSON.parse(appendNoteToJson(JSON.stringify(anthropicJson(blocks)), note));
    expect(anthropicToChat(whole, { ...context, stream: false }).choices[0]!.message.content).toBe(`hello world\n\n${note}`);
  });

  it('responses: custom tools come back as custom_tool_call items with their raw input; sequence numbers count up', async () => {
    const tool = anthropicFrames([{ type: 'tool_use', id: 'toolu_p', name: 'apply_patch', input: { input: '*** Begin Patch\n*** End Patch' } }]).join('');
    const { out } = await run(anthropicToResponsesStream({ model: 'm', stream: true, customTools: new Set(['apply_patch']), echo: {} }), tool, 9);
    const got = events(out);
    expect(got.map((e) => e.data.sequence_number)).toEqual(got.map((_, i) => i));
    const done = got.find((e) => e.event === 'response.output_item.done')!.data.item;
    expect(done).toMatchObject({ type: 'custom_tool_call', call_id: 'toolu_p', name: 'apply_patch', input: '*** Begin Patch\n*** End Patch', status: 'completed' });
    expect(got.find((e) => e.event === 'response.custom_tool_call_input.done')!.data.input).toBe('*** Begin Patch\n*** End Patch');
    expect(got.at(-1)!.data.response.output).toEqual([done]);
  });

  it('responses: an in-stream error is response.failed', async () => {
    const errorFrame = 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const { out } = await run(anthropicToResponsesStream({ model: 'm', stream: true, customTools: new Set(), echo: {} }), frames.split('event: content_block_start')[0] + errorFrame);
    expect(events(out).at(-1)!.data).toMatchObject({ type: 'response.failed', response: { status: 'failed', error: { code: 'overloaded_error', message: 'Overloaded' } } });
  });
});
