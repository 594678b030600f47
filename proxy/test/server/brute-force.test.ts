import { afterAll, afterEach, describe, expect, it } from 'bun:test';
import { MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { canRunAsNobody, NOBODY_UID } from '@devhub/shared/testing';
import { requestFrom, statusesAsNobody } from '@devhub/shared/testing-address';
import { startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

/**
 * Guessing server.auth_token the way an attacker would: real sockets from several loopback
 * addresses (and through a "tunnel" that adds X-Forwarded-For) against a listening proxy. Each test
 * has a proxy of its own: what one test's guesses locked says nothing about the next.
 */
const TOKEN = 'proxy-client-token-0123456789abcdef';
const PROVIDER_KEY = 'sk-ant-provider-brute-force-1111';

let upstream: MockUpstream | undefined;
let proxy: { url: string; stop(): Promise<void> } | undefined;
let port = 0;
async function start(): Promise<MockUpstream> {
  upstream = await startMockUpstream();
  const h = harness({
    server: { auth_token: TOKEN },
    providers: { claude: { base_url: upstream.url, api_keys: [{ key: PROVIDER_KEY }] } },
    routes: { default: [{ match: '.*', provider: 'claude' }] },
  });
  proxy = h.listen();
  port = Number(new URL(proxy.url).port);
  return upstream;
}
afterEach(async () => { await proxy?.stop(); await upstream?.stop(); proxy = upstream = undefined; });
afterAll(removeTempDirs);

const body = JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
const ask = (from: string, headers: Record<string, string>) =>
  requestFrom(from, port, 'POST', '/v1/messages', { 'content-type': 'application/json', ...headers }, body);
const guess = (i: number) => `guess-${i}-${'x'.repeat(TOKEN.length - 8)}`;

describe('guessing the client token', () => {
  it('is cut off after a handful of wrong tokens, even for the right token', async () => {
    const vendor = await start();
    const statuses: number[] = [];
    // Wrong guesses in either header share one budget.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 5; i++) {
      statuses.push((await ask('127.0.0.2', i % 2 ? { 'x-api-key': guess(i) } : { authorization: `Bearer ${guess(i)}` })).status);
    }
    expect(statuses).toEqual([...Array(MAX_FAILED_ATTEMPTS).fill(401), ...Array(5).fill(429)]);

    // Now the right token waits too: a guess that happened to be right would tell nothing.
    const right = await ask('127.0.0.2', { 'x-api-key': TOKEN });
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    expect(right.json.error.code).toBe('too_many_wrong_tokens');
    expect(right.json.error.message).toMatch(/^too many wrong modelproxy tokens from this address; try again in \d+ s\./);
    expect(JSON.stringify(right.json)).not.toContain(TOKEN);
    // Nothing of it reached the provider.
    expect(vendor.requests).toHaveLength(0);
  });

  it('counts a program of this machine by the user it runs as, not by the loopback address it picks (any of 127.0.0.0/8)', async () => {
    await start();
    // One guess from each of many loopback addresses: all the same user's, so one budget.
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 3; i++) statuses.push((await ask(`127.0.${i}.${10 + i}`, { 'x-api-key': guess(i) })).status);
    expect(statuses).toEqual([...Array(MAX_FAILED_ATTEMPTS).fill(401), ...Array(3).fill(429)]);
    expect((await ask('127.0.0.1', { 'x-api-key': TOKEN })).status).toBe(429);
  });

  it.skipIf(!canRunAsNobody)('another user guessing from many loopback addresses is cut off, and never holds up this user\'s programs', async () => {
    await start();
    const requests = Array.from({ length: MAX_FAILED_ATTEMPTS + 3 }, (_, i) => ({
      method: 'POST', path: '/v1/messages', from: `127.0.${i}.${50 + i}`, headers: { 'content-type': 'application/json', 'x-api-key': `wrong-${i}` }, body,
    }));
    expect(await statusesAsNobody(port, requests)).toEqual({ uid: NOBODY_UID, statuses: [...Array(MAX_FAILED_ATTEMPTS).fill(401), ...Array(3).fill(429)] });
    // This user's own Claude Code, from the same addresses even, is served.
    expect((await ask('127.0.0.1', { 'x-api-key': TOKEN })).status).toBe(200);
    expect((await ask('127.0.3.53', { 'x-api-key': TOKEN })).status).toBe(200);
  }, 30_000);

  it('does not count requests that send no token (a client not set up yet is no guess)', async () => {
    await start();
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 5; i++) expect((await ask('127.0.0.3', {})).status).toBe(401);
    expect((await ask('127.0.0.3', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('counts everything a tunnel relays together, so guesses through it cannot lock out the owner\'s own programs', async () => {
    await start();
    // A tunnel on this machine connects from 127.0.0.4 and says who it relays; the guesser varies
    // X-Forwarded-For to look like many clients.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      expect((await ask('127.0.0.4', { 'x-api-key': `wrong-${i}`, 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(401);
    }
    expect((await ask('127.0.0.4', { 'x-api-key': 'wrong-again', 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    expect((await ask('127.0.0.5', { 'x-api-key': TOKEN, 'x-forwarded-for': '198.51.100.8' })).status).toBe(429);
    // The same tunnel's address without a forwarding header (a local program) is its own client.
    expect((await ask('127.0.0.4', { 'x-api-key': TOKEN })).status).toBe(200);
  });
});
