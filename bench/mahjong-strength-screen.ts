/**
 * Screening of `strong` variants: one `strong` (with the options given as JSON) against three of
 * the frozen `strong-v1` (or `--vs heuristic`) in duplicate matches on fixed seeds, the way the
 * strength round compared them before confirming the best with `mahjong arena`.
 *
 * Run: bun bench/mahjong-strength-screen.ts [--walls 100] [--seed 29] [--vs strong-v1|heuristic] [--opts '{"caution":1.2}']
 */
import { HeuristicAgent, StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { playArena } from '../mahjong/src/engine/sim/arena';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const walls = Number(arg('walls', '100'));
const seed = Number(arg('seed', '29'));
const vs = arg('vs', 'strong-v1');
const opts = JSON.parse(arg('opts', '{}'));
const { report } = playArena({
  lineup: ['strong', vs, vs, vs], walls, seed,
  agent: (name) => (name === 'strong' ? new StrongAgent('strong', opts) : vs === 'heuristic' ? new HeuristicAgent() : new StrongV1Agent()),
});
const f = (e: { mean: number; ci95: number }, s = 1, d = 3) => `${(e.mean * s).toFixed(d)}±${(e.ci95 * s).toFixed(d)}`;
for (const c of report.contestants) {
  console.log(`${JSON.stringify(opts)} ${c.name.padEnd(10)} place ${f(c.avgPlace)} win ${f(c.winRate, 100, 1)} dealin ${f(c.dealInRate, 100, 1)} score ${f(c.avgScore, 1, 0)} (${report.games} games, ${report.seconds.toFixed(0)} s)`);
}
