import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { useTempDirs } from '@devhub/shared/testing';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const BOT = join(import.meta.dir, '../fixtures/mjai/bot.py');

async function arena(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const proc = Bun.spawn(['bun', CLI, 'arena', ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

/** The report without its wall-clock time. */
const report = (out: string) => {
  const { seconds: _s, ...rest } = JSON.parse(out) as Record<string, unknown>;
  return rest as { contestants: { name: string; seats: number; places: number[] }[]; games: number };
};

describe('mahjong arena: any contestant, on every core', () => {
  it('seats a stdio mjai bot (it asks for possible_actions and wins with them) against a built-in AI; --jobs 2 gives the same report', async () => {
    const ai = `mjai:python3 ${BOT} possible,random`;
    const [one, two] = await Promise.all([
      arena('--ai', ai, '--games', '8', '--seed', '3', '--east-only', '--possible-actions', '--json'),
      arena('--ai', ai, '--games', '8', '--seed', '3', '--east-only', '--possible-actions', '--json', '--jobs', '2'),
    ]);
    expect(one.err).not.toContain('replaced');
    expect(one.code).toBe(0);
    const r = report(one.out);
    expect(r.games).toBe(8);
    const bot = r.contestants.find((c) => c.name.startsWith('mjai:'))!;
    expect(bot.seats).toBe(8);
    expect(bot.places.reduce((a, b) => a + b, 0)).toBe(8);
    expect(two.code).toBe(0);
    expect(report(two.out)).toEqual(r);
  }, 60_000);

  it('a bot named in --bots is a contestant by its name; four-name lineups and built-in AIs split over --jobs 3 match one process', async () => {
    const file = join(temp.make('mahjong-arena-'), 'bots.yaml');
    writeFileSync(file, `bots:\n  tsumogiri:\n    command: python3 ${BOT}\n`);
    const named = await arena('--ai', 'tsumogiri,random', '--bots', file, '--games', '4', '--east-only', '--json');
    expect(named.code).toBe(0);
    expect(report(named.out).contestants.map((c) => c.name)).toEqual(['tsumogiri', 'random']);
    const lineup = ['--ai', 'strong,heuristic,random,strong', '--games', '12', '--east-only', '--json'];
    const [a, b] = await Promise.all([arena(...lineup), arena(...lineup, '--jobs', '3')]);
    expect(report(b.out)).toEqual(report(a.out));
    expect(report(a.out).contestants.find((c) => c.name === 'strong')!.seats).toBe(24);
  }, 60_000);

  it('a bot that fails is not credited with the strong AI\'s play: the report counts the replaced seats, the command exits 1, and neither --publish nor ladder --add takes it', async () => {
    const dir = temp.make('mahjong-arena-replaced-');
    const ai = `mjai:python3 ${BOT} crash,random`;
    const json = await arena('--ai', ai, '--games', '4', '--east-only', '--json');
    expect(json.code).toBe(1);
    const r = JSON.parse(json.out) as { replacedGames: number; contestants: { name: string; seats: number; replacedSeats: number }[] };
    expect(r.replacedGames).toBe(4);
    expect(r.contestants.map((c) => [c.name, c.seats, c.replacedSeats])).toEqual([[`mjai:python3 ${BOT} crash`, 4, 4], ['random', 12, 0]]);
    expect(json.err).toContain('4 game(s) had an mjai bot replaced by the strong AI: the figures are not the bot\'s own');
    const table = await arena('--ai', ai, '--games', '4', '--east-only', '--publish', '--data-dir', dir);
    expect(table.out).toContain('NOT THE BOTS\' OWN FIGURES: in 4 of 4 games an mjai bot failed');
    expect(table.code).toBe(2);
    expect(table.err).toContain('not publishing: in 4 of 4 games an mjai bot failed');
    expect(existsSync(join(dir, 'ladder-runs')) ? readdirSync(join(dir, 'ladder-runs')) : []).toEqual([]);
    const saved = join(dir, 'report.json');
    writeFileSync(saved, json.out);
    const add = Bun.spawnSync(['bun', CLI, 'ladder', '--add', saved, '--label', 'a crashed bot', '--data-dir', dir], { env: { ...process.env, NO_COLOR: '1' } });
    expect(add.exitCode).toBe(2);
    expect(add.stderr.toString()).toContain('not publishing');
  }, 60_000);

  it('refuses a bad --jobs and an unknown contestant with exit 2', async () => {
    expect((await arena('--jobs', '0')).code).toBe(2);
    const unknown = await arena('--ai', 'nosuchai,random', '--games', '4');
    expect(unknown.code).toBe(2);
    expect(unknown.err + unknown.out).toContain('nosuchai');
  });
});
