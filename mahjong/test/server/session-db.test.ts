import { afterAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@devhub/shared';
import { useTempDirs } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { memoryBackend, DEFAULT_LIMITS } from '../../src/modules/backend/memory';
import { OffGameStore, tokenHash } from '../../src/modules/backend/game-store';
import { SqliteSessionStore } from '../../src/modules/backend/sqlite-sessions';

const temp = useTempDirs(afterAll);
const log = createLogger('test', 0);

/** An app whose sessions live in `file` (as `mahjong serve` by default). */
function appOn(file: string) {
  const store = SqliteSessionStore.open(file, log, DEFAULT_LIMITS);
  const app = createApp({ log, backend: memoryBackend(DEFAULT_LIMITS, new OffGameStore(), undefined, store) });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = token ? { 'x-session-token': token } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    return { status: res.status, json: await res.json().catch(() => null) as any };
  };
  return { app, call, store };
}

describe('sessions.sqlite', () => {
  it('brings back an unseeded game (its wall secret, steps, auto settings and speed) in a new process, readable by this user only', async () => {
    const file = join(temp.make('mj-sessions-'), 'sessions.sqlite');
    const one = appOn(file);
    const g = (await one.call('POST', '/api/game/new', { mode: 'human_ai', max_round: 0, ai_model: 'heuristic' })).json;
    const id = g.session_id;
    let state = g.state;
    for (let i = 0; i < 5; i++) {
      const discard = state.valid_actions.find((a: number) => a <= 36) ?? state.valid_actions.at(-1);
      state = (await one.call('POST', `/api/game/${id}/action`, { player_id: 0, action_idx: discard }, g.token)).json.state;
    }
    await one.call('POST', `/api/game/${id}/auto`, { no_calls: true }, g.token);
    const before = (await one.call('GET', `/api/game/${id}/state`, undefined, g.token)).json;
    const watch = (await one.call('POST', '/api/game/new', { mode: '4ai', max_round: 0, delay_ms: 5000 })).json;
    expect((await one.call('POST', `/api/game/${watch.session_id}/speed`, { delay_ms: 300 }, watch.token)).status).toBe(200);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // The first process still holds the file: another server on the same directory is refused (it would play the same games).
    expect(() => SqliteSessionStore.open(file, log, DEFAULT_LIMITS)).toThrow('in use by another mahjong serve');
    await one.app.decorator.games.close();

    const two = appOn(file);
    try {
      expect(two.store.restored).toBe(2);
      const listed = (await two.call('GET', '/api/sessions', undefined, watch.token)).json.sessions;
      expect(listed.map((x: any) => [x.session_id, x.delay_ms])).toEqual([[watch.session_id, 300]]);
      await two.call('DELETE', `/api/game/${watch.session_id}`, undefined, watch.token);
      const after = (await two.call('GET', `/api/game/${id}/state`, undefined, g.token)).json;
      expect(after).toEqual(before);
      expect(after.game.wall.commitment).toBe(g.state.game.wall.commitment);
      expect((await two.call('GET', `/api/game/${id}/state?for_player=0`, undefined, 'x'.repeat(32))).status).toBe(403);
      // Play it out on the new process: its walls are the secret's.
      expect((await two.call('POST', `/api/game/${id}/auto`, { pass: true, win: true }, g.token)).json.state.game.finished).toBe(true);
      const over = (await two.call('GET', `/api/game/${id}/state`, undefined, g.token)).json;
      expect(over.game.wall.secret).toMatch(/^[0-9a-f]{64}$/);
      // A deleted session is gone from the file too.
      expect((await two.call('DELETE', `/api/game/${id}`, undefined, g.token)).status).toBe(200);
    } finally {
      await two.app.decorator.games.close();
    }
    const three = appOn(file);
    expect(three.store.restored).toBe(0);
    await three.app.decorator.games.close();
  });

  it('keeps only a hash of each seat token: the file cannot act as a player; a record holding the token itself is rewritten at start', async () => {
    const dir = temp.make('mj-sessions-');
    const file = join(dir, 'sessions.sqlite');
    const one = appOn(file);
    const g = (await one.call('POST', '/api/game/new', { mode: 'human_ai', max_round: 0 })).json;
    await one.app.decorator.games.close();
    const bytes = () => readdirSync(dir).map((f) => readFileSync(join(dir, f)).toString('latin1')).join('');
    expect(bytes()).not.toContain(g.token);
    expect(bytes()).toContain(tokenHash(g.token));
    // A file written before tokens were hashed: the record names the token.
    const { Database } = await import('bun:sqlite');
    const db = new Database(file);
    const row = db.query('SELECT record FROM sessions WHERE id = $id').get({ id: g.session_id }) as { record: string };
    const { tokenHash: _h, ...old } = JSON.parse(row.record);
    db.query('UPDATE sessions SET record = $r WHERE id = $id').run({ id: g.session_id, r: JSON.stringify({ ...old, token: g.token }) });
    db.close();
    expect(bytes()).toContain(g.token);
    const two = appOn(file);
    try {
      expect((await two.call('GET', `/api/game/${g.session_id}/state`, undefined, g.token)).json.viewer).toBe(0);
      expect((await two.call('GET', `/api/game/${g.session_id}/state?for_player=0`, undefined, 'f'.repeat(32))).status).toBe(403);
    } finally {
      await two.app.decorator.games.close();
    }
    expect(bytes()).not.toContain(g.token);
  });
});
