import { afterAll, describe, expect, it } from 'bun:test';
import { Database } from 'bun:sqlite';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConsola } from 'consola';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { LOG_FORMATS, parseLogText } from '../../src/formats';
import { canonicalGame } from '../../src/formats/canonical';
import { memoryBackend } from '../../src/modules/backend/memory';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import { testApp } from './helpers';
import { readEvents } from './sse';

const temp = useTempDirs(afterAll);
const ADMIN = 'store-admin-token-0001';
const quiet = createConsola({ level: -999 });

/** An app whose finished games go to a SQLite file in a temp dir. */
function storeApp(dbPath = join(temp.make('mj-store-'), 'games.sqlite')) {
  const store = new SqliteGameStore(dbPath);
  const t = testApp({ adminToken: ADMIN, log: quiet, backend: memoryBackend(undefined, store) });
  afterAll(t.close);
  return { ...t, store, dbPath };
}

/** Plays a zero-delay 4ai game to its end over the event stream; returns the session id and token. */
async function finishedGame(t: ReturnType<typeof storeApp>, seed: number) {
  const g = await t.call('POST', '/api/game/new', { mode: '4ai', seed, max_round: 0, delay_ms: 0, ai_model: 'random' });
  const res = await t.app.handle(new Request(`http://localhost/api/game/${g.json.session_id}/events`));
  for await (const ev of readEvents(res.body!)) if (ev.event === 'game_over') break;
  await res.body!.cancel().catch(() => {});
  return { id: g.json.session_id as string, token: g.json.token as string };
}

describe('finished games in SQLite', () => {
  const t = storeApp();

  it('stores a finished game: listed, shown, exported in every format and read back as the same game', async () => {
    const { id, token } = await finishedGame(t, 21);
    const paipu = (await t.call('GET', `/api/game/${id}/paipu`)).json;
    const list = await waitFor(async () => (await t.call('GET', '/api/games', undefined, { 'x-session-token': token })).json?.games?.length && (await t.call('GET', '/api/games', undefined, { 'x-session-token': token })).json, 'the game in the history');
    expect(list).toMatchObject({ total: 1, store: 'sqlite', admin: false });
    const g = list.games[0];
    expect(g).toMatchObject({ game_id: id, mode: '4ai', max_round: 0, seed: 21, ais: ['random', 'random', 'random', 'random'], hands: paipu.rounds.length });
    expect(g.scores).toEqual(paipu.owari.scores);
    expect(g.points).toEqual(paipu.owari.points);
    expect([...g.placements].sort()).toEqual([1, 2, 3, 4]);
    expect(g.placements[g.scores.indexOf(Math.max(...g.scores))]).toBe(1);
    expect((await t.call('GET', `/api/games/${id}`, undefined, { 'x-session-token': token })).json).toEqual(g);

    const original = canonicalGame(paipu);
    for (const format of LOG_FORMATS) {
      const res = await t.call('GET', `/api/games/${id}/export?format=${format}`, undefined, { 'x-session-token': token });
      expect([format, res.status]).toEqual([format, 200]);
      expect(res.headers.get('content-disposition')).toContain(`mahjong-${id}.`);
      const back = parseLogText(res.text);
      expect(back.format).toBe(format);
      expect(canonicalGame(back.paipu)).toEqual(original);
    }
    // The database itself holds the whole Tenhou log.
    const stored = await t.store.get(id);
    expect(canonicalGame(parseMjlog(stored!.mjlog))).toEqual(original);
  });

  it('shows a game to its token and the admin only; other tokens see none of it', async () => {
    const a = await finishedGame(t, 22);
    const b = await finishedGame(t, 23);
    await waitFor(async () => (await t.store.get(a.id)) && (await t.store.get(b.id)), 'both games stored');
    expect((await t.call('GET', '/api/games')).status).toBe(401);
    const mine = (await t.call('GET', '/api/games', undefined, { 'x-session-token': a.token })).json.games.map((g: any) => g.game_id);
    expect(mine).toEqual([a.id]);
    // A browser sends every token it keeps: it sees every game it played.
    const both = (await t.call('GET', '/api/games', undefined, { 'x-session-token': `${a.token},${b.token}` })).json.games.map((g: any) => g.game_id);
    expect(both.sort()).toEqual([a.id, b.id].sort());
    const all = (await t.call('GET', '/api/games', undefined, { authorization: `Bearer ${ADMIN}` })).json;
    expect(all.admin).toBe(true);
    expect(all.games.map((g: any) => g.game_id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await t.call('GET', `/api/games/${a.id}`, undefined, { 'x-session-token': b.token })).status).toBe(403);
    expect((await t.call('GET', `/api/games/${a.id}/export?format=xml`)).status).toBe(401);
    expect((await t.call('GET', `/api/games/${a.id}/export?format=xml`, undefined, { 'x-session-token': b.token })).status).toBe(403);
    expect((await t.call('GET', `/api/games/${a.id}/export?format=mjai`, undefined, { 'x-session-token': ADMIN })).status).toBe(200);
    expect((await t.call('GET', '/api/games/nope-nope/export?format=xml', undefined, { 'x-session-token': ADMIN })).json.code).toBe('GAME_NOT_FOUND');
  });

  it('serves a stored game\'s log under its session id once the session is gone (the replay page\'s link)', async () => {
    const { id, token } = await finishedGame(t, 24);
    await waitFor(async () => await t.store.get(id), 'the stored game');
    expect((await t.call('DELETE', `/api/game/${id}`, undefined, { 'x-session-token': token })).status).toBe(200);
    expect((await t.call('GET', `/api/game/${id}/state`)).status).toBe(404);
    expect((await t.call('GET', `/api/game/${id}/mjlog`, undefined, { 'x-session-token': 'x' })).status).toBe(403);
    const xml = await t.call('GET', `/api/game/${id}/mjlog`, undefined, { 'x-session-token': token });
    expect(xml.status).toBe(200);
    expect(xml.text).toStartWith('<mjloggm');
    expect((await t.call('GET', `/api/game/${id}/export?format=tenhou6`, undefined, { 'x-session-token': token })).json.log.length).toBeGreaterThan(0);
  });
});

