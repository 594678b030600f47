import { createLogger } from '@devhub/shared';
import { waitFor } from '@devhub/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { anthropicError, messageResponse, startMockUpstream, type MockUpstream, type Recorded } from '../helpers/mock-upstream';
import { configFor, harness, post, removeTempDirs } from '../helpers/proxy-harness';

const KEY_1 = 'sk-refused-key-0001';
const KEY_2 = 'sk-healthy-key-0002';
const COOLDOWN_S = 120;
const ask = { model: 'claude-sonnet-4-5', max_tokens: 64, messages: [{ role: 'user', content: 'write a poem' }] };

let upstream: MockUpstream;
/** Whether the vendor accepts key 1 (the user renewed the plan, the vendor fixed its side). */
let accepted = false;
beforeAll(async () => {
  upstream = await startMockUpstream((r) => (r.key === KEY_1 && !accepted ? anthropicError(401, 'authentication_error', 'invalid x-api-key') : messageResponse('ok')));
});
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});

const isCheck = (r: Recorded) => r.key === KEY_1 && JSON.parse(r.body).max_tokens === 1;

/** Key 1 refused once (401), with server.auth_cooldown set short; the pool's clock is the test's. */
async function refusedKey() {
  accepted = false;
  upstream.requests.length = 0;
  let now = 50_000_000;
  const h = harness(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }, { server: { auth_cooldown: COOLDOWN_S } }), { clock: () => now });
  const first = await h.app.handle(post('/v1/messages', ask));
  expect(first.headers.get('x-modelproxy-key')).toBe('mm#2');
  expect(h.pool.restingUntil('mm', KEY_1)).toBe(now + COOLDOWN_S * 1000);
  return { h, advance: (ms: number) => { now += ms; }, now: () => now };
}

const serve = async (h: ReturnType<typeof harness>) => {
  const res = await h.app.handle(post('/v1/messages', ask));
  return { key: res.headers.get('x-modelproxy-key'), attempts: res.headers.get('x-modelproxy-attempts') };
};

describe('a refused key (401/402/403) rests for server.auth_cooldown, then a cheap request re-checks it', () => {
  it('while resting it is not tried; when the rest ends a 1-token check runs while requests use key 2, and a passed check frees the key', async () => {
    const { h, advance } = await refusedKey();
    advance(COOLDOWN_S * 1000 - 1);
    expect(await serve(h)).toEqual({ key: 'mm#2', attempts: '1' });
    expect(upstream.requests.filter((r) => r.key === KEY_1).length).toBe(1);

    accepted = true;
    advance(1);
    // The first request after the rest does not depend on key 1: key 2 serves while the check runs.
    expect(await serve(h)).toEqual({ key: 'mm#2', attempts: '1' });
    const check = await waitFor(() => upstream.requests.find(isCheck), 'the re-check request');
    expect(JSON.parse(check.body)).toMatchObject({ max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] });
    await waitFor(async () => (await serve(h)).key === 'mm#1', 'key 1 to serve again');
    expect(upstream.requests.filter(isCheck).length).toBe(1);
  });

  it('a key still refused by the check rests another auth_cooldown, and is checked again after it', async () => {
    const { h, advance, now } = await refusedKey();
    advance(COOLDOWN_S * 1000);
    expect(await serve(h)).toEqual({ key: 'mm#2', attempts: '1' });
    await waitFor(() => upstream.requests.find(isCheck), 'the re-check request');
    await waitFor(() => h.pool.restingUntil('mm', KEY_1) === now() + COOLDOWN_S * 1000, 'key 1 to rest again');
    advance(COOLDOWN_S * 1000 - 1);
    expect(await serve(h)).toEqual({ key: 'mm#2', attempts: '1' });
    expect(upstream.requests.filter((r) => r.key === KEY_1).length).toBe(2);
    advance(1);
    await serve(h);
    await waitFor(() => upstream.requests.filter(isCheck).length === 2, 'the second re-check');
  });

  it('a reload frees the refused key and applies a changed auth_cooldown', async () => {
    const { h, now } = await refusedKey();
    writeFileSync(h.file, stringify(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }, { server: { auth_cooldown: 5 } })));
    expect(h.state.reload(h.file, createLogger('proxy-test')).ok).toBe(true);
    expect(await serve(h)).toEqual({ key: 'mm#2', attempts: '2' });
    expect(h.pool.restingUntil('mm', KEY_1)).toBe(now() + 5_000);
  });
});
