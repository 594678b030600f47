/**
 * Finished games in one SQLite file (`bun:sqlite`, WAL): `<MAHJONG_DIR>/games.sqlite` by default.
 * The server and `mahjong games` read the same file; WAL lets the CLI read while the server writes.
 *
 * A file that is not a database, or one written by a newer version, makes the store unavailable
 * with a message naming the file (the server keeps serving games; the history answers 503); a
 * database locked by another process is retried: a game that could not be saved is kept in
 * memory and written on the next attempt.
 */
import { Database } from 'bun:sqlite';
import { ownerOnlyDatabase } from './owner-only';
import { DEFAULT_MAX_SAVED_GAMES, MIN_PREFIX, normaliseQuery, StoreUnavailable } from './game-store';
import type { GameQuery, GameStore, GameSummary, StoredGame } from './types';

export const DB_FILE = 'games.sqlite';
/** 2 added `seeded` (games stored before it had 31-bit seeds: seeded). */
const SCHEMA_VERSION = 2;
/** How long one statement waits for another process's lock (keeps the event loop responsive). */
const BUSY_TIMEOUT_MS = 250;
/** A failed open is tried again at most this often. */
const REOPEN_AFTER_MS = 2_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  mode TEXT NOT NULL,
  max_round INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  ais TEXT NOT NULL,
  scores TEXT NOT NULL,
  points TEXT NOT NULL,
  placements TEXT NOT NULL,
  hands INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  mjlog TEXT NOT NULL,
  seeded INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS games_by_time ON games (finished_at DESC);
