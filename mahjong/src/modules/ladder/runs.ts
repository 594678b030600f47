/**
 * Published strength figures: an arena run (`mahjong arena --publish`, or a saved `arena --json`
 * report added with `mahjong ladder --add`) or a series of classic-mjai-client room games
 * (bench/mahjong-vs-mjai-client.ts --publish), each kept with its 95 % intervals and shown on the
 * ladder beside its own matches. One file per run in `<data dir>/ladder-runs/`, written
 * atomically: two publishers never overwrite each other, and `serve --ladder` (which rewrites
 * ladder.json) never touches them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonAtomic } from '@devhub/shared';
import { Type as t, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ArenaReport } from '../../engine/sim/arena';
import { hideCredentials } from './credentials';
import releaseFile from './release-runs.json';

export const RUNS_DIR = 'ladder-runs';
/** The newest runs shown; older files stay on disk. */
export const MAX_RUNS = 500;
/** A run file larger than this is not a run (a run with 4 contestants is ~2 KB). */
export const MAX_RUN_BYTES = 64 * 1024;

const Interval = t.Object({ mean: t.Number(), ci95: t.Number({ minimum: 0 }) });
const Name = t.String({ minLength: 1, maxLength: 200 });

export const RunContestant = t.Object({
  name: Name,
  games: t.Integer({ minimum: 1, description: 'games played by this name, counting each seat it held' }),
  avg_place: Interval,
  points: t.Optional(Interval),
  win_rate: t.Optional(Interval),
  deal_in_rate: t.Optional(Interval),
});

export const PublishedRun = t.Object({
  version: t.Literal(1),
  at: t.String({ maxLength: 40, description: 'when it was published (ISO 8601)' }),
  kind: t.Union([t.Literal('arena'), t.Literal('rooms')], { description: 'arena: duplicate matches; rooms: a classic mjai client in rooms on fresh walls (wider intervals)' }),
  label: t.String({ maxLength: 500, description: 'how to reproduce it, e.g. the command' }),
  lineup: t.Array(Name, { minItems: 4, maxItems: 4 }),
  seed: t.Optional(t.Integer({ minimum: 0 })),
  games: t.Integer({ minimum: 1 }),
  east_only: t.Boolean(),
  contestants: t.Array(RunContestant, { minItems: 1, maxItems: 4 }),
});
export type PublishedRun = Static<typeof PublishedRun>;

/**
 * An arena report as a run; `label` says how it was made. Credentials in names are masked. Throws
 * for a report whose figures are not all the contestants' own (a bot failed and was replaced).
 */
export function runOfArena(report: ArenaReport, o: { label: string; seed: number; eastOnly: boolean; at?: Date }): PublishedRun {
  // `?? 0`: a report saved before the count existed.
  if ((report.replacedGames ?? 0) > 0) {
    throw new Error(`not publishing: in ${report.replacedGames} of ${report.games} games an mjai bot failed and the strong AI played its seat on, so the figures are not the bot's own (fix the bot and run the arena again)`);
  }
  return {
    version: 1, at: (o.at ?? new Date()).toISOString(), kind: 'arena', label: hideCredentials(o.label).slice(0, 500),
    lineup: report.lineup.map(hideCredentials), seed: o.seed, games: report.games, east_only: o.eastOnly,
    contestants: report.contestants.map((c) => ({
      name: hideCredentials(c.name), games: c.seats, avg_place: c.avgPlace, points: c.avgPoints, win_rate: c.winRate, deal_in_rate: c.dealInRate,
    })),
  };
}

/** The run with credentials in its names and label masked (credentials.ts). */
const maskRun = (run: PublishedRun): PublishedRun => ({
  ...run, label: hideCredentials(run.label), lineup: run.lineup.map(hideCredentials),
  contestants: run.contestants.map((c) => ({ ...c, name: hideCredentials(c.name) })),
});

/** Writes the run as its own file (credentials in names masked); returns its path. Throws when it is not a valid run. */
export function publishRun(dataDir: string, given: PublishedRun): string {
  const run = maskRun(given);
  if (!Value.Check(PublishedRun, run)) throw new Error(`not a publishable run: ${[...Value.Errors(PublishedRun, run)].slice(0, 3).map((e) => `${e.path || '/'} ${e.message}`).join('; ')}`);
  const stamp = run.at.replace(/[^0-9]/g, '').slice(0, 17);
  const path = join(dataDir, RUNS_DIR, `${stamp}-${crypto.randomUUID().slice(0, 8)}.json`);
  writeJsonAtomic(path, run, { dirMode: 0o700 });
  return path;
}

/** What one file held when last read, by path: a request re-reads only files that changed. */
interface CachedRun { ino: number; size: number; mtimeMs: number; run: PublishedRun | null }
const runCache = new Map<string, CachedRun>();

function readRun(path: string): PublishedRun | null {
  const st = statSync(path);
  const cached = runCache.get(path);
  if (cached && cached.ino === st.ino && cached.size === st.size && cached.mtimeMs === st.mtimeMs) return cached.run;
  let run: PublishedRun | null = null;
  if (st.isFile() && st.size <= MAX_RUN_BYTES) {
    try {
      const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
      // Masked again: a file published before a pattern was masked, or written by hand.
      if (Value.Check(PublishedRun, data)) run = maskRun(data);
    } catch { /* not JSON: skipped */ }
  }
  runCache.set(path, { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, run });
  return run;
}

/**
 * The published runs in a data directory, newest first (at most MAX_RUNS). A file that is not a
 * run (too large, not JSON, wrong shape) is skipped and named in `skipped`: it never hides the rest.
 * Each request lists and stats the folder but parses only files new or changed since the
 * last request, so a busy /api/ladder costs no more than a directory listing.
 */
export function readRuns(dataDir: string | null): { runs: PublishedRun[]; skipped: string[] } {
  const dir = dataDir ? join(dataDir, RUNS_DIR) : null;
  if (!dir || !existsSync(dir)) return { runs: [], skipped: [] };
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('.')).sort().reverse().slice(0, MAX_RUNS);
  const runs: PublishedRun[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    const path = join(dir, f);
    seen.add(path);
    let run: PublishedRun | null = null;
    try { run = readRun(path); } catch { /* gone or unreadable: skipped */ }
    if (run) runs.push(run);
    else skipped.push(f);
  }
  for (const path of runCache.keys()) if (path.startsWith(`${dir}/`) && !seen.has(path)) runCache.delete(path);
  runs.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { runs, skipped };
}

/**
 * The figures measured for this release (mahjong/README.md, "AI players"), shipped inside the
 * program so every ladder shows them. Entries that fail the schema are dropped (a test checks
 * there are none).
 */
export const RELEASE_RUNS: PublishedRun[] = (releaseFile as unknown[]).filter((r): r is PublishedRun => Value.Check(PublishedRun, r));

const Estimate = t.Object({ mean: t.Number(), ci95: t.Number({ minimum: 0 }) });
/** The part of `mahjong arena --json` output a run is made from. */
export const ArenaReportFile = t.Object({
  lineup: t.Array(Name, { minItems: 4, maxItems: 4 }),
  walls: t.Integer({ minimum: 1 }),
  games: t.Integer({ minimum: 1 }),
  contestants: t.Array(t.Object({ name: Name, seats: t.Integer({ minimum: 1 }), avgPlace: Estimate, avgPoints: Estimate, winRate: Estimate, dealInRate: Estimate }), { minItems: 1, maxItems: 4 }),
  replacedGames: t.Optional(t.Integer({ minimum: 0 })),
});
