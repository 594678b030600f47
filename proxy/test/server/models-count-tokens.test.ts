import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'bun:test';
import { anthropicError, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

let claude: MockUpstream;
const counts = (r: { path: string }) => (r.path === '/v1/messages/count_tokens' ? Response.json({ input_tokens: 1234 }) : new Response('no', { status: 404 }));
let ds: MockUpstream;
let h: ReturnType<typeof harness>;
let proxy: { url: string; stop(): Promise<void> };
beforeAll(async () => {
  claude = await startMockUpstream(counts);
  ds = await startMockUpstream(() => new Response('no', { status: 404 }));
  h = harness({
    providers: {
      claude: { base_url: claude.url, api_keys: [{ key: 'sk-ant-count-key-7070' }] },
      ds: { base_url: `${ds.url}/v1`, format: 'openai', api_keys: [{ key: 'sk-ds-count-key-6060' }] },
      idle: { base_url: ds.url, api_keys: [{ key: 'YOUR_API_KEY' }] },
    },
    routes: {
      timed: [],
      default: [
        { match: 'haiku', provider: 'ds', model: 'deepseek-chat' },
        { match: 'unfilled', provider: 'idle' },
        { match: 'gpt-5-codex', provider: 'claude', model: 'claude-sonnet-4-5', fallback: [{ provider: 'ds', model: 'deepseek-reasoner' }] },
        { match: '.*', provider: 'claude' },
      ],
    },
  });
  proxy = h.listen();
});
afterAll(async () => { await proxy.stop(); await claude.stop(); await ds.stop(); removeTempDirs(); });

describe('GET /v1/models', () => {
  it('lists what the routes serve in Anthropic\'s shape for an Anthropic client (the SDK pages through it)', async () => {
    const client = new Anthropic({ baseURL: proxy.url, apiKey: 'x', maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    // Plain-name matches and every target model. `unfilled` routes to a provider with only
    // placeholder keys, so it falls through to the catch-all (claude serves it).
    expect(ids).toEqual(['haiku', 'deepseek-chat', 'unfilled', 'gpt-5-codex', 'claude-sonnet-4-5', 'deepseek-reasoner']);
    const raw = await (await fetch(`${proxy.url}/v1/models`, { headers: { 'anthropic-version': '2023-06-01', authorization: 'Bearer x' } })).json() as { data: { type: string }[]; has_more: boolean; first_id: string };
    expect(raw).toMatchObject({ has_more: false, first_id: 'haiku' });
    expect(raw.data[0]).toMatchObject({ type: 'model', id: 'haiku', display_name: 'haiku' });
  });

  it('lists them in OpenAI\'s shape for an OpenAI client (Bearer without anthropic-version), owned_by the provider that serves', async () => {
    const client = new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'x', maxRetries: 0 });
    const models: OpenAI.Models.Model[] = [];
    for await (const model of client.models.list()) models.push(model);
    expect(models.map((m) => [m.id, m.owned_by, m.object])).toEqual([
      ['haiku', 'ds', 'model'], ['deepseek-chat', 'claude', 'model'], ['unfilled', 'claude', 'model'], ['gpt-5-codex', 'claude', 'model'], ['claude-sonnet-4-5', 'claude', 'model'], ['deepseek-reasoner', 'claude', 'model'],
    ]);
    expect((await client.models.retrieve('gpt-5-codex')).owned_by).toBe('claude');
    const missing = await client.models.retrieve('nope').catch((e) => e);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    // Its errors in OpenAI's shape too (the SDK reads code and type from it); an Anthropic client's stay Anthropic's.
    expect({ code: missing.code, type: missing.type }).toEqual({ code: 'model_not_found', type: 'invalid_request_error' });
    const raw = await (await fetch(`${proxy.url}/v1/models/nope`, { headers: { authorization: 'Bearer x' } })).json();
    expect(Object.keys(raw)).toEqual(['type', 'error']);
    expect(Object.keys(raw.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    const wrongMethod = await (await fetch(`${proxy.url}/v1/models`, { method: 'POST', headers: { authorization: 'Bearer x' } })).json();
    expect(wrongMethod.error.code).toBe('method_not_allowed');
    expect(wrongMethod.type).toBe('error');
    // The guard's refusals too: a foreign Origin on the list.
    const foreign = await (await fetch(`${proxy.url}/v1/models`, { headers: { authorization: 'Bearer x', origin: 'http://evil.example' } })).json();
    expect(foreign).toEqual({ type: 'error', error: { message: expect.any(String), type: 'permission_error', param: null, code: 'forbidden_origin' } });
    const anthropic = await (await fetch(`${proxy.url}/v1/models/nope`, { headers: { 'x-api-key': 'x', 'anthropic-version': '2023-06-01' } })).json();
    expect(anthropic).toMatchObject({ type: 'error', error: { type: 'not_found_error', code: 'model_not_found' } });
    // Once the catch-all's provider has no usable key either, a name only it served is no longer listed.
    h.pool.fail('claude', 'sk-ant-count-key-7070', 401);
    try {
      const left: string[] = [];
      for await (const model of client.models.list()) left.push(model.id);
      expect(left).toEqual(['haiku', 'gpt-5-codex']); // gpt-5-codex's route falls back to ds
    } finally {
      h.pool.reload();
    }
  });
});

describe('POST /v1/messages/count_tokens', () => {
  beforeEach(() => claude.handle(counts));
  const body = { model: 'claude-opus', messages: [{ role: 'user', content: 'count these words for me, please' }] };

  it('is forwarded to an Anthropic-format provider with its key and the route\'s model', async () => {
    const client = new Anthropic({ baseURL: proxy.url, apiKey: 'x', maxRetries: 0 });
    const count = await client.messages.countTokens({ model: 'gpt-5-codex', messages: body.messages as Anthropic.MessageParam[] });
    expect(count.input_tokens).toBe(1234);
    const sent = claude.requests.findLast((r) => r.path === '/v1/messages/count_tokens')!;
    expect(sent.headers['x-api-key']).toBe('sk-ant-count-key-7070');
    expect(JSON.parse(sent.body).model).toBe('claude-sonnet-4-5');
  });

  it('is estimated locally, and marked so, for an OpenAI-format provider or a vendor without the endpoint', async () => {
    const toOpenAI = await fetch(`${proxy.url}/v1/messages/count_tokens`, { method: 'POST', body: JSON.stringify({ ...body, model: 'haiku' }) });
    expect(toOpenAI.status).toBe(200);
    expect(toOpenAI.headers.get('x-modelproxy-estimate')).toBe('local');
    expect(toOpenAI.headers.get('x-modelproxy-estimate-reason')).toContain('"ds" speaks the OpenAI format');
    const estimate = await toOpenAI.json() as { input_tokens: number; estimated: boolean };
    expect(estimate.estimated).toBe(true);
    expect(estimate.input_tokens).toBeGreaterThan(5);
    expect(estimate.input_tokens).toBeLessThan(30);

    claude.handle(() => anthropicError(404, 'not_found_error', 'no such endpoint'));
    const missing = await fetch(`${proxy.url}/v1/messages/count_tokens`, { method: 'POST', body: JSON.stringify(body) });
    expect(missing.headers.get('x-modelproxy-estimate-reason')).toBe('provider "claude" answered HTTP 404 to count_tokens');
    expect(((await missing.json()) as { input_tokens: number }).input_tokens).toBe(estimate.input_tokens);
  });

  it('is estimated locally when the vendor answers 200 with something other than a count (a message, a page)', async () => {
    for (const answer of [() => Response.json({ id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'text', text: 'hi' }], usage: { input_tokens: 3, output_tokens: 1 } }), () => new Response('<html>welcome</html>', { headers: { 'content-type': 'text/html' } })]) {
      claude.handle(answer);
      const res = await fetch(`${proxy.url}/v1/messages/count_tokens`, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-modelproxy-estimate-reason')).toBe('provider "claude" answered count_tokens without an input_tokens count');
      const estimate = await res.json() as { input_tokens: number; estimated: boolean };
      expect(estimate.estimated).toBe(true);
      expect(estimate.input_tokens).toBeGreaterThan(5);
    }
  });

  it('validates its body: not JSON, no model, no messages are 400s', async () => {
    const send = (text: string) => fetch(`${proxy.url}/v1/messages/count_tokens`, { method: 'POST', body: text });
    expect(((await (await send('{"model":')).json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect(((await (await send('{"messages":[]}')).json()) as { error: { code: string } }).error.code).toBe('missing_model');
    const noMessages = await send('{"model":"x"}');
    expect(noMessages.status).toBe(400);
    expect(((await noMessages.json()) as { error: { message: string } }).error.message).toStartWith('messages');
  });

  it('answers 400, not 500, for a body nested too deeply to count, whether the vendor or the estimate would count it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    // A tool schema and a tool call's input nested deeper than the serializer's stack.
    const tools = `{"model":"sonnet","messages":[{"role":"user","content":"hi"}],"tools":[{"name":"t","input_schema":${deep}}]}`;
    const input = `{"model":"haiku","messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"t","input":${deep}}]}]}`;
    for (const body of [tools, input]) {
      const res = await fetch(`${proxy.url}/v1/messages/count_tokens`, { method: 'POST', body });
      const answer = (await res.json()) as { type: string; error: { type: string; code: string; message: string } };
      expect({ status: res.status, type: answer.type, code: answer.error.code }).toEqual({ status: 400, type: 'error', code: 'invalid_request' });
      expect(answer.error.message).toContain('nests too deeply');
    }
  }, 30_000);
});