describe('a game database that cannot be used', () => {
  it('a file that is not a database: games go on, the history says why (503), nothing crashes', async () => {
    const path = join(temp.make('mj-bad-'), 'games.sqlite');
    writeFileSync(path, 'this is not a database, it is a text file that happens to sit where one should be\n'.repeat(20));
    const t = storeApp(path);
    expect(t.store.check()).toContain(`game database ${path} is damaged or not a database`);
    const { id } = await finishedGame(t, 31);
    expect((await t.call('GET', `/api/game/${id}/state`)).json.game.finished).toBe(true);
    const res = await t.call('GET', '/api/games', undefined, { 'x-session-token': ADMIN });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    expect(res.json.detail).toContain('damaged or not a database');
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('a database locked by another process: the game is kept and stored once the lock is gone', async () => {
    const t = storeApp();
    expect(t.store.check()).toBeNull();
    const other = new Database(t.dbPath);
    other.run('PRAGMA busy_timeout = 0');
    other.run('BEGIN EXCLUSIVE');
    try {
      const { id } = await finishedGame(t, 32);
      const archive = t.app.decorator.games.archive;
      await waitFor(() => archive.waiting === 1, 'the game waiting for the locked database');
      // WAL: readers are not blocked by the writer's lock; the game is simply not there yet.
      expect(await t.store.get(id)).toBeNull();
      other.run('COMMIT');
      await archive.flush();
      expect(archive.waiting).toBe(0);
      expect((await t.store.get(id))?.id).toBe(id);
    } finally {
      other.close();
    }
  });
});
