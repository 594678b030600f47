import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { requestFrom } from '@devhub/shared/testing-address';
import { startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { harness, removeTempDirs } from '../helpers/proxy-harness';

/**
 * Guessing server.auth_token the way an attacker would: real sockets from several loopback
 * addresses (and through a "tunnel" that adds X-Forwarded-For) against a listening proxy.
 */
const TOKEN = 'proxy-client-token-0123456789abcdef';
const PROVIDER_KEY = 'sk-ant-provider-brute-force-1111';

let upstream: MockUpstream;
let proxy: { url: string; stop(): Promise<void> };
let port: number;
beforeAll(async () => {
  upstream = await startMockUpstream();
  const h = harness({
    server: { auth_token: TOKEN },
    providers: { claude: { base_url: upstream.url, api_keys: [{ key: PROVIDER_KEY }] } },
    routes: { default: [{ match: '.*', provider: 'claude' }] },
  });
  proxy = h.listen();
  port = Number(new URL(proxy.url).port);
});
afterAll(async () => { await proxy?.stop(); await upstream?.stop(); removeTempDirs(); });

const body = JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
const ask = (from: string, headers: Record<string, string>) =>
  requestFrom(from, port, 'POST', '/v1/messages', { 'content-type': 'application/json', ...headers }, body);

describe('guessing the client token', () => {
  it('is cut off after a handful of wrong tokens from one address, even for the right token, while other addresses go on', async () => {
    const before = upstream.requests.length;
    const statuses: number[] = [];
    // Wrong guesses in either header share one budget.
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 5; i++) {
      const guess = `guess-${i}-${'x'.repeat(TOKEN.length - 8)}`;
      statuses.push((await ask('127.0.0.2', i % 2 ? { 'x-api-key': guess } : { authorization: `Bearer ${guess}` })).status);
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
    expect(upstream.requests.length).toBe(before);

    // Another address (the owner's own Claude Code on 127.0.0.1) is not held up.
    expect((await ask('127.0.0.1', { 'x-api-key': TOKEN })).status).toBe(200);
  });

  it('does not count requests that send no token (a client not set up yet is no guess)', async () => {
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 5; i++) expect((await ask('127.0.0.3', {})).status).toBe(401);
    expect((await ask('127.0.0.3', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('counts everything a tunnel relays together, so guesses through it cannot lock out the owner\'s own programs', async () => {
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
