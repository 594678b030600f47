import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { RedisClient } from 'bun';
import { readUntil, useTempDirs, waitFor } from '@devhub/shared/testing';
import { tokenHash } from '../../src/modules/backend/game-store';
import { DEFAULT_LIMITS } from '../../src/modules/backend/memory';
import { redisBackend } from '../../src/modules/backend/redis';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import type { GameStore, StoredGame } from '../../src/modules/backend/types';
import { RedisRoomStore } from '../../src/modules/rooms/redis-store';
import { ResultsDb } from '../../src/modules/rooms/results-db';
import type { RoomResult } from '../../src/modules/rooms/types';
import { startRedis, type RunningRedis } from '../support/redis-server';
import { readEvents } from './sse';
import { postFrom } from './from-address';

// --max-saved-games: saving past the cap removes the oldest games, in every store that keeps
// finished games (the history in SQLite or Redis, the rooms' results in SQLite or Redis); rated
// room games, the record behind the ratings, are never removed.
const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

const game = (n: number): StoredGame => ({
  id: `game-${n}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), finishedAt: new Date(Date.UTC(2026, 0, 1, 1, n)).toISOString(),
  mode: '4ai', maxRound: 0, seed: n, seeded: true, ais: ['random', 'random', 'random', 'random'], scores: [25000, 25000, 25000, 25000],
  points: [0, 0, 0, 0], placements: [1, 2, 3, 4], hands: 4, tokenHash: tokenHash(`owner-${n}`), mjlog: `<mjloggm ver="2.3">${n}</mjloggm>`,
});

async function fillHistory(store: GameStore): Promise<void> {
  for (let n = 1; n <= 5; n++) await store.save(game(n));
  const { games, total } = await store.list({ owners: 'all', limit: 50, offset: 0 });
  expect([total, games.map((g) => g.id)]).toEqual([3, ['game-5', 'game-4', 'game-3']]);
  for (const n of [1, 2]) {
    expect(await store.get(`game-${n}`)).toBeNull();
    expect((await store.list({ owners: [tokenHash(`owner-${n}`)], limit: 50, offset: 0 })).total).toBe(0);
  }
  expect((await store.get('game-3'))?.mjlog).toBe('<mjloggm ver="2.3">3</mjloggm>');
  expect((await store.list({ owners: [tokenHash('owner-4')], limit: 50, offset: 0 })).games.map((g) => g.id)).toEqual(['game-4']);
}

const result = (id: string, finishedAt: number, rated: boolean): Omit<RoomResult, 'ratings'> => ({
  id, finishedAt, maxRound: 0, seeded: !rated, names: ['Ann', rated ? 'Bob' : null, null, null], bots: [null, rated ? null : 'random', 'random', 'random'],
  scores: [25000, 25000, 25000, 25000], points: [0, 0, 0, 0], placements: [1, 2, 3, 4], hands: 4, rated, mjlog: `<mjloggm>${id}</mjloggm>`,
});

type ResultSaver = { saveResult: RedisRoomStore['saveResult']; results: RedisRoomStore['results']; result: RedisRoomStore['result'] };

/** Rated r0 (the oldest of all) and r5, unrated u1–u4 in between; two unrated kept. */
async function fillRoomResults(store: ResultSaver): Promise<void> {
  const order: [string, boolean][] = [['r0', true], ['u1', false], ['u2', false], ['u3', false], ['u4', false], ['r5', true]];
  for (const [i, [id, rated]] of order.entries()) await store.saveResult(result(id, 1_000 + i, rated), () => []);
  const { results, total } = await store.results(50, 0);
  expect([total, results.map((r) => r.id)]).toEqual([4, ['r5', 'u4', 'u3', 'r0']]);
  expect(await store.result('u1')).toBeNull();
  expect((await store.result('r0'))?.mjlog).toBe('<mjloggm>r0</mjloggm>');
}

describe('saved-games cap, SQLite', () => {
  it('keeps the newest N finished games and deletes the older rows', async () => {
    const path = join(temp.make('mj-cap-'), 'games.sqlite');
    const store = new SqliteGameStore(path, { maxGames: 3 });
    await fillHistory(store);
    await store.close();
    const db = new Database(path, { readonly: true });
    expect((db.query('SELECT count(*) AS n FROM games').get() as { n: number }).n).toBe(3);
    db.close();
  });

  it('removes the oldest unrated room games and never a rated one', async () => {
    const db = new ResultsDb(join(temp.make('mj-cap-rooms-'), 'rooms.sqlite'), 2);
    await fillRoomResults({ saveResult: async (r, rate) => db.save(r, rate), results: async (l, o) => db.results(l, o), result: async (id) => db.result(id) });
    db.close();
  });
});

describe('saved-games cap, Redis', () => {
  let redis: RunningRedis;
  beforeAll(async () => { redis = await startRedis(temp.make('mj-cap-redis-')); });
  afterAll(async () => { await redis?.stop(); });

  it('keeps the newest N finished games and removes the others\' summaries, logs and owner entries', async () => {
    const backend = await redisBackend({ url: redis.url, prefix: 'cap1:', limits: DEFAULT_LIMITS, maxGames: 3 });
    try {
      await fillHistory(backend.games);
      const client = new RedisClient(redis.url);
      const keys = (await client.send('KEYS', ['cap1:*']) as string[]).sort();
      client.close();
      expect(keys.filter((k) => /game-[12]\b/.test(k))).toEqual([]);
      expect(keys.filter((k) => k.startsWith('cap1:owner:'))).toHaveLength(3);
    } finally {
      await backend.close();
    }
  });

  it('removes the oldest unrated room games and never a rated one', async () => {
    const store = await RedisRoomStore.connect(redis.url, 'cap2:', 10, 60_000, 2);
    try {
      await fillRoomResults(store);
    } finally {
      await store.close();
    }
  });
});

describe('mahjong serve --max-saved-games', () => {
  it('keeps the newest games it finished; the older ones are gone from the history', async () => {
    const ADMIN = { 'x-session-token': 'cap-serve-admin-token-1' };
    await using proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', '--admin-token', ADMIN['x-session-token'], '--create-rate', '1/hour'], {
      env: { ...process.env, MAHJONG_DIR: temp.make('mj-cap-serve-'), MAHJONG_MAX_SAVED_GAMES: '2', NO_COLOR: '1', LOG_LEVEL: 'info' }, stdout: 'pipe', stderr: 'pipe',
    });
    const base = (await readUntil(proc.stdout, /http:\/\/127\.0\.0\.1:\d+/))[0];
    const history = async () => (await (await fetch(`${base}/api/games?limit=50`, { headers: ADMIN })).json()) as { games: { game_id: string }[]; total: number };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      // The admin token is exempt from --create-rate (one game an hour here).
      const res = await fetch(`${base}/api/game/new`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ mode: '4ai', max_round: 0, delay_ms: 0, ai_model: 'random' }) });
      expect(res.status).toBe(200);
      const id = ((await res.json()) as { session_id: string }).session_id;
      ids.push(id);
      // A 4ai game is played while someone watches: follow it to its end.
      const events = await fetch(`${base}/api/game/${id}/events`, { headers: ADMIN });
      for await (const ev of readEvents(events.body!)) if (ev.event === 'game_over') break;
      await events.body!.cancel().catch(() => {});
      await waitFor(async () => (await history()).games.some((g) => g.game_id === id), `game ${i} in the history`, 30_000);
    }
    const { games, total } = await history();
    expect([total, games.map((g) => g.game_id)]).toEqual([2, [ids[2]!, ids[1]!]]);
    expect((await fetch(`${base}/api/games/${ids[0]}`, { headers: ADMIN })).status).toBe(404);
    // Without the admin token a client at another address is held to --create-rate; the owner's
    // own machine (127.0.0.1, no forwarding header) never is.
    const port = Number(new URL(base).port);
    expect((await postFrom('127.0.0.2', port, '/api/game/new', {})).status).toBe(200);
    const limited = await postFrom('127.0.0.2', port, '/api/game/new', {});
    expect([limited.status, Number(limited.retryAfter) > 0]).toEqual([429, true]);
    const own = () => fetch(`${base}/api/game/new`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    for (let i = 0; i < 2; i++) expect((await own()).status).toBe(200);
    proc.kill('SIGTERM');
    await proc.exited;
  });
});
