import { afterAll, describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { hideCredentials } from '../../src/modules/ladder/credentials';
import { RUNS_DIR } from '../../src/modules/ladder/runs';

const temp = useTempDirs(afterAll);
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

describe('credentials in published ladder runs', () => {
  it('masks any parameter or variable named …token, …key, …secret or …password, flags\' values and URL passwords', () => {
    const cases: [string, string][] = [
      ['mjai:wss://bots.example/mortal?access_token=tok-1', 'mjai:wss://bots.example/mortal?access_token=***'],
      ['mjai:ws://h/b?seat=1&auth_token=tok-2&x=1', 'mjai:ws://h/b?seat=1&auth_token=***&x=1'],
      ['BOT_TOKEN=tok-3 mahjong arena', 'BOT_TOKEN=*** mahjong arena'],
      ['OPENAI_API_KEY=sk-4 DB_PASSWORD=pw-5 MY-SECRET=s-6', 'OPENAI_API_KEY=*** DB_PASSWORD=*** MY-SECRET=***'],
      ['mjai:bot.py --api-key k-7 --games 4', 'mjai:bot.py --api-key *** --games 4'],
      ['mjai:bot.py --Token=k-8', 'mjai:bot.py --Token=***'],
      ['X-Api-Key: k-9', 'X-Api-Key: ***'],
      ['mjai:ws://alice:pw-10@bots.example/seat', 'mjai:ws://***@bots.example/seat'],
      ['strong vs heuristic, keyboard=1 tokenizer=2', 'strong vs heuristic, keyboard=1 tokenizer=2'],
    ];
    for (const [given, masked] of cases) expect(hideCredentials(given)).toBe(masked);
  });

  it('ladder --add writes no token of the label or a bot URL, and ladder --json masks a file published in clear before', async () => {
    const dir = temp.make('mahjong-runs-');
    const est = (mean: number) => ({ mean, ci95: 0.05 });
    const bot = 'mjai:wss://bots.example/mortal?access_token=tok-SECRET-2';
    const contestant = (name: string) => ({ name, seats: 8, avgPlace: est(2.5), avgPoints: est(0), winRate: est(0.2), dealInRate: est(0.1) });
    const report = join(dir, 'report.json');
    writeFileSync(report, JSON.stringify({ lineup: [bot, 'random', 'random', 'random'], walls: 2, games: 8, contestants: [contestant(bot), contestant('random')], replacedGames: 0 }));
    const env = { ...process.env, NO_COLOR: '1' };
    const add = Bun.spawnSync(['bun', CLI, 'ladder', '--add', report, '--label', `BOT_TOKEN=tok-SECRET-1 mahjong arena --ai ${bot},random --api-key tok-SECRET-3`, '--data-dir', dir], { env });
    expect({ code: add.exitCode, err: add.stderr.toString() }).toMatchObject({ code: 0 });
    const files = readdirSync(join(dir, RUNS_DIR));
    expect(files).toHaveLength(1);
    const written = readFileSync(join(dir, RUNS_DIR, files[0]!), 'utf8');
    expect(written).not.toContain('SECRET');
    expect(written).toContain('access_token=***');
    // A run written in clear (by an older version, or by hand) is masked when shown.
    writeFileSync(join(dir, RUNS_DIR, files[0]!), written.replace('BOT_TOKEN=***', 'BOT_TOKEN=tok-SECRET-4'));
    const shown = Bun.spawnSync(['bun', CLI, 'ladder', '--json', '--data-dir', dir], { env });
    expect(shown.exitCode).toBe(0);
    const out = shown.stdout.toString();
    expect(out).toContain('BOT_TOKEN=***');
    expect(out).not.toContain('SECRET');
  }, 60_000);
});
