/**
 * Two `strong` variants on the same duplicate walls, each as one `strong` against three frozen
 * `strong-v1` (as bench/mahjong-strength-screen.ts plays one), and the difference of their average
 * place with its interval from the per-wall differences (walls as paired samples: the walls' own
 * luck cancels, so the interval of the difference is narrower than either screen's), and the
 * difference of their deal-in rates the same way. A variant is kept only when the difference is
 * larger than its interval (mahjong/README.md, strength).
 *
 * Run: bun bench/mahjong-strength-paired.ts [--walls 500] [--seed 51001] [--a '{}'] --b '{"handEv":1}'
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { playArena } from '../mahjong/src/engine/sim/arena';
import { arg } from './cli-args';

const walls = Number(arg('walls', '500'));
const seed = Number(arg('seed', '51001'));
const variants = [arg('a', '{}'), arg('b', '{}')].map((s) => JSON.parse(s) as Record<string, unknown>);

interface Tally { place: number; wins: number; dealIns: number; hands: number }
const perWall: Tally[][] = [[], []];
const started = performance.now();
// Wall by wall, both variants, so both run under the same machine load.
for (let w = 0; w < walls; w++) {
  for (let v = 0; v < 2; v++) {
    const { records } = playArena({
      lineup: ['strong', 'strong-v1', 'strong-v1', 'strong-v1'], walls: 1, seed: seed + w,
      agent: (name) => (name === 'strong' ? new StrongAgent('strong', variants[v]) : new StrongV1Agent()),
    });
    const t: Tally = { place: 0, wins: 0, dealIns: 0, hands: 0 };
    for (const r of records) for (const s of r.results) if (s.name === 'strong') { t.place += s.place / 4; t.wins += s.wins; t.dealIns += s.dealIns; t.hands += s.hands; }
    perWall[v]!.push(t);
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ci = (xs: number[]) => { const m = mean(xs); return 1.96 * Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) / xs.length); };
const rate = (ts: Tally[], k: 'wins' | 'dealIns') => (100 * ts.reduce((a, t) => a + t[k], 0)) / ts.reduce((a, t) => a + t.hands, 0);
for (let v = 0; v < 2; v++) {
  const places = perWall[v]!.map((t) => t.place);
  console.log(`${v === 0 ? 'A' : 'B'} ${JSON.stringify(variants[v])}: place ${mean(places).toFixed(3)}±${ci(places).toFixed(3)} win ${rate(perWall[v]!, 'wins').toFixed(1)} % dealin ${rate(perWall[v]!, 'dealIns').toFixed(1)} %`);
}
const diff = perWall[1]!.map((t, i) => t.place - perWall[0]![i]!.place);
console.log(`B − A: ${mean(diff) >= 0 ? '+' : ''}${mean(diff).toFixed(3)}±${ci(diff).toFixed(3)} place (${walls * 4} games each, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(0)} s)`);
// The deal-in rate's difference in points of a percent, walls as paired samples (each wall's deal-ins per hand played).
const dealIn = perWall.map((ts) => ts.map((t) => (100 * t.dealIns) / Math.max(1, t.hands)));
const dealInDiff = dealIn[1]!.map((x, i) => x - dealIn[0]![i]!);
console.log(`deal-in B − A: ${mean(dealInDiff) >= 0 ? '+' : ''}${mean(dealInDiff).toFixed(2)}±${ci(dealInDiff).toFixed(2)} points of a percent (per wall; A ${rate(perWall[0]!, 'dealIns').toFixed(2)} %, B ${rate(perWall[1]!, 'dealIns').toFixed(2)} %)`);
