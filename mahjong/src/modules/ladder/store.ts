/**
 * The ladder's matches in `<data dir>/ladder.json`, rewritten atomically after each match (a
 * server killed at any moment restarts with every match it had finished). The newest
 * MAX_MATCHES are kept.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeJsonAtomic } from '@devhub/shared';
import { Type as t } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LadderMatch } from './standings';

export const MAX_MATCHES = 5000;
const LadderFile = t.Object({ version: t.Literal(1), matches: t.Array(LadderMatch) });

export const ladderPath = (dir: string) => join(dir, 'ladder.json');

export class LadderStore {
  matches: LadderMatch[] = [];

  /** `path` null: kept in memory only (`--no-store`). */
  constructor(readonly path: string | null) {
    if (path && existsSync(path)) this.matches = readLadder(path);
  }

  /** The data directory holding ladder.json and the published runs (null: in memory only). */
  get dataDir(): string | null {
    return this.path ? dirname(this.path) : null;
  }

  add(m: LadderMatch): void {
    this.matches.push(m);
    if (this.matches.length > MAX_MATCHES) this.matches.splice(0, this.matches.length - MAX_MATCHES);
    if (!this.path) return;
    // The data directory, when this makes it, is one only this user may enter (owner-only.ts).
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    writeJsonAtomic(this.path, { version: 1, matches: this.matches });
  }
}

/** The matches of a ladder file; a file that is not one is an error naming it. */
export function readLadder(path: string): LadderMatch[] {
  let data: unknown;
  try { data = JSON.parse(readFileSync(path, 'utf8')); } catch (e) { throw new Error(`${path}: not a ladder file (${(e as Error).message})`); }
  if (!Value.Check(LadderFile, data)) throw new Error(`${path}: not a ladder file`);
  return data.matches;
}
