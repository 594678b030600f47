/**
 * Screening of `strong` variants: one `strong` (with the options given as JSON) against three of
 * the frozen `strong-v1` (or `--vs heuristic`) in duplicate matches on fixed seeds, the way the
 * strength round compared them before confirming the best with `mahjong arena`.
 *
 * `--learned '{...}'` plays the review engine instead (src/modules/review/player.ts, its options as JSON).
 *
 * Run: bun bench/mahjong-strength-screen.ts [--walls 100] [--seed 29] [--vs strong-v1|heuristic] [--opts '{"caution":1.2}'] [--net FILE]
 *      [--learned '{"mode":"safe"}' [--models DIR]]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeuristicAgent, StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { playArena } from '../mahjong/src/engine/sim/arena';
import { LearnedPlayer } from '../mahjong/src/modules/review/player';
import { arg } from './cli-args';

const walls = Number(arg('walls', '100'));
const seed = Number(arg('seed', '29'));
const vs = arg('vs', 'strong-v1');
const opts = JSON.parse(arg('opts', '{}'));
// `--net FILE`: a learned discard order other than the shipped one (bench/mahjong-review-agreement.ts --train-strong).
const net = process.argv.includes('--net') ? JSON.parse(readFileSync(arg('net', ''), 'utf8')) : undefined;
const learned = process.argv.includes('--learned') ? JSON.parse(arg('learned', '{}')) : null;
// `--models DIR`: the learned player's review-discard.json and review-calls.json from DIR.
if (learned && process.argv.includes('--models')) {
  const dir = arg('models', '.');
  learned.models = { discard: JSON.parse(readFileSync(join(dir, 'review-discard.json'), 'utf8')), calls: JSON.parse(readFileSync(join(dir, 'review-calls.json'), 'utf8')) };
}
const { report } = playArena({
  lineup: ['strong', vs, vs, vs], walls, seed,
  agent: (name) => (name === 'strong' ? (learned ? new LearnedPlayer('strong', learned) : new StrongAgent('strong', opts, net)) : vs === 'heuristic' ? new HeuristicAgent() : new StrongV1Agent()),
});
const f = (e: { mean: number; ci95: number }, s = 1, d = 3) => `${(e.mean * s).toFixed(d)}±${(e.ci95 * s).toFixed(d)}`;
for (const c of report.contestants) {
  console.log(`${JSON.stringify(learned ? { ...learned, models: learned.models ? arg('models', '') : undefined } : opts)} ${c.name.padEnd(10)} place ${f(c.avgPlace)} win ${f(c.winRate, 100, 1)} dealin ${f(c.dealInRate, 100, 1)} score ${f(c.avgScore, 1, 0)} (${report.games} games, ${report.seconds.toFixed(0)} s)`);
}
