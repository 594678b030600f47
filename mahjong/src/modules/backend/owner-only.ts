import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes `path` (an SQLite database, created if missing) readable by this user only before SQLite
 * opens it: SQLite gives its -wal and -shm files the database's mode. A folder this makes is one
 * only this user may enter; an existing one (a `--data-dir` the user chose) keeps its mode. The data directory's databases hold wall secrets, every hand of a game, token
 * hashes. An existing file made by an older version with a wider mode is narrowed too.
 */
export function ownerOnlyDatabase(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}
