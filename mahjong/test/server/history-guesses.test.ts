import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { createConsola } from 'consola';
import { MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { useTempDirs } from '@devhub/shared/testing';
import { requestFrom } from '@devhub/shared/testing-address';
import { createApp } from '../../src/app';
import { memoryBackend } from '../../src/modules/backend/memory';
import { tokenHash } from '../../src/modules/backend/game-store';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';

// The history takes many tokens in one request (one per game a client played). Guessing the admin
// token through it, the way an attacker would: batches of guesses in one request, and guesses
// beside the token of a game of one's own (so the list is never empty). Real sockets; each
// 127.x.y.z source address a different client (127.0.0.1 is the owner's machine, not counted).
const temp = useTempDirs(afterAll);
const ADMIN = 'history-guesses-admin-token-01';
const MINE = 'token-of-a-game-of-my-own-0001';
const store = new SqliteGameStore(join(temp.make('mj-history-guesses-'), 'games.sqlite'));
await store.save({
  id: 'my-game', createdAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T01:00:00.000Z', mode: '4ai', maxRound: 0, seed: 1, seeded: true,
  ais: ['random', 'random', 'random', 'random'], scores: [25000, 25000, 25000, 25000], points: [0, 0, 0, 0], placements: [1, 2, 3, 4], hands: 4,
  tokenHash: tokenHash(MINE), mjlog: '<mjloggm ver="2.3"></mjloggm>',
});
const app = createApp({ log: createConsola({ level: -999 }), adminToken: ADMIN, backend: memoryBackend(undefined, store) }).listen({ hostname: '127.0.0.1', port: 0 });
afterAll(async () => {
  await app.stop(true);
  await store.close();
});
const port = app.server!.port!;
const guesses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `guess-${tag}-${i}`);
const list = (from: string, headers: Record<string, string>) => requestFrom(from, port, 'GET', '/api/games', headers);

describe('guessing the admin token through the history', () => {
  it('never takes a token from a list of many for the admin\'s: a batch with the right one in it is no admin', async () => {
    const batch = [...guesses(250, 'a'), ADMIN, ...guesses(249, 'b')].join(',');
    const answer = await list('127.0.1.2', { 'x-session-token': batch });
    expect({ status: answer.status, admin: answer.json.admin, total: answer.json.total }).toEqual({ status: 200, admin: false, total: 0 });
    const one = await requestFrom('127.0.1.2', port, 'GET', '/api/games/my-game', { 'x-session-token': `${guesses(20, 'c').join(',')},${ADMIN}` });
    expect(one.status).toBe(403);
    // Presented alone, the admin token is the admin's (from the owner's machine, not counted).
    expect((await list('127.0.0.1', { 'x-session-token': ADMIN })).json).toMatchObject({ admin: true, total: 1 });
    expect((await list('127.0.0.1', { authorization: `Bearer ${ADMIN}` })).json.admin).toBe(true);
  });

  it('counts a guess beside a game of one\'s own (the list is not empty) as a wrong one', async () => {
    const statuses: number[] = [];
    for (const guess of guesses(MAX_FAILED_ATTEMPTS + 2, 'd')) {
      statuses.push((await list('127.0.1.3', { 'x-session-token': guess, cookie: `mj_game_my-game=${MINE}` })).status);
    }
    expect(statuses).toEqual([...Array(MAX_FAILED_ATTEMPTS).fill(200), 429, 429]);
    expect((await list('127.0.1.3', { 'x-session-token': ADMIN })).status).toBe(429);
  });

  it('does not count a player listing their own games, alone or several at once', async () => {
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 2; i++) {
      const alone = await list('127.0.1.4', { 'x-session-token': MINE });
      const several = await list('127.0.1.4', { 'x-session-token': `${MINE},${guesses(3, `e${i}`).join(',')}` });
      expect([alone.status, alone.json.total, several.status, several.json.total]).toEqual([200, 1, 200, 1]);
    }
  });

  it('counts a lone wrong token asking for one stored game, and a stored game asked for with many tokens', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILED_ATTEMPTS + 1; i++) statuses.push((await requestFrom('127.0.1.5', port, 'GET', '/api/games/my-game', { 'x-session-token': guesses(5, `f${i}`).join(',') })).status);
    expect(statuses).toEqual([...Array(MAX_FAILED_ATTEMPTS).fill(403), 429]);
    expect((await requestFrom('127.0.1.6', port, 'GET', '/api/games/my-game', { 'x-session-token': `x,${MINE}` })).status).toBe(200);
  });
});
