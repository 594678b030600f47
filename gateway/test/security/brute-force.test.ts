import { afterAll, describe, expect, it } from 'bun:test';
import type { RunningServer } from '../../src/server';
import { MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { canRunAsNobody, NOBODY_UID } from '@devhub/shared/testing';
import { requestFrom, statusesAsNobody } from '@devhub/shared/testing-address';
import { startTestServer, teardown, testEnv, type TestEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

/**
 * Guessing the key the way an attacker would, over real sockets from several loopback addresses.
 * Each test has a gateway of its own: what one test's guesses locked says nothing about the next.
 */
const KEY = 'brute-force-test-key-0123456789';
const started: { env: TestEnv; server: RunningServer }[] = [];
const sockets: WsClient[] = [];
let server: RunningServer;

async function fresh(): Promise<number> {
  const env = testEnv(`brute${started.length}`);
  server = await startTestServer(env.config({ api_key: KEY }));
  started.push({ env, server });
  return Number(new URL(server.url).port);
}
const json = { 'content-type': 'application/json' };
const login = (key: string) => fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ api_key: key }) });
const list = (key: string) => fetch(`${server.url}/api/v1/sessions`, { headers: { authorization: `Bearer ${key}` } });
afterAll(() => teardown(() => { for (const s of sockets) s.close(); }, ...started.flatMap(({ env, server }) => [() => server.stop(), env.cleanup])));

describe('guessing the key', () => {
  it('is cut off after a handful of wrong keys, on login, REST and WebSocket alike, even for the right key', async () => {
    await fresh();
    const statuses: number[] = [];
    // Wrong guesses spread over the login and the Bearer header share one budget.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 5; i++) {
      const res = await (i % 2 ? login(`guess-${i}`) : list(`guess-${i}`));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, MAX_FAILED_ATTEMPTS)).toEqual(Array(MAX_FAILED_ATTEMPTS).fill(401));
    expect(statuses.slice(MAX_FAILED_ATTEMPTS)).toEqual(Array(5).fill(429));

    // Now even the right key waits: a guess that happened to be right would tell nothing.
    const right = await login(KEY);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.headers.get('set-cookie')).toBeNull();
    const body = await right.json() as { detail: string };
    expect(body.detail).toMatch(/^Too many wrong API keys from this address; try again in \d+ s$/);
    expect(JSON.stringify(body)).not.toContain(KEY);
    expect((await list(KEY)).status).toBe(429);

    const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`, { authorization: `Bearer ${KEY}` });
    sockets.push(ws);
    expect(await ws.waitClosed()).toEqual({ code: 4001, reason: 'Unauthorized' });
  });

  it('counts everything a tunnel relays together, so guesses through it cannot lock out the owner\'s own programs', async () => {
    const port = await fresh();
    const listFrom = (from: string, key: string, headers: Record<string, string> = {}) =>
      requestFrom(from, port, 'GET', '/api/v1/sessions', { authorization: `Bearer ${key}`, ...headers });
    // A tunnel on this machine connects from 127.0.0.6; the guesser varies X-Forwarded-For to look like many clients.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) expect((await listFrom('127.0.0.6', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(401);
    expect((await listFrom('127.0.0.6', KEY, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(429);
    expect((await listFrom('127.0.0.7', KEY, { 'x-forwarded-for': '198.51.100.10' })).status).toBe(429);
    // A program of this machine, sending no forwarding header, is not held up, even from the tunnel's address.
    expect((await listFrom('127.0.0.6', KEY)).status).toBe(200);
  });

  it('counts a program of this machine by the user it runs as, not by the loopback address it picks (any of 127.0.0.0/8)', async () => {
    const port = await fresh();
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 3; i++) statuses.push((await requestFrom(`127.0.${i}.${10 + i}`, port, 'GET', '/api/v1/sessions', { authorization: `Bearer guess-${i}` })).status);
    expect(statuses).toEqual([...Array(MAX_FAILED_ATTEMPTS).fill(401), ...Array(3).fill(429)]);
    const right = await requestFrom('127.0.0.1', port, 'GET', '/api/v1/sessions', { authorization: `Bearer ${KEY}` });
    expect(right.status).toBe(429);
  });

  it.skipIf(!canRunAsNobody)('another user guessing from many loopback addresses is cut off, and never holds up this user\'s programs', async () => {
    const port = await fresh();
    const requests = Array.from({ length: MAX_FAILED_ATTEMPTS + 3 }, (_, i) => ({
      method: 'GET', path: '/api/v1/sessions', from: `127.0.${i}.${50 + i}`, headers: { authorization: `Bearer wrong-${i}` },
    }));
    expect(await statusesAsNobody(port, requests)).toEqual({ uid: NOBODY_UID, statuses: [...Array(MAX_FAILED_ATTEMPTS).fill(401), ...Array(3).fill(429)] });
    // This user's own programs, from the same addresses even, are served.
    for (const from of ['127.0.0.1', '127.0.3.53']) expect((await requestFrom(from, port, 'GET', '/api/v1/sessions', { authorization: `Bearer ${KEY}` })).status).toBe(200);
  }, 30_000);
});
