/**
 * Fits the strong AI's model of the final place (src/engine/ai/strong/place-model.ts) on games of
 * one `strong` (options as JSON) against three `strong-v1`, on the arena's duplicate schedule: at
 * the start of every hand, for every pair of seats, the chance the higher seat number ends above
 * the other is Φ(gap / (σ √(hands after this one + c))); σ and c are chosen on the even walls by
 * log-loss and judged on the odd ones (held out), beside two baselines: a coin, and the current
 * order right with one fitted chance. Prints the held-out log-loss, a calibration table of the
 * pair chances, the `strong` seat's expected place against its final place, and the measured
 * spread of a pair's gap per hand (mahjong/README.md, "Eighth strength round").
 *
 * Run: taskset -c 0 bun bench/mahjong-place-model.ts [--walls 300] [--seed 190001] [--opts '{}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { aboveChance, expectedPlace, handsAfter } from '../mahjong/src/engine/ai/strong/place-model';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';

const walls = Number(arg('walls', '300'));
const seed = Number(arg('seed', '190001'));
const opts = JSON.parse(arg('opts', '{}'));

/** One pair at one hand start: scores, seats, hands after this one, whether j ended above i, which half. */
interface Row { sj: number; j: number; si: number; i: number; after: number; above: boolean; held: boolean }
/** The strong seat at each hand start: its scores view and final place. */
interface Own { scores: number[]; seat: number; after: number; final: number; held: boolean }
const rows: Row[] = [];
const own: Own[] = [];
const pairSteps: number[] = [];
const started = performance.now();
for (let w = 0; w < walls; w++) for (let r = 0; r < 4; r++) {
  const agents = [0, 1, 2, 3].map((s) => (s === r ? new StrongAgent('strong', opts) : new StrongV1Agent()));
  const game = playGame(agents, { seed: seed + w, maxRound: 1 });
  const final = game.stateView(null).players.map((p) => p.score);
  const place = (s: number) => 1 + final.filter((x, j) => x > final[s]! || (x === final[s] && j < s)).length;
  const held = w % 2 === 1;
  for (const e of game.log) {
    const after = handsAfter(e.round, 1);
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) {
      rows.push({ sj: e.scores_in[j]!, j, si: e.scores_in[i]!, i, after, above: place(j) < place(i), held });
      pairSteps.push(e.score_delta[j]! - e.score_delta[i]!);
    }
    own.push({ scores: e.scores_in.slice(), seat: r, after, final: place(r), held });
  }
}

const clamp = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logLoss = (set: Row[], p: (x: Row) => number) => set.reduce((a, x) => a - Math.log(clamp(x.above ? p(x) : 1 - p(x))), 0) / set.length;
const fitSet = rows.filter((x) => !x.held), heldSet = rows.filter((x) => x.held);
const model = (sigma: number, c: number) => (x: Row) => aboveChance(x.sj, x.j, x.si, x.i, sigma * Math.sqrt(x.after + c));
let best = { sigma: 0, c: 0, loss: Infinity };
for (let sigma = 3000; sigma <= 14000; sigma += 250) for (const c of [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3]) {
  const loss = logLoss(fitSet, model(sigma, c));
  if (loss < best.loss) best = { sigma, c, loss };
}
const fitted = model(best.sigma, best.c);
// Baseline: the current order holds with one chance, fitted on the same half.
const leaderRight = fitSet.filter((x) => aboveChance(x.sj, x.j, x.si, x.i, 0) === (x.above ? 1 : 0)).length / fitSet.length;
const order = (x: Row) => (aboveChance(x.sj, x.j, x.si, x.i, 0) === 1 ? leaderRight : 1 - leaderRight);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => { const m = mean(xs); return Math.sqrt(mean(xs.map((x) => (x - m) ** 2))); };

console.log(`one strong ${JSON.stringify(opts)} against three strong-v1, ${walls} walls × 4 seats from seed ${seed}: ${walls * 4} games, ${rows.length} pair rows (${((performance.now() - started) / 1000).toFixed(0)} s)`);
console.log(`measured spread of a pair's gap per hand: ${sd(pairSteps).toFixed(0)} points`);
console.log(`fitted on the even walls: sigma ${best.sigma}, c ${best.c}`);
console.log(`held-out log-loss per pair (odd walls, ${heldSet.length} rows): model ${logLoss(heldSet, fitted).toFixed(4)}, current order right ${(100 * leaderRight).toFixed(1)} % ${logLoss(heldSet, order).toFixed(4)}, coin ${Math.log(2).toFixed(4)}`);
for (const after of [7, 5, 3, 1, 0]) {
  const set = heldSet.filter((x) => (after === 7 ? x.after >= 6 : after === 5 ? x.after >= 4 && x.after < 6 : after === 3 ? x.after >= 2 && x.after < 4 : x.after === after));
  if (set.length > 0) console.log(`  ${after === 7 ? 'East 1–2' : after === 5 ? 'East 3–4' : after === 3 ? 'South 1–2' : after === 1 ? 'South 3' : 'South 4 and later'}: ${set.length} rows, model ${logLoss(set, fitted).toFixed(4)}, order ${logLoss(set, order).toFixed(4)}`);
}
console.log('calibration (held out): predicted P(j above i) bucket → rows, mean predicted, observed');
for (let b = 0; b < 10; b++) {
  const set = heldSet.filter((x) => { const p = fitted(x); return p >= b / 10 && (p < (b + 1) / 10 || b === 9); });
  if (set.length === 0) continue;
  console.log(`  ${(b / 10).toFixed(1)}–${((b + 1) / 10).toFixed(1)}: ${String(set.length).padStart(6)}  ${mean(set.map(fitted)).toFixed(3)}  ${(set.filter((x) => x.above).length / set.length).toFixed(3)}`);
}
console.log("the strong seat's expected place at a hand start (held out) → hands, mean expected, mean final");
const ownHeld = own.filter((x) => x.held);
const ep = (x: Own) => expectedPlace(x.scores, x.seat, best.sigma * Math.sqrt(x.after + best.c));
for (const [lo, hi] of [[1, 1.5], [1.5, 2], [2, 2.5], [2.5, 3], [3, 3.5], [3.5, 4.01]] as const) {
  const set = ownHeld.filter((x) => ep(x) >= lo && ep(x) < hi);
  if (set.length > 0) console.log(`  ${lo.toFixed(1)}–${Math.min(4, hi).toFixed(1)}: ${String(set.length).padStart(6)}  ${mean(set.map(ep)).toFixed(3)}  ${mean(set.map((x) => x.final)).toFixed(3)}`);
}
