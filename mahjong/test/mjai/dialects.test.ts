import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { StrongAgent } from '../../src/engine/ai';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { botTransport, type MjaiDialect } from '../../src/mjai/dialect';
import { type BotReplaced, playWithBots, type SeatPlayer } from '../../src/mjai/table';
import { reviewWithEngine } from '../../src/modules/review/engines';

// Bots written for the hosts Mortal and mjai.app are run unmodified: Python scripts that speak only
// what those hosts document (test/fixtures/mjai/mortal_style_bot.py, mjai_app_bot.py), and exit
// with code 5 on a line their host would never send.
const temp = useTempDirs(afterAll);
const FIXTURES = join(import.meta.dir, '../fixtures/mjai');
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const BOTS: Record<Exclude<MjaiDialect, 'mjai'>, string> = { mortal: join(FIXTURES, 'mortal_style_bot.py'), 'mjai.app': join(FIXTURES, 'mjai_app_bot.py') };

/** Seats 0 and 2 are the bot, each logging what it is sent to its own file; 1 and 3 the strong AI. */
function lineup(dialect: Exclude<MjaiDialect, 'mjai'>, dir: string): SeatPlayer[] {
  return [0, 1, 2, 3].map((seat): SeatPlayer => (seat % 2 === 1 ? { agent: new StrongAgent() } : {
    bot: botTransport(`python3 ${BOTS[dialect]}`, dialect, seat, { env: { ...process.env, BOT_LOG: join(dir, `seat${seat}.log`) } }),
    fallback: new StrongAgent(), dialect,
  }));
}

describe('mjai bots spoken to as their original hosts speak to them', () => {
  for (const dialect of ['mortal', 'mjai.app'] as const) {
    it(`${dialect}: two unmodified bots play whole games with riichi and pons, never replaced`, async () => {
      const dir = temp.make('mahjong-dialect-');
      const replaced: BotReplaced[] = [];
      let riichi = 0;
      let pons = 0;
      for (const seed of [3, 5, 8, 13]) {
        const { game } = await playWithBots(lineup(dialect, dir), { seed, maxRound: 0 }, { timeoutMs: 5000, onReplaced: (e) => replaced.push(e) });
        expect(game.isOver()).toBe(true);
        const events = game.rounds.flatMap((r) => r.events);
        riichi += events.filter((e) => e.t === 'riichi' && e.step === 2 && e.who % 2 === 0).length;
        pons += events.filter((e) => e.t === 'call' && e.meld.type === 'pon' && e.who % 2 === 0).length;
      }
      expect(replaced).toEqual([]);
      expect(riichi).toBeGreaterThan(0);
      expect(pons).toBeGreaterThan(0);
      for (const seat of [0, 2]) {
        const log = readFileSync(join(dir, `seat${seat}.log`), 'utf8').trim().split('\n');
        if (dialect === 'mortal') {
          // One event per line; only the event that asks lacks "can_act": false, and every such
          // event is one where the seat decides.
          const asked = log.filter((l) => l.endsWith(' asked')).map((l) => l.split(' ')[0]);
          expect(asked.length).toBeGreaterThan(100);
          expect([...new Set(asked)].sort()).toEqual(expect.arrayContaining(['dahai', 'reach', 'tsumo']));
          expect(asked.filter((t) => !['tsumo', 'dahai', 'kakan', 'ankan', 'reach', 'pon', 'chi'].includes(t!))).toEqual([]);
          expect(log.filter((l) => l.startsWith('start_kyoku ')).every((l) => l.endsWith(' -'))).toBe(true);
        } else {
          // Arrays of events: start_game, end_kyoku and end_game alone; a hand's first request
          // starts with its start_kyoku; riichi's second step is the seat's own reach alone.
          expect(log[0]).toBe('start_game');
          expect(log.filter((l) => /\b(start_game|end_kyoku|end_game)\b/.test(l)).every((l) => ['start_game', 'end_kyoku', 'end_game'].includes(l))).toBe(true);
          log.forEach((l, i) => { if (i > 0 && log[i - 1] === 'end_kyoku' && l !== 'end_game') expect(l.startsWith('start_kyoku ')).toBe(true); });
          expect(log).toContain('reach');
          expect(log.filter((l) => l.split(' ').length > 1).length).toBeGreaterThan(20);
        }
      }
    }, 120_000);
  }

  it('mahjong simulate --mjai-protocol mjai.app seats an unmodified mjai.app bot', async () => {
    await using proc = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--east-only', '--ai', 'strong', '--mjai-protocol', 'mjai.app',
      '--seat', `1=mjai:python3 ${BOTS['mjai.app']}`], { stdout: 'pipe', stderr: 'pipe' });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('mjai:python3');
    await using bad = Bun.spawn(['bun', CLI, 'simulate', '--games', '1', '--mjai-protocol', 'mortall', '--seat', `1=mjai:python3 ${BOTS.mortal}`], { stdout: 'pipe', stderr: 'pipe' });
    const [badErr, badCode] = await Promise.all([new Response(bad.stderr).text(), bad.exited]);
    expect(badCode).not.toBe(0);
    expect(badErr).toContain('unknown mjai protocol "mortall" (expected mjai, mortal, mjai.app)');
  }, 60_000);

  it('review: an unmodified Mortal-protocol bot is asked at every decision of the reviewed seat, calls it passed included', async () => {
    const paipu = parseMjlog(readFileSync(join(import.meta.dir, '../fixtures/formats/passed-pon-taken-chi.mjlog'), 'utf8'));
    const report = await reviewWithEngine(paipu, `mjai:python3 ${BOTS.mortal}`, { seats: [0], protocol: 'mortal', timeoutMs: 5000 });
    const decisions = report.decisions.filter((d) => d.seat === 0);
    expect(decisions.length).toBeGreaterThan(10);
    expect(report.engine).toBe(`mjai:python3 ${BOTS.mortal}`);
    expect(decisions.some((d) => d.kind === 'call')).toBe(true);
    // Each choice is the bot's: a pon it was offered only when it holds a pair of an honour, else a pass.
    for (const d of decisions) expect(d.options[d.engine.option]).toBeDefined();
  }, 60_000);
});
