import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { createLogger } from '@devhub/shared';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { createApp } from '../../src/app';
import { memoryBackend, DEFAULT_LIMITS } from '../../src/modules/backend/memory';
import { SqliteGameStore } from '../../src/modules/backend/sqlite';
import { SqliteSessionStore } from '../../src/modules/backend/sqlite-sessions';
import type { GameStore, StoredGame } from '../../src/modules/backend/types';

const temp = useTempDirs(afterAll);
const log = createLogger('test', 0);

/** The game database as another process holding its lock makes it: every save fails. */
class LockedGameStore implements GameStore {
  readonly kind = 'sqlite' as const;
  constructor(private readonly real: SqliteGameStore) {}
  get location(): string { return this.real.location; }
  async save(_g: StoredGame): Promise<void> { throw new Error(`game database ${this.location} is locked by another process`); }
  list: GameStore['list'] = (q) => this.real.list(q);
  get: GameStore['get'] = (id) => this.real.get(id);
  close: GameStore['close'] = () => this.real.close();
}

/** A server on `dir` (sessions.sqlite and games.sqlite, as `mahjong serve --data-dir`). */
function serverOn(dir: string, locked: boolean) {
  const games = new SqliteGameStore(join(dir, 'games.sqlite'));
  const sessions = SqliteSessionStore.open(join(dir, 'sessions.sqlite'), log, DEFAULT_LIMITS);
  const app = createApp({ log, backend: memoryBackend(DEFAULT_LIMITS, locked ? new LockedGameStore(games) : games, undefined, sessions) });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = token ? { 'x-session-token': token } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    return { status: res.status, json: await res.json().catch(() => null) as any };
  };
  return { app, call };
}

describe('a finished game whose save was lost', () => {
  it('is stored by the next server on the same data directory, once, with its own finish time', async () => {
    const dir = temp.make('mj-recover-');
    const one = serverOn(dir, true);
    const g = (await one.call('POST', '/api/game/new', { mode: 'human_ai', max_round: 0, seed: 11, ai_model: 'random' })).json;
    const over = (await one.call('POST', `/api/game/${g.session_id}/auto`, { pass: true, win: true }, g.token)).json.state;
    expect(over.game.finished).toBe(true);
    // The save waits in memory for the locked database; the server stops (as with kill -9) before it gets through.
    expect(one.app.decorator.games.archive.waiting).toBe(1);
    expect((await one.call('GET', `/api/games/${g.session_id}`, undefined, g.token)).status).toBe(404);
    await one.app.decorator.games.close();

    const two = serverOn(dir, false);
    try {
      const stored = await waitFor(async () => {
        const r = await two.call('GET', `/api/games/${g.session_id}`, undefined, g.token);
        return r.status === 200 ? r.json : null;
      }, 'the finished game in the history');
      expect(stored.scores).toEqual(over.game.scores);
      expect(stored.mode).toBe('human_ai');
      // Finished when its last step was played, not when it was stored.
      const ndjson = await (await two.app.handle(new Request(`http://localhost/api/game/${g.session_id}/log`, { headers: { 'x-session-token': g.token } }))).text();
      expect(stored.finished_at).toBe(JSON.parse(ndjson.trim().split('\n').at(-1)!).time);
      // Stored once: another pass finds it there.
      await two.app.decorator.games.archive.flush();
      expect(await two.app.decorator.games.storeFinished()).toBe(0);
      expect((await two.call('GET', '/api/games', undefined, g.token)).json.total).toBe(1);
    } finally {
      await two.app.decorator.games.close();
    }
  });
});
