import { Database } from 'bun:sqlite';
import { closeSync, existsSync, openSync } from 'node:fs';

/** One row per `/v1/messages` request: what happened and what it cost, never what was said or a key. */
export interface RequestRecord {
  /** Epoch ms, when the request arrived. */
  time: number;
  /** Claude Code's session id (`x-claude-code-session-id`, else `metadata.user_id`); null for other clients. */
  session: string | null;
  path: string;
  provider: string | null;
  /** 1-based position in api_keys, as in `x-modelproxy-key`. */
  key_index: number | null;
  /** sha256 of the key (the usage cache's id), to find its cached quota without the config. */
  key_fp: string | null;
  route: string | null;
  model_in: string | null;
  model_out: string | null;
  stream: boolean;
  status: number;
  attempts: number;
  completed: boolean;
  input_tokens: number | null;
  output_tokens: number | null;
  cache_read_tokens: number | null;
  cache_write_tokens: number | null;
  /** Until the response headers. */
  latency_ms: number;
  /** Until the first body byte went to the client. */
  ttfb_ms: number | null;
  /** Until the body ended. */
  duration_ms: number | null;
  bytes: number;
}

export const COLUMNS = [
  'time', 'session', 'path', 'provider', 'key_index', 'key_fp', 'route', 'model_in', 'model_out', 'stream', 'status', 'attempts', 'completed',
  'input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens', 'latency_ms', 'ttfb_ms', 'duration_ms', 'bytes',
] as const satisfies readonly (keyof RequestRecord)[];

/** Schema steps, applied in order; `PRAGMA user_version` is how many have run. */
const MIGRATIONS = [
  `CREATE TABLE requests (
    id INTEGER PRIMARY KEY,
    time INTEGER NOT NULL, session TEXT, path TEXT NOT NULL,
    provider TEXT, key_index INTEGER, key_fp TEXT, route TEXT, model_in TEXT, model_out TEXT,
    stream INTEGER NOT NULL, status INTEGER NOT NULL, attempts INTEGER NOT NULL, completed INTEGER NOT NULL,
    input_tokens INTEGER, output_tokens INTEGER, cache_read_tokens INTEGER, cache_write_tokens INTEGER,
    latency_ms REAL NOT NULL, ttfb_ms REAL, duration_ms REAL, bytes INTEGER NOT NULL
  );
  CREATE INDEX requests_time ON requests (time);
  CREATE INDEX requests_session ON requests (session, time) WHERE session IS NOT NULL;`,
  // Every try with a key that failed and moved on (the request may still have been served by
  // another key): `stats --by key` counts them against the key that failed.
  `CREATE TABLE key_failures (
    id INTEGER PRIMARY KEY,
    time INTEGER NOT NULL, provider TEXT NOT NULL, key_index INTEGER NOT NULL, key_fp TEXT NOT NULL, status INTEGER
  );
  CREATE INDEX key_failures_time ON key_failures (time);`,
];

/** One failed try with a key (status null: no answer). */
export interface KeyFailure {
  time: number;
  provider: string;
  key_index: number;
  key_fp: string;
  status: number | null;
}

/** The schema step that added key_failures: a database before it (serve not restarted yet) has none. */
export const FAILURES_VERSION = 2;

/**
 * Opens (creating when asked) the accounting database. WAL lets `stats` and `statusline` read while
 * `serve` writes; synchronous=NORMAL makes a commit a write to the WAL without an fsync (a crash may
 * lose the last batch, never corrupt the file). Returns null when the file does not exist (or
 * has no tables yet) and `create` is false.
 */
export function openDatabase(path: string, options: { create: boolean }): Database | null {
  if (!existsSync(path)) {
    if (!options.create) return null;
    // Mode 0600 like requests.jsonl: session ids and key fingerprints are nobody else's business.
    closeSync(openSync(path, 'a', 0o600));
  }
  const db = new Database(path, { strict: true });
  db.exec('PRAGMA busy_timeout = 2000');
  const version = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version < MIGRATIONS.length) {
    // Only the writer (serve) sets the schema up: a reader finds nothing recorded yet, or reads the
    // older tables of a database a running serve of the previous version still writes.
    if (!options.create) {
      if (version >= 1) return db;
      db.close();
      return null;
    }
    db.exec('PRAGMA journal_mode = WAL');
    db.transaction(() => {
      for (const step of MIGRATIONS.slice(version)) db.exec(step);
      db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
    })();
  }
  db.exec('PRAGMA synchronous = NORMAL');
  return db;
}