CREATE INDEX IF NOT EXISTS games_by_owner ON games (token_hash, finished_at DESC);
`;

interface Row {
  id: string; created_at: string; finished_at: string; mode: string; max_round: number; seed: number;
  ais: string; scores: string; points: string; placements: string; hands: number; token_hash: string; mjlog?: string; seeded: number;
}

const SUMMARY_COLUMNS = 'id, created_at, finished_at, mode, max_round, seed, ais, scores, points, placements, hands, token_hash, seeded';

function fromRow(r: Row): StoredGame {
  return {
    id: r.id, createdAt: r.created_at, finishedAt: r.finished_at, mode: r.mode as StoredGame['mode'], maxRound: r.max_round,
    seed: r.seed, seeded: r.seeded !== 0, ais: JSON.parse(r.ais), scores: JSON.parse(r.scores), points: JSON.parse(r.points),
    placements: JSON.parse(r.placements), hands: r.hands, tokenHash: r.token_hash, mjlog: r.mjlog ?? '',
  };
}

/** What went wrong with the file, in words. */
export function sqliteProblem(path: string, err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  const message = (err as Error).message ?? String(err);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return `game database ${path} is damaged or not a database (${message}); move it away and a new one is made`;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return `game database ${path} is locked by another process (${message}); will retry`;
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM' || code === 'SQLITE_READONLY' || code === 'EACCES') return `cannot open game database ${path}: ${message}`;
  return `game database ${path}: ${message}`;
}

export const isBusy = (err: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test((err as { code?: string }).code ?? '');

export interface SqliteOptions {
  /** Open read-only and never create (the CLI's list/show/export). */
  readonly?: boolean;
  /** Games kept; saving one more deletes the oldest (default DEFAULT_MAX_SAVED_GAMES). */
  maxGames?: number;
}

export class SqliteGameStore implements GameStore {
  readonly kind = 'sqlite' as const;
  private db: Database | null = null;
  private lastError: { message: string; at: number } | null = null;

  constructor(readonly location: string, private readonly options: SqliteOptions = {}) {}

  /** Opens now, so a bad file is reported at start; returns the problem or null. */
  check(): string | null {
    try {
      this.open();
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  }

  private open(): Database {
    if (this.db) return this.db;
    if (this.lastError && Date.now() - this.lastError.at < REOPEN_AFTER_MS) throw new StoreUnavailable(this.lastError.message);
    let db: Database | null = null;
    try {
      // A human_ai game's record is its player's, every hand and the token's hash included.
      if (!this.options.readonly) ownerOnlyDatabase(this.location);
      db = this.options.readonly ? new Database(this.location, { readonly: true, strict: true }) : new Database(this.location, { create: true, strict: true });
      db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      const version = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (version > SCHEMA_VERSION) throw Object.assign(new Error(`schema version ${version} is newer than this mahjong's (${SCHEMA_VERSION})`), { code: 'NEWER' });
      if (!this.options.readonly) {
        db.run('PRAGMA journal_mode = WAL');
        db.run('PRAGMA synchronous = NORMAL');
        db.transaction(() => {
          const hasGames = db!.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").get();
          if (hasGames && version < 2) db!.run('ALTER TABLE games ADD COLUMN seeded INTEGER NOT NULL DEFAULT 1');
          db!.run(SCHEMA);
          db!.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
        })();
      } else if (version === 0) {
        // A read-only look at a database no server has written yet: it holds no games.
        const has = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").get();
        if (!has) throw Object.assign(new Error('holds no mahjong games table'), { code: 'NOGAMES' });
      }
      this.db = db;
      this.lastError = null;
      return db;
    } catch (err) {
      try { db?.close(); } catch { /* already unusable */ }
      const message = sqliteProblem(this.location, err);
      this.lastError = { message, at: Date.now() };
      throw new StoreUnavailable(message);
    }
  }

  /** Runs `fn` on the open database; SQLite's own errors become StoreUnavailable naming the file. */
  private use<T>(fn: (db: Database) => T): T {
    const db = this.open();
    try {
      return fn(db);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
        // The file was replaced or damaged under us: reopen (and report) next time.
        try { db.close(); } catch { /* ignore */ }
        this.db = null;
      }
      if (code.startsWith('SQLITE_')) throw new StoreUnavailable(sqliteProblem(this.location, err));
      throw err;
    }
  }

  get maxGames(): number { return this.options.maxGames ?? DEFAULT_MAX_SAVED_GAMES; }

  /** Stores the game and, in the same transaction, deletes the oldest games past `maxGames` (their pages are reused, so the file stops growing). */
  async save(g: StoredGame): Promise<void> {
    this.use((db) => db.transaction(() => {
      db.query(`INSERT OR REPLACE INTO games (${SUMMARY_COLUMNS}, mjlog)
        VALUES ($id, $created_at, $finished_at, $mode, $max_round, $seed, $ais, $scores, $points, $placements, $hands, $token_hash, $seeded, $mjlog)`).run({
        seeded: g.seeded ? 1 : 0,
        id: g.id, created_at: g.createdAt, finished_at: g.finishedAt, mode: g.mode, max_round: g.maxRound, seed: g.seed,
        ais: JSON.stringify(g.ais), scores: JSON.stringify(g.scores), points: JSON.stringify(g.points),
        placements: JSON.stringify(g.placements), hands: g.hands, token_hash: g.tokenHash, mjlog: g.mjlog,
      });
      db.query('DELETE FROM games WHERE id IN (SELECT id FROM games ORDER BY finished_at DESC, id LIMIT -1 OFFSET $keep)').run({ keep: this.maxGames });
    })());
  }

  async list(query: Partial<GameQuery>): Promise<{ games: GameSummary[]; total: number }> {
    const q = normaliseQuery(query);
    return this.use((db) => {
      const where = q.owners === 'all' ? '' : 'WHERE token_hash IN (SELECT value FROM json_each($owners))';
      const params: Record<string, string | number> = q.owners === 'all' ? {} : { owners: JSON.stringify(q.owners) };
      const total = (db.query(`SELECT count(*) AS n FROM games ${where}`).get(params) as { n: number }).n;
      const rows = db.query(`SELECT ${SUMMARY_COLUMNS} FROM games ${where} ORDER BY finished_at DESC, id LIMIT $limit OFFSET $offset`)
        .all({ ...params, limit: q.limit, offset: q.offset }) as Row[];
      return { total, games: rows.map((r) => { const { mjlog: _m, tokenHash: _t, ...s } = fromRow(r); return s; }) };
    });
  }

  async get(id: string): Promise<StoredGame | null> {
    return this.use((db) => {
      const exact = db.query('SELECT * FROM games WHERE id = $id').get({ id }) as Row | null;
      if (exact) return fromRow(exact);
      if (id.length < MIN_PREFIX || /[%_]/.test(id)) return null;
      const rows = db.query('SELECT * FROM games WHERE id LIKE $prefix LIMIT 2').all({ prefix: `${id}%` }) as Row[];
      return rows.length === 1 ? fromRow(rows[0]!) : null;
    });
  }

  async close(): Promise<void> {
    try { this.db?.close(); } catch { /* ignore */ }
    this.db = null;
  }
}
