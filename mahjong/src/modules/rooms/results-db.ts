/**
 * Rooms, their step logs, ratings and finished room games in SQLite (`bun:sqlite`, WAL):
 * `<MAHJONG_DIR>/rooms.sqlite` by default, or an in-memory database when the server keeps
 * nothing. With one server, rooms are written through here, so a server killed and restarted
 * rebuilds every room from its record and steps. A game's rating changes and its result are
 * written in one transaction, so a game counts once. Rated games are the record behind the
 * ratings and are never removed; of the others (practice games, games with fewer than two
 * humans) the newest `maxUnrated` are kept (`serve --max-saved-games`).
 */
import { Database } from 'bun:sqlite';
import { ownerOnlyDatabase } from '../backend/owner-only';
import type { Rating, RatingChange } from '../../rooms/rating';
import { DEFAULT_MAX_SAVED_GAMES } from '../backend/game-store';
import type { RoomRecord, RoomResult, RoomResultSummary, RoomStep } from './types';

export const ROOMS_DB_FILE = 'rooms.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ratings (name TEXT PRIMARY KEY, rating REAL NOT NULL, games INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS room_games (id TEXT PRIMARY KEY, finished_at INTEGER NOT NULL, summary TEXT NOT NULL, mjlog TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS room_games_by_time ON room_games (finished_at DESC);
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, record TEXT NOT NULL, last_active INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS room_steps (id TEXT NOT NULL, n INTEGER NOT NULL, step TEXT NOT NULL, PRIMARY KEY (id, n));
`;

export class ResultsDb {
  private readonly db: Database;

  constructor(path: string | null, readonly maxUnrated = DEFAULT_MAX_SAVED_GAMES) {
    // A room in play keeps its wall secret here (every hand and draw to come).
    if (path) ownerOnlyDatabase(path);
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
      if (!full.rated) {
        this.db.query(`DELETE FROM room_games WHERE id IN (SELECT id FROM room_games WHERE json_extract(summary, '$.rated') IS NOT 1
          ORDER BY finished_at DESC, id LIMIT -1 OFFSET $keep)`).run({ keep: this.maxUnrated });
      }
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

  putRoom(record: RoomRecord, lastActive: number): void {
    this.db.query('INSERT OR REPLACE INTO rooms (id, record, last_active) VALUES ($id, $record, $at)').run({ id: record.id, record: JSON.stringify(record), at: lastActive });
  }

  addSteps(id: string, at: number, steps: RoomStep[], lastActive: number): void {
    this.db.transaction(() => {
      const put = this.db.query('INSERT INTO room_steps (id, n, step) VALUES ($id, $n, $step)');
      steps.forEach((step, i) => put.run({ id, n: at + i, step: JSON.stringify(step) }));
      this.db.query('UPDATE rooms SET last_active = $at WHERE id = $id').run({ id, at: lastActive });
    })();
  }

  /** A room kept by an earlier run of the server, with its steps. */
  loadRoom(id: string): { record: RoomRecord; steps: RoomStep[]; lastActive: number } | null {
    const row = this.db.query('SELECT record, last_active FROM rooms WHERE id = $id').get({ id }) as { record: string; last_active: number } | null;
    if (!row) return null;
    const steps = (this.db.query('SELECT step FROM room_steps WHERE id = $id ORDER BY n').all({ id }) as { step: string }[]).map((r) => JSON.parse(r.step) as RoomStep);
    return { record: JSON.parse(row.record) as RoomRecord, steps, lastActive: row.last_active };
  }

  /** Ids of kept rooms idle since before `cutoff`. */
  idleRooms(cutoff: number): string[] {
    return (this.db.query('SELECT id FROM rooms WHERE last_active < $cutoff').all({ cutoff }) as { id: string }[]).map((r) => r.id);
  }

  roomCount(): number {
    return (this.db.query('SELECT count(*) AS n FROM rooms').get() as { n: number }).n;
  }

  deleteRoom(id: string): void {
    this.db.transaction(() => {
      this.db.query('DELETE FROM rooms WHERE id = $id').run({ id });
      this.db.query('DELETE FROM room_steps WHERE id = $id').run({ id });
    })();
  }

  close(): void {
    try { this.db.close(); } catch { /* already closed */ }
  }
}
