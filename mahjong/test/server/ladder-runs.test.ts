import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { useTempDirs } from '@devhub/shared/testing';
import { PublishedRun, publishRun, RELEASE_RUNS, RUNS_DIR, runOfArena } from '../../src/modules/ladder/runs';
import { LadderStore, ladderPath } from '../../src/modules/ladder/store';
import releaseFile from '../../src/modules/ladder/release-runs.json';
import { testApp } from './helpers';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const env = { ...process.env, NO_COLOR: '1' };

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const proc = Bun.spawn(['bun', CLI, ...args], { stdout: 'pipe', stderr: 'pipe', env });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

type Report = { lineup: string[]; games: number; contestants: { name: string; seats: number; avgPlace: { mean: number; ci95: number }; winRate: { mean: number; ci95: number } }[] };

describe('published strength figures on the ladder', () => {
  it('mahjong arena --publish puts the report, with its intervals, on the data directory\'s ladder; ladder --add takes a saved report and refuses what is not one', async () => {
    const dir = join(temp.make('mahjong-runs-'), 'data');
    const arena = await cli('arena', '--ai', 'heuristic,random', '--games', '8', '--seed', '5', '--east-only', '--json', '--publish', '--data-dir', dir);
    expect(arena.code).toBe(0);
    // The data directory it made is one only this user may enter.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, RUNS_DIR)).mode & 0o777).toBe(0o700);
    expect(arena.err).toContain('published to the ladder');
    const report = JSON.parse(arena.out) as Report;
    const saved = JSON.parse((await cli('ladder', '--data-dir', dir, '--json')).out) as { runs: PublishedRun[]; release_runs: PublishedRun[] };
    expect(saved.runs).toHaveLength(1);
    const run = saved.runs[0]!;
    expect(run).toMatchObject({ kind: 'arena', label: 'mahjong arena --ai heuristic,random --games 8 --seed 5 --east-only', seed: 5, games: 8, east_only: true, lineup: report.lineup });
    for (const c of report.contestants) {
      const mine = run.contestants.find((x) => x.name === c.name)!;
      expect(mine.games).toBe(c.seats);
      expect(mine.avg_place).toEqual(c.avgPlace);
      expect(mine.win_rate).toEqual(c.winRate);
    }
    expect(saved.release_runs).toEqual(RELEASE_RUNS);

    // A saved report added by hand: the label is required, and a file that is not a report is refused with nothing written.
    const file = join(dir, 'report.json');
    writeFileSync(file, arena.out);
    expect((await cli('ladder', '--add', file, '--data-dir', dir)).err).toContain('--label is required');
    const added = await cli('ladder', '--add', file, '--label', 'the same run, added', '--seed', '5', '--east-only', '--data-dir', dir);
    expect(added.code).toBe(0);
    writeFileSync(join(dir, 'junk.json'), JSON.stringify({ lineup: ['a'], games: 'many' }));
    const refused = await cli('ladder', '--add', join(dir, 'junk.json'), '--label', 'x', '--data-dir', dir);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('not a mahjong arena --json report');
    expect(readdirSync(join(dir, RUNS_DIR)).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    const text = (await cli('ladder', '--data-dir', dir)).out;
    expect(text).toContain('the same run, added');
    expect(text).toMatch(/heuristic\s+\d+ games {2}avg place \d\.\d{3} ± \d\.\d{3}/);
  }, 60_000);

  it('the server shows published runs on /api/ladder and /ladder, escaped, credentials masked, and skips files that are not runs without hiding the rest', async () => {
    const dir = temp.make('mahjong-runs-');
    const est = (mean: number) => ({ mean, ci95: 0.05 });
    const contestant = (name: string, place: number) => ({ name, seats: 8, avgPlace: est(place), firstRate: est(0.25), lastRate: est(0.25), avgScore: est(25000), avgPoints: est(0), winRate: est(0.2), dealInRate: est(0.1), places: [2, 2, 2, 2], replacedSeats: 0 });
    const secretBot = 'mjai:ws://alice:hunter2@bots.example/seat';
    const report = { lineup: [secretBot, 'strong', 'strong', 'strong'], walls: 2, games: 8, hands: 80, seconds: 1, contestants: [contestant(secretBot, 2.2), contestant('strong', 2.6)], replacedGames: 0 };
    publishRun(dir, runOfArena(report, { label: `arena --ai ${secretBot},strong <script>alert(1)</script>`, seed: 3, eastOnly: false, at: new Date('2026-01-02T03:04:05Z') }));
    const later = runOfArena({ ...report, lineup: ['strong', 'random', 'random', 'random'], contestants: [contestant('strong', 1.1), contestant('random', 2.97)] }, { label: 'newer', seed: 9, eastOnly: true, at: new Date('2026-02-01T00:00:00Z') });
    publishRun(dir, later);
    writeFileSync(join(dir, RUNS_DIR, 'zz-not-json.json'), '{');
    writeFileSync(join(dir, RUNS_DIR, 'zz-huge.json'), JSON.stringify({ pad: 'x'.repeat(200_000) }));
    writeFileSync(join(dir, RUNS_DIR, 'zz-wrong-shape.json'), JSON.stringify({ ...later, games: -1 }));
    const { call, close } = testApp({ ladder: new LadderStore(ladderPath(dir)) });
    try {
      const api = (await call('GET', '/api/ladder')).json as { runs: PublishedRun[]; skipped_runs: string[] };
      expect(api.runs.map((r) => r.label.slice(0, 5))).toEqual(['newer', 'arena']);
      expect(api.skipped_runs.sort()).toEqual(['zz-huge.json', 'zz-not-json.json', 'zz-wrong-shape.json']);
      expect(JSON.stringify(api)).not.toContain('hunter2');
      expect(api.runs[1]!.lineup[0]).toBe('mjai:ws://***@bots.example/seat');
      const page = (await call('GET', '/ladder')).text;
      expect(page).not.toContain('<script>alert(1)');
      expect(page).toContain('&#60;script&#62;alert(1)');
      expect(page).not.toContain('hunter2');
      expect(page).toContain('2.200 ± 0.050');
      expect(page).toContain('3 file(s) in ladder-runs/ are not runs');
      expect(page.slice(page.indexOf('id="release-runs"'))).toContain('mahjong arena --ai strong,strong-v1');
      // Files are parsed once and cached; each answer still follows the folder: a file rewritten
      // (fixed or broken) or removed shows as it is now.
      writeFileSync(join(dir, RUNS_DIR, 'zz-not-json.json'), JSON.stringify({ ...later, label: 'fixed later' }));
      writeFileSync(join(dir, RUNS_DIR, 'zz-wrong-shape.json'), '[');
      expect(existsSync(join(dir, RUNS_DIR, 'zz-huge.json'))).toBe(true); // skipped, never deleted
      rmSync(join(dir, RUNS_DIR, 'zz-huge.json'));
      const again = (await call('GET', '/api/ladder')).json as { runs: PublishedRun[]; skipped_runs: string[] };
      expect(again.runs.map((r) => r.label.slice(0, 5)).sort()).toEqual(['arena', 'fixed', 'newer']);
      expect(again.skipped_runs).toEqual(['zz-wrong-shape.json']);
    } finally {
      await close();
    }
  });

  it('every figure shipped for this release is a valid run that says how to reproduce it', () => {
    expect(RELEASE_RUNS).toHaveLength((releaseFile as unknown[]).length);
    for (const r of releaseFile as unknown[]) expect(Value.Check(PublishedRun, r)).toBe(true);
    for (const r of RELEASE_RUNS) expect(r.label).toMatch(/^(mahjong arena|bun bench\/)/);
    // The README's strength claims: against the frozen copy, against the heuristic, against a public mjai bot.
    expect(RELEASE_RUNS.map((r) => r.lineup.join(','))).toEqual(expect.arrayContaining(['strong,strong-v1,strong-v1,strong-v1', 'strong,heuristic,heuristic,heuristic', 'manue,strong,strong,strong']));
  });
});
