/**
 * What the strong AI's expected-score model (`handEv`, src/engine/ai/strong/hand-ev.ts) costs: four
 * `strong` seats with the options given against four with the defaults, alternated pass by pass in
 * one process over the same seeds, hanchan per second by CPU time (after a warm-up pass of each),
 * the ratio, and how often the model ran (decisions, candidates, hands it evaluated) and how often
 * its caches of waits and moves answered.
 *
 * Run: taskset -c 1 bun bench/mahjong-hand-ev-cost.ts [--games 300] [--passes 2] [--opts '{"handEv":1,"evMargin":30}'] [--base '{}']
 * (`--base`: the other four seats' options, the defaults unless given; the defaults keep the model
 * off, so `--opts '{"handEv":1,"evMargin":5}'` prices the setting of mahjong/README.md's eighth
 * strength round).
 */
import { StrongAgent } from '../mahjong/src/engine/ai';
import { HandEv } from '../mahjong/src/engine/ai/strong/hand-ev';
import { evCacheStats } from '../mahjong/src/engine/ai/strong/hand-ev-cache';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';

const games = Number(arg('games', '300'));
const passes = Number(arg('passes', '2'));
const opts = JSON.parse(arg('opts', '{"handEv":1,"evMargin":30}')) as Record<string, unknown>;
const base = JSON.parse(arg('base', '{}')) as Record<string, unknown>;

let models = 0, candidates = 0, hands = 0;
const value = HandEv.prototype.value;
const seen = new WeakSet<HandEv>();
HandEv.prototype.value = function (this: HandEv, c: number[], sh: number): number {
  if (!seen.has(this)) { seen.add(this); models++; }
  candidates++;
  const before = this.evaluated;
  const v = value.call(this, c, sh);
  hands += this.evaluated - before;
  return v;
};

function pass(o: Record<string, unknown>, seed: number): number {
  const t0 = process.cpuUsage();
  for (let g = 0; g < games; g++) playGame([0, 1, 2, 3].map(() => new StrongAgent('strong', o)), { seed: seed + g, maxRound: 1 });
  const u = process.cpuUsage(t0);
  return games / ((u.user + u.system) / 1e6);
}

pass(base, 1);
pass(opts, 1);
const rates: [number[], number[]] = [[], []];
models = candidates = hands = 0;
for (const k of Object.keys(evCacheStats) as (keyof typeof evCacheStats)[]) evCacheStats[k] = 0;
for (let p = 0; p < passes; p++) {
  rates[0].push(pass(base, 10_000 + p * games));
  rates[1].push(pass(opts, 10_000 + p * games));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const n = games * passes;
console.log(`${JSON.stringify(base)}: ${rates[0].map((r) => r.toFixed(1)).join(' / ')} hanchan/s; ${JSON.stringify(opts)}: ${rates[1].map((r) => r.toFixed(1)).join(' / ')} hanchan/s; ratio ${(median(rates[1]) / median(rates[0])).toFixed(2)}x`);
console.log(`per hanchan (four seats): ${(models / n).toFixed(1)} decisions by the model, ${(candidates / n).toFixed(1)} candidates, ${(hands / n).toFixed(0)} hands evaluated; waits cached ${(100 - (100 * evCacheStats.waitMisses) / Math.max(1, evCacheStats.waits)).toFixed(0)} % of ${(evCacheStats.waits / n).toFixed(0)}, moves ${(100 - (100 * evCacheStats.moveMisses) / Math.max(1, evCacheStats.moves)).toFixed(0)} % of ${(evCacheStats.moves / n).toFixed(0)}${evCacheStats.draws > 0 ? `, approximate one-shanten draws ${(100 - (100 * evCacheStats.drawMisses) / evCacheStats.draws).toFixed(0)} % of ${(evCacheStats.draws / n).toFixed(0)}` : ''}`);
