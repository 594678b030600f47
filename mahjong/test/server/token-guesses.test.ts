import { afterAll, describe, expect, it } from 'bun:test';
import { createConsola } from 'consola';
import { MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { canRunAsNobody, NOBODY_UID } from '@devhub/shared/testing';
import { requestFrom, statusesAsNobody } from '@devhub/shared/testing-address';
import { createApp } from '../../src/app';

// Guessing the admin token the way an attacker would: real sockets, each 127.x.y.z source address
// a different client to a server listening on 127.0.0.1 (127.0.0.1 itself is the owner's machine).
const ADMIN = 'token-guesses-admin-token-01';
const quiet = createConsola({ level: -999 });
const app = createApp({ log: quiet, adminToken: ADMIN }).listen({ hostname: '127.0.0.1', port: 0 });
afterAll(() => app.stop(true));
const port = app.server!.port!;

const signIn = (from: string, token: string, headers: Record<string, string> = {}) => requestFrom(from, port, 'POST', '/api/games/admin', { 'x-session-token': token, ...headers });
const sessions = (from: string, token: string) => requestFrom(from, port, 'GET', '/api/sessions', { authorization: `Bearer ${token}` });

describe('guessing the admin token', () => {
  it('is cut off after a handful of wrong sign-ins from one address, even for the right token, while the owner\'s machine goes on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 3; i++) statuses.push((await signIn('127.0.0.2', `guess-${i}`)).status);
    expect(statuses).toEqual([...Array(MAX_FAILED_ATTEMPTS).fill(403), ...Array(3).fill(429)]);
    // Now the right token waits too: a guess that happened to be right would tell nothing.
    const right = await signIn('127.0.0.2', ADMIN);
    expect(right.status).toBe(429);
    expect(right.json.code).toBe('TOO_MANY_WRONG_TOKENS');
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    expect(JSON.stringify(right.json)).not.toContain(ADMIN);
    // Requests without a token still work from there (a page, the health check).
    expect((await requestFrom('127.0.0.2', port, 'GET', '/api/health')).status).toBe(200);
    // Another address, and the owner's own machine, are not held up.
    expect((await signIn('127.0.0.3', ADMIN)).json).toEqual({ admin: true });
    expect((await signIn('127.0.0.1', ADMIN)).json).toEqual({ admin: true });
  });

  it('counts a session list that a guessed token leaves empty as a wrong guess', async () => {
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      const answer = await sessions('127.0.0.4', `guess-${i}`);
      expect({ status: answer.status, sessions: answer.json.sessions }).toEqual({ status: 200, sessions: [] });
    }
    expect((await sessions('127.0.0.4', ADMIN)).status).toBe(429);
  });

  it('counts everything a tunnel relays together, whatever X-Forwarded-For it claims', async () => {
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) expect((await signIn('127.0.0.1', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(403);
    expect((await signIn('127.0.0.1', ADMIN, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
    // The owner's own programs on the same address, sending no forwarding header, are not.
    expect((await signIn('127.0.0.1', ADMIN)).json).toEqual({ admin: true });
  });

  it.skipIf(!canRunAsNobody)('counts another user of this machine by its user, from 127.0.0.1 (the owner\'s machine) and every other loopback address alike', async () => {
    // Half the guesses from 127.0.0.1, half from a fresh address each: all one guesser.
    const requests = Array.from({ length: MAX_FAILED_ATTEMPTS + 3 }, (_, i) => ({
      method: 'POST', path: '/api/games/admin', headers: { 'x-session-token': `guess-${i}` }, ...(i % 2 ? { from: `127.0.${i}.${70 + i}` } : {}),
    }));
    expect(await statusesAsNobody(port, requests)).toEqual({ uid: NOBODY_UID, statuses: [...Array(MAX_FAILED_ATTEMPTS).fill(403), ...Array(3).fill(429)] });
    // The owner's own programs on 127.0.0.1 are not held up.
    expect((await signIn('127.0.0.1', ADMIN)).json).toEqual({ admin: true });
  }, 30_000);
});
