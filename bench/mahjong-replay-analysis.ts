/**
 * Replay analysis (POST /api/replay/analysis) per game: the engine's replay of every hand with
 * shanten/ukeire for every seat at every step, every legal discard at every decision and the
 * strong AI's choice — against the plain replay steps of the same logs (POST /api/replay/steps),
 * in the same run. Wall clock and CPU time per game (the CPU figure moves less on a shared machine),
 * the first pass (cold: shanten tables filling, JIT) apart from the warm ones; and the size of
 * the JSON each endpoint answers.
 * Run: bun bench/mahjong-replay-analysis.ts [passes]   (default 3 warm passes over the logs)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseGame } from '../mahjong/src/modules/replay/analysis';
import { loadText } from '../mahjong/src/modules/replay/service';
import { buildSteps } from '../mahjong/src/modules/replay/steps';
import { hardwareLine } from './mahjong-shanten';

const DIR = join(import.meta.dir, '../mahjong/test/fixtures/data/mjlog');
const passes = Number(process.argv[2] ?? 3);

// Complete hanchan only (a log cut short would flatter the per-game figure).
const games = readdirSync(DIR).filter((f) => f.endsWith('.mjlog')).flatMap((f) => {
  try {
    const { paipu } = loadText(readFileSync(join(DIR, f), 'utf8'));
    return paipu.truncated === null && paipu.rules.eastSouth ? [{ f, paipu }] : [];
  } catch { return []; }
});

interface Run { wall: number[]; cpu: number[]; steps: number; decisions: number; bytes: number }
function run(fn: (g: (typeof games)[number]) => { steps: number; decisions: number; bytes: number }): Run {
  const out: Run = { wall: [], cpu: [], steps: 0, decisions: 0, bytes: 0 };
  for (const g of games) {
    const c0 = process.cpuUsage();
    const t0 = Bun.nanoseconds();
    const r = fn(g);
    out.wall.push((Bun.nanoseconds() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    out.cpu.push((c.user + c.system) / 1000);
    out.steps += r.steps; out.decisions += r.decisions; out.bytes += r.bytes;
  }
  return out;
}

const analysis = (g: (typeof games)[number]) => {
  const a = analyseGame(g.paipu);
  return { steps: a.total, decisions: a.decisions.length, bytes: JSON.stringify(a).length };
};
const steps = (g: (typeof games)[number]) => {
  const s = buildSteps(g.paipu);
  return { steps: s.steps.length, decisions: 0, bytes: JSON.stringify(s).length };
};

const pct = (xs: number[], p: number) => { const s = xs.slice().sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]!; };
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function line(name: string, r: Run): string {
  return `${name.padEnd(22)} wall ${mean(r.wall).toFixed(0).padStart(4)} ms/game (p50 ${pct(r.wall, 0.5).toFixed(0)}, max ${Math.max(...r.wall).toFixed(0)}), `
    + `CPU ${mean(r.cpu).toFixed(0).padStart(4)} ms/game (max ${Math.max(...r.cpu).toFixed(0)}); ${(r.bytes / games.length / 1e6).toFixed(2)} MB JSON/game`;
}

console.log(hardwareLine());
console.log(`${games.length} complete hanchan from ${DIR}`);
console.log(line('analysis, cold', run(analysis)));
const warmA: Run[] = [], warmS: Run[] = [];
for (let i = 0; i < passes; i++) { warmA.push(run(analysis)); warmS.push(run(steps)); }
const merge = (rs: Run[]): Run => ({ wall: rs.flatMap((r) => r.wall), cpu: rs.flatMap((r) => r.cpu), steps: rs[0]!.steps, decisions: rs[0]!.decisions, bytes: rs[0]!.bytes });
const a = merge(warmA), s = merge(warmS);
console.log(line('analysis, warm', a));
console.log(line('steps alone, warm', s));
console.log(`per game: ${(a.steps / games.length).toFixed(0)} steps, ${(a.decisions / games.length).toFixed(0)} decisions (AI asked, every legal discard scored)`);
