import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { anthropicFrames, message, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  upstream = await startMockUpstream();
  const h = harness({
    providers: { mm: { base_url: upstream.url, api_keys: [{ key: 'sk-mm-key-0000' }] } },
    routes: { default: [{ match: 'vision', provider: 'mm', model: 'MiniMax-M3' }, { match: '.*', provider: 'mm', model: 'MiniMax-M2' }] },
  });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await upstream.stop(); });

const image = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBORw0KGgo=' } };
const withImages = (model: string) => ({
  model, max_tokens: 32,
  messages: [
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'look' }, image] },
    { role: 'assistant' as const, content: [{ type: 'tool_use' as const, id: 'tu_1', name: 'screenshot', input: {} }] },
    { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'tu_1', content: [image, { type: 'text' as const, text: 'shot' }] }] },
  ],
});
const client = () => new Anthropic({ baseURL: proxy.url, apiKey: 'x', maxRetries: 0 });
const lastBody = () => JSON.parse(upstream.requests.at(-1)!.body);

describe('multimodal downgrade', () => {
  it('strips images (also inside tool_result) for a text-only model and notes it in request and response', async () => {
    upstream.handle(() => Response.json(message('I cannot see it', 'MiniMax-M2')));
    const answer = await client().messages.create(withImages('sonnet'));
    const sent = lastBody();
    expect(JSON.stringify(sent)).not.toContain('"image"');
    expect(sent.messages[0].content[1]).toEqual({ type: 'text', text: expect.stringMatching(/^\[modelproxy\]/) });
    expect(sent.messages[2].content[0].content[0].text).toStartWith('[modelproxy]');
    expect(sent.model).toBe('MiniMax-M2');
    // The note is the last paragraph of the answer's last text block: a client that shows only that block shows both.
    expect(answer.content).toHaveLength(1);
    expect(answer.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^I cannot see it\n\n\[modelproxy\] 2 image\(s\) were removed/) });
  });

  it('strips document (PDF) blocks too for a model that cannot take them, and says so', async () => {
    upstream.handle(() => Response.json(message('read nothing', 'MiniMax-M2')));
    const pdf = { type: 'document' as const, source: { type: 'base64' as const, media_type: 'application/pdf' as const, data: 'JVBERi0xLjQK' } };
    const answer = await client().messages.create({ model: 'sonnet', max_tokens: 32, messages: [{ role: 'user', content: [pdf, { type: 'text', text: 'summarise' }] }] });
    const sent = lastBody();
    expect(JSON.stringify(sent)).not.toContain('"document"');
    expect(sent.messages[0].content[0]).toEqual({ type: 'text', text: '[modelproxy] A document (PDF) was removed here: the model MiniMax-M2 does not accept documents.' });
    expect(answer.content.at(-1)).toMatchObject({ type: 'text', text: expect.stringMatching(/^read nothing\n\n\[modelproxy\] 1 document\(s\) were removed from the request because MiniMax-M2 does not accept documents/) });
  });

  it('ends a streamed text answer with the note, in a well-formed stream', async () => {
    upstream.handle(() => sseResponse(sseFrames('streamed reply', 'MiniMax-M2')));
    const final = await client().messages.stream(withImages('sonnet')).finalMessage();
    expect(final.content).toHaveLength(1);
    expect(final.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^streamed reply\n\n\[modelproxy\] 2 image\(s\)/) });
    expect(final.stop_reason).toBe('end_turn');
  });

  it('adds the note as a block of its own after an answer that ends in a tool call', async () => {
    upstream.handle(() => sseResponse(anthropicFrames([{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: 'tu_2', name: 'screenshot', input: {} }], { model: 'MiniMax-M2' })));
    const final = await client().messages.stream(withImages('sonnet')).finalMessage();
    expect(final.content.map((b) => b.type)).toEqual(['text', 'tool_use', 'text']);
    expect(final.content[0]).toMatchObject({ text: 'Let me look.' });
    expect(final.content[2]).toMatchObject({ text: expect.stringMatching(/^\[modelproxy\] 2 image\(s\)/) });
    expect(final.stop_reason).toBe('tool_use');
  });

  it('leaves images alone for a model on the allow-list', async () => {
    upstream.handle(() => Response.json(message('nice picture', 'MiniMax-M3')));
    const answer = await client().messages.create(withImages('vision-model'));
    expect(lastBody().messages[0].content[1]).toEqual(image);
    expect(lastBody().model).toBe('MiniMax-M3');
    expect(answer.content).toHaveLength(1);
  });

  it('answers a structured 400, not a crash, when a downgraded body nests too deeply to re-serialize', async () => {
    const depth = 200_000;
    const body = `{"model":"text-only","messages":[{"role":"user","content":${'[{"type":"tool_result","content":'.repeat(depth)}[{"type":"image"}]${'}]'.repeat(depth)}}]}`;
    const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body });
    // 200k levels overflow the serializer's stack here; a runtime with a deeper stack may forward it.
    expect([200, 400]).toContain(res.status);
    if (res.status === 400) {
      const { error } = await res.json();
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request' });
      expect(error.message).toMatch(/nests too deeply/);
      expect(error.message).not.toMatch(/call stack/i);
    }
    else expect(lastBody().messages[0].content[0].type).toBe('tool_result');
  });
});
