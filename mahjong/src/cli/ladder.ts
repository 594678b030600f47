import { existsSync, readFileSync, statSync } from 'node:fs';
import { defineCommand } from 'citty';
import { Value } from '@sinclair/typebox/value';
import { BadArgument } from '@devhub/shared';
import { dataDir } from '../modules/backend/paths';
import { runSummary } from '../modules/ladder/page';
import { ArenaReportFile, MAX_RUN_BYTES, type PublishedRun, publishRun, readRuns, runOfArena } from '../modules/ladder/runs';
import { type LadderStandings, standings } from '../modules/ladder/standings';
import { ladderPath, readLadder } from '../modules/ladder/store';
import type { ArenaReport } from '../engine/sim/arena';

const pm = (e: { mean: number; ci95: number }, d: number, scale = 1) => `${(e.mean * scale).toFixed(d)} ± ${(e.ci95 * scale).toFixed(d)}`;

function runsText(title: string, runs: PublishedRun[]): string[] {
  if (!runs.length) return [];
  const lines = ['', title];
  for (const r of runs) {
    lines.push(`  ${r.label}  (${runSummary(r)}; ${r.at})`);
    for (const c of r.contestants) {
      const rates = c.win_rate && c.deal_in_rate ? `  win ${pm(c.win_rate, 1, 100)} %  deal-in ${pm(c.deal_in_rate, 1, 100)} %` : '';
      lines.push(`    ${c.name.padEnd(14)} ${String(c.games).padStart(6)} games  avg place ${pm(c.avg_place, 3)}${c.points ? `  points ${pm(c.points, 1)}` : ''}${rates}`);
    }
  }
  return lines;
}

export function ladderTable(s: LadderStandings): string {
  const lines: string[] = [];
  if (!s.standings.length) lines.push('no ladder matches yet (mahjong serve --ladder plays them)');
  else {
    const w = Math.max(12, ...s.standings.map((r) => r.name.length));
    lines.push(
      `${s.matches} duplicate matches; rating = mean final points per game ± 95 % interval (matches as samples)`,
      '',
      `${'#'.padStart(3)}  ${'contestant'.padEnd(w)}  ${'rating'.padEnd(15)} ${'avg place'.padEnd(15)} ${'games'.padStart(6)} ${'matches'.padStart(8)}  last played`,
    );
    s.standings.forEach((r, i) => lines.push(`${String(i + 1).padStart(3)}  ${r.name.padEnd(w)}  ${pm(r.rating, 1).padEnd(15)} ${pm(r.avg_place, 3).padEnd(15)} ${String(r.games).padStart(6)} ${String(r.matches).padStart(8)}  ${r.last_played}`));
  }
  lines.push(...runsText('Published here (newest first, ± = 95 % interval):', s.runs ?? []));
  if (s.skipped_runs?.length) lines.push(`  (${s.skipped_runs.length} file(s) in ladder-runs/ are not runs: ${s.skipped_runs.slice(0, 5).join(', ')})`);
  lines.push(...runsText('Measured for this release:', s.release_runs ?? []));
  return lines.join('\n');
}

/** A saved `mahjong arena --json` report as a run, or a message saying why it is not one. */
export function runFromReportFile(path: string, o: { label: string; seed?: number; eastOnly: boolean }): PublishedRun {
  if (!existsSync(path)) throw new Error(`${path}: no such file`);
  if (statSync(path).size > 16 * MAX_RUN_BYTES) throw new Error(`${path}: too large for an arena report`);
  let data: unknown;
  try { data = JSON.parse(readFileSync(path, 'utf8')); } catch (e) { throw new Error(`${path}: not JSON (${(e as Error).message})`); }
  if (!Value.Check(ArenaReportFile, data)) {
    const first = [...Value.Errors(ArenaReportFile, data)][0];
    throw new Error(`${path}: not a mahjong arena --json report (${first ? `${first.path || '/'}: ${first.message}` : 'wrong shape'})`);
  }
  const run = runOfArena(data as unknown as ArenaReport, { label: o.label, seed: o.seed ?? 0, eastOnly: o.eastOnly });
  if (o.seed === undefined) delete run.seed;
  return run;
}

export default defineCommand({
  meta: { name: 'ladder', description: 'The duplicate-match ladder kept by mahjong serve --ladder (rating with its interval, games, last played) and the published strength figures' },
  args: {
    'data-dir': { type: 'string', description: 'State directory holding ladder.json and ladder-runs/ (env MAHJONG_DIR, default ~/.mahjong)' },
    url: { type: 'string', description: 'Ask a running server instead (its base URL, e.g. http://127.0.0.1:8000)' },
    json: { type: 'boolean', description: 'Print the standings as JSON' },
    add: { type: 'string', description: 'Publish a saved `mahjong arena --json` report to the data directory (needs --label)' },
    label: { type: 'string', description: 'With --add: how the report was made (e.g. the arena command)' },
    seed: { type: 'string', description: 'With --add: the seed of its first wall' },
    'east-only': { type: 'boolean', description: 'With --add: the games were East-only' },
  },
  async run({ args }) {
    if (args.add !== undefined) {
      const label = args.label?.trim();
      if (!label) throw new BadArgument('mahjong ladder --add: --label is required (say how the report was made, e.g. the arena command)');
      const seed = args.seed === undefined ? undefined : Number(args.seed);
      if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) throw new BadArgument(`mahjong ladder --add: --seed must be a non-negative integer, got "${args.seed}"`);
      try {
        const path = publishRun(dataDir(args['data-dir']), runFromReportFile(args.add, { label, seed, eastOnly: args['east-only'] === true }));
        process.stdout.write(`published ${path}\n`);
      } catch (e) { throw new BadArgument(`mahjong ladder --add: ${(e as Error).message}`); }
      return;
    }
    let s: LadderStandings;
    if (args.url) {
      let res: Response;
      try { res = await fetch(new URL('/api/ladder', args.url)); } catch (e) { throw new BadArgument(`mahjong ladder: cannot reach ${args.url} (${(e as Error).message})`); }
      if (!res.ok) throw new BadArgument(`mahjong ladder: ${args.url} answered ${res.status}`);
      s = (await res.json()) as LadderStandings;
    } else {
      const dir = dataDir(args['data-dir']);
      const path = ladderPath(dir);
      try {
        s = standings(existsSync(path) ? readLadder(path) : [], false, readRuns(dir));
      } catch (e) { throw new BadArgument(`mahjong ladder: ${(e as Error).message}`); }
      delete (s as Partial<LadderStandings>).enabled;
    }
    process.stdout.write(args.json ? `${JSON.stringify(s, null, 2)}\n` : `${ladderTable(s)}\n`);
  },
});
