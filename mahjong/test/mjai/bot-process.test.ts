import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs, waitFor } from '@devhub/shared/testing';
import { StrongAgent } from '../../src/engine/ai';
import { type BotReplaced, playWithBots } from '../../src/mjai/table';
import { ProcessTransport } from '../../src/mjai/transport';

const BOT = `${import.meta.dir}/../fixtures/mjai/bot.py`;
const CLI = `${import.meta.dir}/../../src/cli/index.ts`;
const python = (mode?: string) => new ProcessTransport(['python3', BOT, ...(mode ? [mode] : [])]);
const temp = useTempDirs(afterAll);

/** The running processes (a dead one may wait a moment to be reaped): pid and process group. */
function processes(): { pid: number; pgid: number }[] {
  const ps = Bun.spawnSync(['ps', '-eo', 'pid=,pgid=,stat=']);
  expect(ps.exitCode).toBe(0);
  return ps.stdout.toString().trim().split('\n').map((l) => l.trim().split(/\s+/))
    .filter(([, , stat]) => !stat!.startsWith('Z')).map(([pid, pgid]) => ({ pid: Number(pid), pgid: Number(pgid) }));
}

/** The bot (its pid in `dir`/pid) is its own group's leader; neither it, its helper nor anything else of that group runs. */
function leftOf(dir: string): number[] {
  const [pid, helper] = ['pid', 'helper'].map((f) => Number(readFileSync(join(dir, f), 'utf8')));
  return processes().filter((p) => p.pgid === pid || p.pid === pid || p.pid === helper).map((p) => p.pid);
}

describe('mjai bots as real processes (Python, stdin/stdout)', () => {
  it('two Python bots play a full game, their pons reach the engine', async () => {
    const { game, replaced } = await playWithBots([
      { bot: python(), fallback: new StrongAgent() }, { agent: new StrongAgent() },
      { agent: new StrongAgent() }, { bot: python(), fallback: new StrongAgent() },
    ], { seed: 3, maxRound: 0 }, { timeoutMs: 5000 });
    expect(replaced).toEqual([]);
    expect(game.isOver()).toBe(true);
    expect(game.owari!.scores.reduce((a, b) => a + b, 0)).toBe(100_000);
    const botCalls = game.rounds.flatMap((r) => r.events).filter((e) => e.t === 'call' && (e.who === 0 || e.who === 3));
    expect(botCalls.length).toBeGreaterThan(0);
    // The bots only discard what they drew, except right after their own pon.
    const discards = game.rounds.flatMap((r) => r.events).filter((e) => e.t === 'discard' && e.who === 0);
    expect(discards.length).toBeGreaterThan(10);
  }, 60_000);

  // The slow bot sleeps 5 s on its first draw; the others get a timeout that a loaded machine's
  // Python start-up cannot hit, so their reason is never a timeout by accident.
  for (const [mode, reason, timeoutMs] of [['illegal', 'illegal', 10_000], ['slow', 'timeout', 1500], ['crash', 'crash', 10_000]] as const) {
    it(`a bot that is ${mode} is replaced by the built-in AI and the game finishes`, async () => {
      const seen: BotReplaced[] = [];
      const bot = python(mode);
      const { game, replaced } = await playWithBots([
        { agent: new StrongAgent() }, { bot, fallback: new StrongAgent() },
        { agent: new StrongAgent() }, { agent: new StrongAgent() },
      ], { seed: 11, maxRound: 0 }, { timeoutMs, onReplaced: (e) => seen.push(e) });
      expect(game.isOver()).toBe(true);
      // The game is over only once the replaced bot is gone, even one still busy (the slow one).
      expect(bot.running).toBe(false);
      expect(replaced).toHaveLength(1);
      expect(seen).toEqual(replaced);
      expect(replaced[0]).toMatchObject({ type: 'bot_replaced', seat: 1, reason, by: 'strong' });
      expect(replaced[0]!.message).toContain('bot.py');
    }, 60_000);
  }

  it('mahjong simulate --seat N=mjai:<command> seats a bot and reports a replacement on stderr', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--east-only', '--ai', 'strong', '--bot-timeout', '10000',
      '--seat', `1=mjai:python3 ${BOT}`, '--seat', `2=mjai:python3 ${BOT} crash`], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(0);
    expect(stdout).toContain(`mjai:python3 ${BOT} `);
    expect(stdout).toMatch(/^strong +2 /m);
    expect(stderr).toContain('game 1: seat 2 bot');
    expect(stderr).toContain('replaced by strong (crash:');
  }, 60_000);

  // The stubborn bot ignores SIGTERM and stdin's end and has started a `sleep 987` of its own:
  // closing it used to wait for its exit forever, and its helper outlived it with parent 1.
  it('a bot that ignores SIGTERM and stdin\'s end is killed with everything it started once the game ends', async () => {
    const dir = temp.make('mj-stubborn-');
    const bot = new ProcessTransport(['python3', BOT, 'stubborn', dir]);
    const { game, replaced } = await playWithBots([
      { agent: new StrongAgent() }, { bot, fallback: new StrongAgent() },
      { agent: new StrongAgent() }, { agent: new StrongAgent() },
    ], { seed: 11, maxRound: 0 }, { timeoutMs: 10_000 });
    expect(game.isOver()).toBe(true);
    expect(replaced).toMatchObject([{ seat: 1, reason: 'illegal' }]);
    expect(Number(readFileSync(join(dir, 'pid'), 'utf8'))).toBe(bot.pid);
    expect(bot.running).toBe(false);
    await waitFor(() => leftOf(dir).length === 0, 'no process of the bot\'s group left');
  }, 60_000);

  it('mahjong simulate with such a bot finishes, and leaves no process of the bot\'s group', async () => {
    const dir = temp.make('mj-stubborn-sim-');
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--east-only', '--ai', 'strong', '--bot-timeout', '10000',
      '--seat', `1=mjai:python3 ${BOT} stubborn ${dir}`], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^strong +3 /m);
    expect(stderr).toContain('replaced by strong (illegal:');
    await waitFor(() => leftOf(dir).length === 0, 'no process of the bot\'s group left');
  }, 60_000);

  it('simulate refuses a malformed --seat', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--seat', '5=strong'], { stdout: 'pipe', stderr: 'pipe' });
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    expect(code).toBe(2);
    expect(stderr).toContain('--seat takes N=AI with N 0–3');
  });
});
