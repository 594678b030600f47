import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';

const CLI = `${import.meta.dir}/../../src/cli/index.ts`;
const temp = useTempDirs(afterAll);

const SECRETS = { MAHJONG_ADMIN_TOKEN: 'admin-SECRET-0123456789', MAHJONG_REDIS_URL: 'redis://u:SECRET@127.0.0.1:1', OPENAI_API_KEY: 'sk-SECRET' };

/** A bot that writes its whole environment to `<dir>/env-<pid>` and then crashes (the strong AI plays on). */
function spyBot(dir: string): string {
  const bot = join(dir, 'bot.sh');
  writeFileSync(bot, `#!/bin/sh\nenv > "${dir}/env-$$"\nexit 1\n`);
  chmodSync(bot, 0o755);
  return bot;
}

function seenEnvs(dir: string): Record<string, string>[] {
  return readdirSync(dir).filter((f) => f.startsWith('env-')).map((f) => Object.fromEntries(readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)])));
}

function expectScrubbed(env: Record<string, string>): void {
  expect(Object.keys(env).filter((k) => k.startsWith('MAHJONG_'))).toEqual([]);
  expect(Object.values(env).filter((v) => v.includes('SECRET'))).toEqual([]);
  expect(env.PATH).toBe(process.env.PATH!);
  expect(env.LC_ALL).toBe('C.UTF-8');
}

describe('the environment of an mjai bot process', () => {
  it('simulate: a command bot gets PATH, HOME and locale but none of the server\'s variables', async () => {
    const dir = temp.make('mj-bot-env-');
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--seed', '3', '--seat', `1=mjai:${spyBot(dir)}`], {
      stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...SECRETS, LC_ALL: 'C.UTF-8', HOME: dir },
    });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    const envs = seenEnvs(dir);
    expect(envs.length).toBeGreaterThan(0);
    for (const env of envs) {
      expectScrubbed(env);
      expect(env.HOME).toBe(dir);
    }
  }, 60_000);

  it('arena: a bot from a bots file also gets the env: its config names, and still nothing else', async () => {
    const dir = temp.make('mj-bot-env-');
    const bots = join(dir, 'bots.yaml');
    writeFileSync(bots, `bots:\n  spy:\n    command: ${spyBot(dir)}\n    env: { BOT_WEIGHTS: /opt/weights, PYTHONPATH: /opt/lib }\n`);
    await using proc = Bun.spawn(['bun', CLI, 'arena', '--ai', 'spy,random', '--bots', bots, '--games', '4', '--east-only', '--json'], {
      stdout: 'pipe', stderr: 'pipe', env: { ...process.env, ...SECRETS, LC_ALL: 'C.UTF-8' },
    });
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    // The bot crashes in every game, so the arena reports replaced games and exits 1.
    expect(code).toBe(1);
    expect(JSON.parse(stdout).replacedGames).toBe(4);
    const envs = seenEnvs(dir);
    expect(envs).toHaveLength(4);
    for (const env of envs) {
      expectScrubbed(env);
      expect(env).toMatchObject({ BOT_WEIGHTS: '/opt/weights', PYTHONPATH: '/opt/lib' });
    }
  }, 60_000);
});
