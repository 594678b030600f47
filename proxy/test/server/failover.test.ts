import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync } from 'node:fs';
import { parse } from 'yaml';
import { DEFAULT_CONFIG_YAML, PLACEHOLDER_KEY } from '../../src/config';
import { anthropicError, messageResponse, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { CLAUDE, claudePrint, harness, post, removeTempDirs, tempDir } from '../helpers/proxy-harness';

const A_KEYS = ['sk-minimax-key-0001', 'sk-minimax-key-0002'];
const B_KEY = 'sk-zhipu-key-0001';
// A plain rate limit (60 s rest); a used-up plan window is tested in quota-cooldown.test.ts.
const exhausted = () => anthropicError(429, 'rate_limit_error', 'rate limit reached for this key');

let a: MockUpstream;
let b: MockUpstream;
beforeAll(async () => {
  a = await startMockUpstream(exhausted);
  b = await startMockUpstream(() => messageResponse('from zhipu'));
});
afterAll(async () => {
  await a.stop();
  await b.stop();
  removeTempDirs();
});

/** minimax (two keys) with zhipu as the route's fallback; a fresh key state per test. */
function setup(routes?: unknown, providers: Record<string, unknown> = {}) {
  a.requests.length = 0;
  b.requests.length = 0;
  a.handle(exhausted);
  b.handle(() => messageResponse('from zhipu'));
  let now = 1_000_000;
  const h = harness({
    providers: {
      minimax: { base_url: `${a.url}/anthropic`, api_keys: A_KEYS.map((key) => ({ key })) },
      zhipu: { base_url: `${b.url}/api/anthropic`, api_keys: [{ key: 'YOUR_API_KEY' }, { key: B_KEY }] },
      ...providers,
    },
    routes: routes ?? { default: [{ match: '.*', provider: 'minimax', model: 'MiniMax-M2', fallback: [{ provider: 'zhipu', model: 'glm-4.6' }] }] },
  }, { clock: () => now });
  h.state.configPath = h.file;
  return { h, advance: (ms: number) => { now += ms; } };
}
const ask = { model: 'claude-sonnet-4-5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] };
const modelsSent = (m: MockUpstream) => m.requests.map((r) => JSON.parse(r.body).model as string);

describe('cross-provider failover', () => {
  it('moves to the fallback provider when every key of the first is exhausted, with the fallback\'s model, and names it', async () => {
    const { h } = setup();
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ content: [{ type: 'text', text: 'from zhipu' }] });
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(res.headers.get('x-modelproxy-attempts')).toBe('3');
    expect(a.requests.map((r) => r.key)).toEqual(A_KEYS);
    expect(modelsSent(a)).toEqual(['MiniMax-M2', 'MiniMax-M2']);
    expect(b.requests.map((r) => [r.path, r.key])).toEqual([['/api/anthropic/v1/messages', B_KEY]]);
    expect(modelsSent(b)).toEqual(['glm-4.6']);
    expect((await h.logLines()).at(-1)).toMatchObject({
      route: 'default[0]', provider: 'zhipu', key_index: 2, fallback: 1, model_in: 'claude-sonnet-4-5', model_out: 'glm-4.6', attempts: 3, status: 200, completed: true,
    });
  });

  it('goes straight to the fallback while the first provider\'s keys cool down, and back once they are free', async () => {
    const { h, advance } = setup();
    await h.app.handle(post('/v1/messages', ask));
    a.requests.length = 0;
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(res.headers.get('x-modelproxy-attempts')).toBe('1');
    expect(a.requests.length).toBe(0);
    a.handle(() => messageResponse('from minimax'));
    advance(60_000);
    const back = await h.app.handle(post('/v1/messages', ask));
    expect(back.headers.get('x-modelproxy-key')).toBe('minimax#1');
    expect((await h.logLines()).at(-1)).not.toHaveProperty('fallback');
    a.handle(exhausted);
  });

  it('streams from the fallback provider when the first fails before its 200 (real socket, SDK client)', async () => {
    const { h } = setup();
    b.handle(() => sseResponse(sseFrames('streamed by zhipu', 'glm-4.6')));
    const server = h.listen();
    const client = new Anthropic({ baseURL: server.url, apiKey: 'client-dummy', maxRetries: 0 });
    const stream = client.messages.stream({ ...ask, model: 'sonnet', messages: [{ role: 'user', content: 'hi' }] });
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'streamed by zhipu' });
    expect(a.requests.length).toBe(2);
    expect(b.requests.length).toBe(1);
    expect((await h.logLines()).at(-1)).toMatchObject({ provider: 'zhipu', key_index: 2, fallback: 1, stream: true, completed: true, status: 200 });
    await server.stop();
    b.handle(() => messageResponse('from zhipu'));
  });

  it('never fails over once the first byte is out: a stream that breaks after 200 closes, and the fallback is not called', async () => {
    const { h } = setup();
    // The upstream breaks only after the client has seen text: the 200 is certainly out.
    let clientSawText!: () => void;
    const sawText = new Promise<void>((resolve) => { clientSawText = resolve; });
    a.handle(() => sseResponse(sseFrames('this will break off'), (i) => (i === 5 ? sawText : Promise.resolve()), 5));
    const server = h.listen();
    const stream = new Anthropic({ baseURL: server.url, apiKey: 'client-dummy', maxRetries: 0 }).messages.stream({ ...ask, messages: [{ role: 'user', content: 'hi' }] });
    stream.on('text', () => clientSawText());
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(a.requests.length).toBe(1);
    expect(b.requests.length).toBe(0);
    await waitFor(async () => (await h.logLines()).length > 0, 'the requests.jsonl line', 10_000);
    expect((await h.logLines()).at(-1)).toMatchObject({ provider: 'minimax', key_index: 1, status: 200, completed: false });
    await server.stop();
    a.handle(exhausted);
  });

  it('a fallback without a model gets the client\'s own model and body, not the first target\'s rewrite', async () => {
    const { h } = setup({ default: [{ match: '.*', provider: 'minimax', model: 'MiniMax-M2', fallback: [{ provider: 'zhipu' }] }] });
    await h.app.handle(post('/v1/messages', ask));
    expect(modelsSent(a)).toEqual(['MiniMax-M2', 'MiniMax-M2']);
    expect(b.requests[0]!.body).toBe(JSON.stringify(ask));
  });

  it('when every target fails the client gets the last upstream answer, with attempts over all of them', async () => {
    const { h } = setup();
    b.handle(() => anthropicError(529, 'overloaded_error', 'zhipu overloaded'));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(529);
    expect(res.headers.get('x-modelproxy-attempts')).toBe('3');
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('zhipu overloaded');
    b.handle(() => messageResponse('from zhipu'));
  });

  it('a target whose base_url redirects is passed over for the next one', async () => {
    const { h } = setup();
    a.handle(() => new Response(null, { status: 301, headers: { location: 'https://example.invalid/' } }));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(a.requests.length).toBe(1);
    a.handle(exhausted);
  });

  it('a fallback to another model of the same provider does not retry the keys this request saw refused', async () => {
    const { h } = setup({ default: [{ match: '.*', provider: 'minimax', model: 'MiniMax-M3', fallback: [{ provider: 'minimax', model: 'MiniMax-M2' }, { provider: 'zhipu', model: 'glm-4.6' }] }] });
    a.handle(() => anthropicError(401, 'authentication_error', 'invalid api key'));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(res.headers.get('x-modelproxy-attempts')).toBe('3');
    expect(a.requests.map((r) => [r.key, JSON.parse(r.body).model])).toEqual(A_KEYS.map((key) => [key, 'MiniMax-M3']));
    a.handle(exhausted);
  });

  it('a fallback to another model of the same provider still tries keys that were only rate-limited', async () => {
    const { h } = setup({ default: [{ match: '.*', provider: 'minimax', model: 'MiniMax-M3', fallback: [{ provider: 'minimax', model: 'MiniMax-M2' }, { provider: 'zhipu', model: 'glm-4.6' }] }] });
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(modelsSent(a)).toEqual(['MiniMax-M3', 'MiniMax-M3', 'MiniMax-M2', 'MiniMax-M2']);
  });
});

