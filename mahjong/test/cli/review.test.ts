/**
 * `mahjong review` as a user runs it: a Tenhou log reviewed by the strong AI (--json shape,
 * --seat, --html with links from mistake to mistake), by an mjai bot (the test bot, asked at every
 * decision: same options and values, its own choices), and bad arguments exit 2.
 */
import { afterAll, describe, expect, it } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MJLOG_DATA } from '../fixtures/data/paths';
import type { ReviewReport } from '../../src/modules/review/model';

const CLI = `${import.meta.dir}/../../src/cli/index.ts`;
const BOT = join(import.meta.dir, '../fixtures/mjai/bot.py');
// A short Houou game (two hands) outside the bench's held-out half.
const LOG = `${MJLOG_DATA}/2020052212gm-00a9-0000-3c7fe026.mjlog`;

const temps: string[] = [];
const temp = (prefix: string) => { const d = mkdtempSync(join(tmpdir(), prefix)); temps.push(d); return d; };
afterAll(() => { for (const d of temps) rmSync(d, { recursive: true, force: true }); });

async function run(...args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, ...args], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, MAHJONG_DIR: temp('mj-') } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe('mahjong review', () => {
  it('--json: summary per seat and every decision with its valued options, the engine\'s choice and the player\'s', async () => {
    const r = await run('review', LOG, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ReviewReport;
    expect(report.engine).toBe('strong');
    expect(report.seats).toEqual([0, 1, 2, 3]);
    expect(report.thresholds).toEqual({ small: 100, medium: 400, large: 1200 });
    expect(report.summary.map((s) => s.seat)).toEqual([0, 1, 2, 3]);
    expect(report.decisions.length).toBeGreaterThan(40);
    for (const s of report.summary) {
      const mine = report.decisions.filter((d) => d.seat === s.seat);
      expect(s.decisions).toBe(mine.length);
      expect(s.agreed).toBe(mine.filter((d) => d.agrees).length);
      expect(s.agreement).toBeCloseTo(s.agreed / s.decisions, 3);
      expect(s.mistakes.large).toBe(mine.filter((d) => d.severity === 'large').length);
      expect(s.rating).toBeGreaterThan(0);
      expect(s.rating).toBeLessThanOrEqual(100);
      expect(Object.keys(s.by_kind).sort()).toEqual(['call', 'discard', 'riichi', 'win']);
    }
    for (const d of report.decisions) {
      expect(d.options.length).toBeGreaterThanOrEqual(2);
      expect(d.options[d.engine.option]!.text).toBe(d.engine.text);
      expect(d.options[d.played.option]!.text).toBe(d.played.text);
      expect(d.agrees).toBe(d.engine.option === d.played.option);
      if (d.agrees) expect(d.severity).toBe('none');
      for (const o of d.options) for (const k of ['shanten', 'ukeire', 'value', 'win', 'deal_in', 'ev']) expect(typeof (o as Record<string, unknown>)[k]).toBe('number');
    }
    // Passed calls are decisions too.
    expect(report.decisions.some((d) => d.kind === 'call' && d.options[d.played.option]!.text === 'skip')).toBe(true);
  });

  it('--seat reviews one seat; --html writes a page that links each mistake to the next', async () => {
    const out = join(temp('mj-review-'), 'review.html');
    const r = await run('review', LOG, '--seat', '2', '--html', out, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ReviewReport;
    expect(report.seats).toEqual([2]);
    expect(new Set(report.decisions.map((d) => d.seat))).toEqual(new Set([2]));
    const html = readFileSync(out, 'utf8');
    const mistakes = report.decisions.filter((d) => d.severity !== 'none');
    for (const d of report.decisions) expect(html).toContain(`id="d${d.index}"`);
    if (mistakes.length > 1) expect(html).toContain(`href="#d${mistakes[1]!.index}"`);
  });

  it('--engine mjai:<command> asks the bot at every decision: same options and values, the bot\'s choices', async () => {
    const [strong, bot] = await Promise.all([run('review', LOG, '--seat', '1', '--json'), run('review', LOG, '--seat', '1', '--json', '--engine', `mjai:python3 ${BOT}`)]);
    expect(bot.code).toBe(0);
    const a = JSON.parse(strong.stdout) as ReviewReport;
    const b = JSON.parse(bot.stdout) as ReviewReport;
    expect(b.engine).toBe(`mjai:python3 ${BOT}`);
    expect(b.decisions.map((d) => d.options)).toEqual(a.decisions.map((d) => d.options));
    expect(b.decisions.map((d) => d.played)).toEqual(a.decisions.map((d) => d.played));
    // The test bot throws what it draws: never the strong AI's choice everywhere.
    expect(b.decisions.filter((d, i) => d.engine.option !== a.decisions[i]!.engine.option).length).toBeGreaterThan(0);
  });

  it('stops with exit 1 and says why when the mjai bot crashes or answers something illegal', async () => {
    for (const mode of ['crash', 'illegal']) {
      const r = await run('review', LOG, '--seat', '0', '--engine', `mjai:python3 ${BOT} ${mode}`, '--bot-timeout', '5000');
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('mjai bot');
      expect(r.stdout).toBe('');
    }
  });

  it('refuses a bad seat, an unknown engine and a missing game with exit codes', async () => {
    expect((await run('review', LOG, '--seat', '4')).code).toBe(2);
    expect((await run('review', LOG, '--engine', 'weak')).code).toBe(2);
    expect((await run('review', LOG, '--seat', '')).code).toBe(2);
    const noCommand = await run('review', LOG, '--engine', 'mjai:');
    expect(noCommand.code).toBe(2);
    expect(noCommand.stderr).toContain('--engine must be strong or mjai:<command>');
    // A log path that is not there is named as such, not looked up as a stored game's id.
    const typo = await run('review', `${LOG}.missing.xml`);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(`no such log file: ${LOG}.missing.xml`);
    const missing = await run('review', 'abcdef12');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no game database');
  });
});
