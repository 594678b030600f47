import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { waitFor } from '@devhub/shared/testing';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { DEFAULT_CONFIG_YAML } from '../../src/config';
import { configPath, requestsLogPath } from '../../src/config/paths';
import { KeyPool } from '../../src/upstream/key-pool';
import { keyWarnings } from '../../src/upstream/key-warnings';
import { retryAfterMs } from '../../src/upstream/fallback';
import { whenText } from '../../src/upstream/rest-text';
import { anthropicError, messageResponse, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { CLAUDE, claudePrint, configFor, harness, post, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

afterAll(removeTempDirs);

const KEY_1 = 'sk-first-provider-key-0001';
const KEY_2 = 'sk-second-provider-key-0002';
const ask = { model: 'claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };

let upstream: MockUpstream;
const dirs: string[] = [];
beforeAll(async () => {
  upstream = await startMockUpstream(() => messageResponse('ok'));
});
afterAll(async () => {
  await upstream.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const fresh = (config: unknown, options: Parameters<typeof harness>[1] = {}) => {
  const h = harness(config, options);
  dirs.push(h.dir);
  h.state.configPath = h.file;
  return h;
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('permanent failures say so (x-should-retry: false and the fix)', () => {
  it('a provider with only placeholder keys names the config file to edit', async () => {
    const h = fresh(configFor({ minimax: { url: upstream.url, keys: ['YOUR_API_KEY'] } }));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(502);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const error = await errorOf(res);
    expect(error.code).toBe('no_usable_key');
    expect(error.message).toBe(`provider "minimax" has only placeholder keys — edit ${h.file}: put a real key in its api_keys, then reload`);
  });

  it('a provider whose every key was refused says until when they rest, and a reload frees them', async () => {
    let now = 1_000_000;
    upstream.handle(() => anthropicError(401, 'authentication_error', 'invalid x-api-key'));
    const h = fresh(configFor({ mm: { url: upstream.url, keys: [KEY_1] } }), { clock: () => now });
    expect((await h.app.handle(post('/v1/messages', ask))).status).toBe(401);
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect((await errorOf(res)).message).toContain(`provider "mm": key #1 was refused (401), back at ${whenText(now + 30 * 60_000, now)} — edit ${h.file}: fix the refused keys`);
    expect(whenText(now + 30 * 60_000, now)).toEndWith('local time (in 30 min)');
    // Not dead until a manual reload: after the cooldown the key is tried again.
    upstream.handle(() => messageResponse('ok'));
    now += 30 * 60_000;
    expect((await h.app.handle(post('/v1/messages', ask))).status).toBe(200);
  });

  it('an upstream redirect is never handed to the client: 502 upstream_redirect naming the Location, no second key tried', async () => {
    upstream.requests.length = 0;
    upstream.handle(() => new Response(null, { status: 302, headers: { location: 'https://example.invalid/login' } }));
    const h = fresh(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(502);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const error = await errorOf(res);
    expect(error.code).toBe('upstream_redirect');
    expect(error.message).toBe('provider "mm" answered HTTP 302 redirecting to https://example.invalid/login: check base_url');
    expect(upstream.requests.length).toBe(1);
    // The record counts the try that met the redirect.
    await waitFor(async () => (await h.logLines()).length === 1, 'the request in requests.jsonl');
    expect((await h.logLines())[0]).toMatchObject({ status: 502, attempts: 1 });
    upstream.handle(() => messageResponse('ok'));
  });

  it('serve warns about placeholder-only providers, and louder when a route sends requests to one', () => {
    const config = configFor({ zhipu: { url: upstream.url, keys: ['YOUR_API_KEY'] }, spare: { url: upstream.url, keys: ['YOUR_API_KEY'] }, mm: { url: upstream.url, keys: [KEY_1] } });
    expect(keyWarnings(fresh(config).state.current.config, '/home/me/.modelproxy/config.yaml')).toEqual([
      'provider "zhipu" has only placeholder keys and routes name it: they pass over it (and fail when no other provider can serve) until you edit /home/me/.modelproxy/config.yaml',
      'provider "spare" has only placeholder keys (edit /home/me/.modelproxy/config.yaml to use it)',
      'no usable key: every provider the routes name has only placeholder keys, so every request fails with no_usable_key until you put a real key in /home/me/.modelproxy/config.yaml (then reload)',
    ]);
    // Once a routed provider has a real key, the last warning goes.
    const served = { ...config, routes: { timed: [], default: [{ match: '.*', provider: 'zhipu', fallback: [{ provider: 'mm' }] }] } };
    expect(keyWarnings(fresh(served).state.current.config, '/c.yaml').some((w) => w.startsWith('no usable key'))).toBe(false);
  });

  it.skipIf(!existsSync(CLAUDE))('the real Claude Code stops at once on the first-run config (placeholder keys), naming the fix: edit <config path>', async () => {
    // A real serve on an empty state dir writes the shipped first-run config, as a new user gets it.
    const state = tempDir('modelproxy-first-run-');
    dirs.push(state);
    const proxy = await spawnProxy(state);
    const file = configPath(state);
    const home = tempDir('modelproxy-claude-placeholder-');
    dirs.push(home);
    try {
      expect(readFileSync(file, 'utf8')).toBe(DEFAULT_CONFIG_YAML);
      const { code, stdout, stderr } = await claudePrint(home, { baseUrl: proxy.url, clientKey: 'sk-ant-dummy-client-key-0123456789' });
      expect(code).not.toBe(0);
      // Whichever route the hour picks (zhipu in Shanghai office hours, else minimax), both providers are named.
      expect(stdout + stderr).toContain(`providers "minimax" and "zhipu" have only placeholder keys — edit ${file}: put a real key in their api_keys, then reload`);
      // "In seconds": Claude Code retries a plain 502 ten times (about 3 minutes); x-should-retry: false stops it after the first answer.
      await waitFor(() => existsSync(requestsLogPath(state)) && readFileSync(requestsLogPath(state), 'utf8').includes('"status":502'), 'the request lines');
      const lines = readFileSync(requestsLogPath(state), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      const tries = lines.filter((l) => l.path === '/v1/messages' && l.status === 502).length;
      expect(tries).toBeGreaterThanOrEqual(1);
      expect(tries).toBeLessThanOrEqual(2);
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
  }, 120_000);
});

describe('honest cooldowns', () => {
  it('408, 504 and Cloudflare 522 move on to the next key like a 5xx', async () => {
    for (const status of [408, 504, 522]) {
      upstream.handle((r) => (r.key === KEY_1 ? new Response('upstream trouble', { status }) : messageResponse('from key 2')));
      const h = fresh(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }));
      const res = await h.app.handle(post('/v1/messages', ask));
      expect({ status, got: res.status, key: res.headers.get('x-modelproxy-key') }).toEqual({ status, got: 200, key: 'mm#2' });
    }
    upstream.handle(() => messageResponse('ok'));
  });

  it('Retry-After (seconds) sets how long a key rests', async () => {
    let now = 5_000_000;
    upstream.handle((r) => (r.key === KEY_1 ? new Response('slow down', { status: 429, headers: { 'retry-after': '300' } }) : messageResponse('from key 2')));
    const h = fresh(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }), { clock: () => now });
    expect((await h.app.handle(post('/v1/messages', ask))).headers.get('x-modelproxy-key')).toBe('mm#2');
    const order = () => h.pool.candidates('mm', h.state.current.config.providers.mm!).map((c) => c.index);
    now += 120_000; // past the default 60 s, still inside the 300 s the upstream asked for
    expect(order()).toEqual([2, 1]);
    now += 181_000;
    expect(order()).toEqual([1, 2]);
    upstream.handle(() => messageResponse('ok'));
  });

  it('a streaming request gives up on a hung key after stream_header_timeout and is served by the next key', async () => {
    upstream.handle((r) => (r.key === KEY_1 ? new Promise<Response>(() => {}) : sseResponse(sseFrames('from key 2', 'MiniMax-M2'))));
    const h = fresh(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }, { server: { stream_header_timeout: 0.3 } }));
    const res = await h.app.handle(post('/v1/messages', { ...ask, stream: true }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-modelproxy-key')).toBe('mm#2');
    expect(await res.text()).toContain('"text":"key 2"');
    // The hung key now cools down: the next request starts at key 2.
    expect(h.pool.candidates('mm', h.state.current.config.providers.mm!).map((c) => c.index)).toEqual([2, 1]);
    upstream.handle(() => messageResponse('ok'));
  });

  it('Retry-After as an HTTP date sets how long a key rests (real socket)', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    upstream.handle((r) => (r.key === KEY_1 ? new Response('slow down', { status: 429, headers: { 'retry-after': 'Tue, 24 Nov 2026 10:05:00 GMT' } }) : messageResponse('from key 2')));
    const h = fresh(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }), { clock: () => now });
    const server = h.listen();
    const served = async () => {
      const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
      expect(res.status).toBe(200);
      return `${res.headers.get('x-modelproxy-key')} after ${res.headers.get('x-modelproxy-attempts')}`;
    };
    try {
      expect(await served()).toBe('mm#2 after 2');
      upstream.handle(() => messageResponse('ok'));
      now += 120_000; // past the default 60 s, still before 10:05:00
      expect(await served()).toBe('mm#2 after 1');
      now += 179_000;
      expect(await served()).toBe('mm#2 after 1');
      now += 1_000; // 10:05:00, the date the upstream named
      expect(await served()).toBe('mm#1 after 1');
    } finally {
      await server.stop();
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('an authentication failure rests the key for the configured time, not until a manual reload', () => {
    let now = 0;
    const pool = new KeyPool(() => now, 10 * 60_000);
    const provider = { base_url: 'http://x', api_keys: [{ key: KEY_1 }] } as never;
    pool.fail('mm', KEY_1, 403);
    expect(pool.candidates('mm', provider)).toEqual([]);
    now = 10 * 60_000;
    expect(pool.candidates('mm', provider).map((c) => c.index)).toEqual([1]);
  });
});
