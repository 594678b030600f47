// Timeouts and unreachable upstreams of the usage queries (15 s per key, probe as fallback).
import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { collectUsage } from '../../src/usage';
import * as fx from './fixtures';
import { makeConfig, tempDir, pinTimeZone } from './helpers';
import { json, messageOk, routes, startMock, type MockUpstream } from './mock-upstream';

// Verbose reset stamps are local time; the zone is pinned so the expected text is stable.
pinTimeZone('UTC');

const KEY = 'sk-cp-abcdefghijklmnop1234';
const REMAINS = 'GET /v1/api/openplatform/coding_plan/remains';
const minimax = (url: string) => ({ base_url: `${url}/anthropic`, usage_adapter: 'minimax' });
const dirs = tempDir();
const mocks: MockUpstream[] = [];
afterAll(async () => {
  await Promise.all(mocks.map((m) => m.stop()));
  dirs[Symbol.dispose]();
});

describe('unanswered probes', () => {
  it('reports an upstream that does not answer within the timeout', async () => {
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => { release = resolve; });
    const mock = startMock(async () => { await hung; return messageOk(); });
    mocks.push(mock);
    const config = makeConfig({ p: { base_url: mock.url, usage_adapter: 'probe', api_keys: [{ key: KEY }] } });
    const collected = await collectUsage({ config, cachePath: join(dirs.path, 'hung.json'), now: () => fx.NOW, timeoutMs: 200 });
    release();
    expect(collected.providers[0]!.keys[0]!.summary).toBe('probe: timeout after 0.2s');
  });

  it('reports a refused connection', async () => {
    const mock = startMock(messageOk);
    const url = mock.url;
    await mock.stop();
    const config = makeConfig({ p: { base_url: url, usage_adapter: 'probe', api_keys: [{ key: KEY }] } });
    const collected = await collectUsage({ config, cachePath: join(dirs.path, 'refused.json'), now: () => fx.NOW, timeoutMs: 2000 });
    expect(collected.providers[0]!.keys[0]!.summary).toMatch(/^probe: unreachable: /);
  });
});

describe('slow answers', () => {
  it('times out an answer whose body never finishes', async () => {
    const mock = startMock(() => new Response(new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{"model_remains":')); } }), { headers: { 'content-type': 'application/json' } }));
    mocks.push(mock);
    const config = makeConfig({ p: { base_url: mock.url, usage_adapter: 'minimax', api_keys: [{ key: KEY }] } });
    const collected = await collectUsage({ config, cachePath: join(dirs.path, 'trickle.json'), now: () => fx.NOW, timeoutMs: 300 });
    expect(collected.providers[0]!.keys[0]!.entry.adapter_error).toBe('timeout after 0.3s');
  });

  it('bounds the whole dedicated query of a key by one timeout, then probes with a fresh one', async () => {
    // Each MiniMax path answers within the timeout, but the two together do not.
    const slow404 = async () => { await Bun.sleep(600); return json({}, 404); };
    const mock = startMock(routes({ [REMAINS]: slow404, 'GET /v1/token_plan/remains': slow404, 'POST /anthropic/v1/messages': messageOk }));
    mocks.push(mock);
    const config = makeConfig({ p: { ...minimax(mock.url), api_keys: [{ key: KEY }] } });
    const collected = await collectUsage({ config, cachePath: join(dirs.path, 'deadline.json'), now: () => fx.NOW, timeoutMs: 1000 });
    const key = collected.providers[0]!.keys[0]!;
    expect(key.entry.adapter_error).toBe('timeout after 1s');
    expect(key.summary).toBe('minimax failed (timeout after 1s); probe: ok (HTTP 200)');
  });
});
