/**
 * Ratings and finished room games in SQLite (`bun:sqlite`, WAL): `<MAHJONG_DIR>/rooms.sqlite` by
 * default, or an in-memory database when the server keeps nothing. A game's rating changes and
 * its result are written in one transaction, so a game counts once.
 */
import { Database } from 'bun:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Rating, RatingChange } from '../../rooms/rating';
import type { RoomResult, RoomResultSummary } from './types';

export const ROOMS_DB_FILE = 'rooms.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ratings (name TEXT PRIMARY KEY, rating REAL NOT NULL, games INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS room_games (id TEXT PRIMARY KEY, finished_at INTEGER NOT NULL, summary TEXT NOT NULL, mjlog TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS room_games_by_time ON room_games (finished_at DESC);
`;

export class ResultsDb {
  private readonly db: Database;

  constructor(path: string | null) {
    if (path) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.db = new Database(path ?? ':memory:', { create: true, strict: true });
    this.db.run('PRAGMA busy_timeout = 1000');
    if (path) this.db.run('PRAGMA journal_mode = WAL');
    this.db.run(SCHEMA);
  }

  ratings(names: string[]): Map<string, Rating> {
    const out = new Map<string, Rating>();
    const q = this.db.query('SELECT name, rating, games FROM ratings WHERE name = $name');
    for (const name of names) {
      const r = q.get({ name }) as Rating | null;
      if (r) out.set(name, { name: r.name, rating: r.rating, games: r.games });
    }
    return out;
  }

  top(limit: number): Rating[] {
    return this.db.query('SELECT name, rating, games FROM ratings ORDER BY rating DESC, name LIMIT $limit').all({ limit }) as Rating[];
  }

  save(result: Omit<RoomResult, 'ratings'>, rate: (current: Map<string, Rating>) => RatingChange[]): RoomResult | null {
    return this.db.transaction(() => {
      if (this.db.query('SELECT 1 FROM room_games WHERE id = $id').get({ id: result.id })) return null;
      const names = result.names.filter((n): n is string => n !== null);
      const changes = result.rated ? rate(this.ratings(names)) : [];
      const put = this.db.query('INSERT OR REPLACE INTO ratings (name, rating, games, updated_at) VALUES ($name, $rating, $games, $at)');
      for (const c of changes) put.run({ name: c.name, rating: c.after, games: c.games, at: result.finishedAt });
      const full: RoomResult = { ...result, ratings: changes };
      const { mjlog, ...summary } = full;
      this.db.query('INSERT INTO room_games (id, finished_at, summary, mjlog) VALUES ($id, $at, $summary, $mjlog)')
        .run({ id: full.id, at: full.finishedAt, summary: JSON.stringify(summary), mjlog });
      return full;
    })();
  }

  results(limit: number, offset: number): { results: RoomResultSummary[]; total: number } {
    const total = (this.db.query('SELECT count(*) AS n FROM room_games').get() as { n: number }).n;
    const rows = this.db.query('SELECT summary FROM room_games ORDER BY finished_at DESC, id LIMIT $limit OFFSET $offset').all({ limit, offset }) as { summary: string }[];
    return { total, results: rows.map((r) => JSON.parse(r.summary) as RoomResultSummary) };
  }

  result(id: string): RoomResult | null {
    const row = this.db.query('SELECT summary, mjlog FROM room_games WHERE id = $id').get({ id }) as { summary: string; mjlog: string } | null;
    return row ? { ...(JSON.parse(row.summary) as RoomResultSummary), mjlog: row.mjlog } : null;
  }

  close(): void {
    try { this.db.close(); } catch { /* already closed */ }
  }
}
