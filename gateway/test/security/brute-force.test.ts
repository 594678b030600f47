import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RunningServer } from '../../src/server';
import { MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { requestFrom } from '@devhub/shared/testing-address';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const KEY = 'brute-force-test-key-0123456789';
const env = testEnv('brute');
let server: RunningServer;
const sockets: WsClient[] = [];

beforeAll(async () => {
  server = await startTestServer(env.config({ api_key: KEY }));
});
afterAll(() => teardown(() => { for (const s of sockets) s.close(); }, () => server?.stop(), env.cleanup));

const json = { 'content-type': 'application/json' };
const login = (key: string) => fetch(`${server.url}/api/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ api_key: key }) });
const list = (key: string) => fetch(`${server.url}/api/v1/sessions`, { headers: { authorization: `Bearer ${key}` } });

describe('guessing the key', () => {
  it('is cut off after a handful of wrong keys, on login, REST and WebSocket alike, even for the right key', async () => {
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
    const port = Number(new URL(server.url).port);
    const listFrom = (from: string, key: string, headers: Record<string, string> = {}) =>
      requestFrom(from, port, 'GET', '/api/v1/sessions', { authorization: `Bearer ${key}`, ...headers });
    // A tunnel on this machine connects from 127.0.0.6; the guesser varies X-Forwarded-For to look like many clients.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) expect((await listFrom('127.0.0.6', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(401);
    expect((await listFrom('127.0.0.6', KEY, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(429);
    expect((await listFrom('127.0.0.7', KEY, { 'x-forwarded-for': '198.51.100.10' })).status).toBe(429);
    // A program of this machine, sending no forwarding header, is not held up, even from the tunnel's address.
    expect((await listFrom('127.0.0.6', KEY)).status).toBe(200);
  });
});