describe('routes fall through when their provider has no usable key', () => {
  const timed = (provider: string) => ({
    timed: [{ match: 'sonnet', provider, model: 'glm-4.6', schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '00:00', to: '23:59', tz: 'UTC' } }],
    default: [{ match: '.*', provider: 'zhipu', model: 'glm-4.5' }],
  });

  it('skips a route whose provider has only placeholder keys and matching continues', async () => {
    const { h } = setup(timed('kimi'), { kimi: { base_url: `${a.url}/kimi`, api_keys: [{ key: 'YOUR_API_KEY' }] } });
    const res = await h.app.handle(post('/v1/messages', { ...ask, model: 'sonnet' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(a.requests.length).toBe(0);
    expect(modelsSent(b)).toEqual(['glm-4.5']);
    expect((await h.logLines()).at(-1)).toMatchObject({ route: 'default[0]', provider: 'zhipu', model_out: 'glm-4.5' });
  });

  it('skips a route whose every key was refused (401) while those keys rest', async () => {
    const { h, advance } = setup(timed('minimax'));
    a.handle(() => anthropicError(401, 'authentication_error', 'invalid api key'));
    expect((await h.app.handle(post('/v1/messages', { ...ask, model: 'sonnet' }))).status).toBe(401);
    const res = await h.app.handle(post('/v1/messages', { ...ask, model: 'sonnet' }));
    expect(res.headers.get('x-modelproxy-key')).toBe('zhipu#2');
    expect(a.requests.length).toBe(2);
    // After the rest the refused keys are tried again.
    a.handle(() => messageResponse('from minimax'));
    advance(30 * 60_000);
    expect((await h.app.handle(post('/v1/messages', { ...ask, model: 'sonnet' }))).headers.get('x-modelproxy-key')).toBe('minimax#1');
    a.handle(exhausted);
  });

  it('answers no_usable_key naming every provider it passed over when no matching route can serve', async () => {
    const { h } = setup(timed('kimi'), {
      kimi: { base_url: `${a.url}/kimi`, api_keys: [{ key: 'YOUR_API_KEY' }] },
      zhipu: { base_url: `${b.url}/api/anthropic`, api_keys: [{ key: 'YOUR_API_KEY' }] },
    });
    const res = await h.app.handle(post('/v1/messages', { ...ask, model: 'sonnet' }));
    expect(res.status).toBe(502);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('no_usable_key');
    expect(error.message).toBe(`providers "kimi" and "zhipu" have only placeholder keys — edit ${h.file}: put a real key in their api_keys, then reload`);
    expect((await h.logLines()).at(-1)).toMatchObject({ route: 'timed[0]', provider: 'kimi', key_index: null, status: 502 });
  });
});

describe('the shipped default config', () => {
  it('sends Sonnet to MiniMax during Shanghai office hours when only the MiniMax key is filled in', async () => {
    a.requests.length = 0;
    a.handle(() => messageResponse('from minimax'));
    const config = parse(DEFAULT_CONFIG_YAML.replace('https://api.minimaxi.com/anthropic', `${a.url}/anthropic`).replace(`{ key: ${PLACEHOLDER_KEY}, note: personal }`, '{ key: sk-cp-filled-in-0001, note: personal }'));
    const h = harness(config, { now: () => new Date('2026-11-23T02:00:00Z') }); // Monday 10:00 in Shanghai
      expect(h.state.current.config.providers.zhipu!.api_keys.every((k) => k.key === PLACEHOLDER_KEY)).toBe(true);
    const res = await h.app.handle(post('/v1/messages', { ...ask, model: 'sonnet' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-modelproxy-key')).toBe('minimax#1');
    expect(modelsSent(a)).toEqual(['MiniMax-M2']);
    expect((await h.logLines()).at(-1)).toMatchObject({ route: 'timed[0]', provider: 'minimax', fallback: 1 });
    a.handle(exhausted);
  });
});

describe('Claude Code through a failover', () => {
  it.skipIf(!existsSync(CLAUDE))('`claude -p` gets its answer from the fallback provider while the first one is exhausted', async () => {
    const { h } = setup();
    // MiniMax's answer once a key's 5-hour window is used up (HTTP 429, code 2056 at the end).
    // Three hours ahead on the key pool's clock (a rest is at most 31 days on it: upstream/key-pool.ts MAX_REST_MS).
    const reset = new Date(h.pool.now() + 3 * 3_600_000).toISOString();
    a.handle(() => anthropicError(429, 'rate_limit_error', `usage limit exceeded, 5-hour usage limit reached for Token Plan Starter (0/0 used), resets at ${reset} (2056)`));
    b.handle((r) => (r.path.endsWith('/v1/messages') ? sseResponse(sseFrames('PONG-from-the-fallback', 'glm-4.6')) : new Response('not found', { status: 404 })));
    const proxy = h.listen();
    const { code, stdout, stderr } = await claudePrint(tempDir('modelproxy-claude-failover-'), { baseUrl: proxy.url, clientKey: 'sk-ant-dummy-client-key-0123456789' });
    await proxy.stop();
    a.handle(exhausted);
    b.handle(() => messageResponse('from zhipu'));
    expect({ code, stdout: stdout.trim() }).toEqual({ code: 0, stdout: 'PONG-from-the-fallback' });
    expect(stderr).not.toContain(B_KEY);
    // Both MiniMax keys were tried once, then rest until the stated reset: later requests went straight to the fallback.
    expect(a.requests.map((r) => r.key)).toEqual(A_KEYS);
    expect(h.pool.restingUntil('minimax', A_KEYS[0]!)).toBe(Date.parse(reset));
    const served = (await h.logLines()).filter((l) => l.status === 200);
    expect(served.length).toBeGreaterThan(0);
    for (const line of served) expect(line).toMatchObject({ provider: 'zhipu', key_index: 2, fallback: 1, model_out: 'glm-4.6' });
    for (const call of b.requests) expect(JSON.parse(call.body).model).toBe('glm-4.6');
  }, 120_000);
});
