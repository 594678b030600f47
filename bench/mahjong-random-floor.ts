/**
 * How far random self-play is from the cost of its bare bones: the rules engine's random
 * hanchan (`playGame` with four `RandomAgent`s, as bench/mahjong-ai-speed.ts times them) against a
 * loop that only moves tiles — the same walls dealt, every live tile drawn into a sorted hand, a
 * random kind of the hand thrown into a river, the other three hands looked at for a pon — with
 * no rules at all (no calls made, no tenpai, riichi, wins or scoring, no validation, no record
 * beyond one integer per draw and discard). No representation of the table can play a random
 * hanchan faster than that loop, so the ratio bounds what rewriting the engine's data could gain.
 * Both run in one process, passes alternating, by CPU time; the loop plays 12 hands per
 * "hanchan", about what a random hanchan has.
 *
 * Run: bun bench/mahjong-random-floor.ts [--games 2000] [--passes 3]
 */
import { RandomAgent } from '../mahjong/src/engine/ai';
import { playGame } from '../mahjong/src/engine/sim/play';
import { handSeed, LIVE_TILES, rng, shuffledWall } from '../mahjong/src/engine/table/wall';
import { arg } from './cli-args';

const games = Number(arg('games', '2000'));
const passes = Number(arg('passes', '3'));
const HANDS_PER_HANCHAN = 12;

interface Seat { hand: number[]; counts: Int8Array; river: { tile: number; tsumogiri: boolean }[] }
const seats: Seat[] = [0, 1, 2, 3].map(() => ({ hand: [], counts: new Int8Array(34), river: [] }));
let record: number[] = [];
let pons = 0;

function bareHand(seed: number, random: () => number): void {
  const live = shuffledWall(seed).live;
  for (let s = 0; s < 4; s++) {
    const p = seats[s]!;
    p.hand = live.slice(s * 13, s * 13 + 13).sort((a, b) => a - b);
    p.counts.fill(0);
    for (const id of p.hand) p.counts[id >> 2]!++;
    p.river = [];
  }
  record = [];
  let seat = 0;
  for (let i = 52; i < LIVE_TILES; i++) {
    const p = seats[seat]!;
    const drawn = live[i]!;
    const h = p.hand;
    let j = h.length;
    h.push(drawn);
    while (j > 0 && h[j - 1]! > drawn) { h[j] = h[j - 1]!; j--; }
    h[j] = drawn;
    p.counts[drawn >> 2]!++;
    record.push((seat << 8) | drawn);
    const kinds: number[] = [];
    for (let k = 0, last = -1; k < h.length; k++) if (h[k]! >> 2 !== last) kinds.push((last = h[k]! >> 2));
    const kind = kinds[Math.floor(random() * kinds.length)]!;
    let x = h.length - 1;
    while (h[x]! >> 2 !== kind) x--;
    const id = h[x]!;
    for (; x < h.length - 1; x++) h[x] = h[x + 1]!;
    h.pop();
    p.counts[kind]!--;
    p.river.push({ tile: id, tsumogiri: id === drawn });
    record.push(4096 | (seat << 8) | id);
    for (let s = 1; s < 4; s++) if (seats[(seat + s) & 3]!.counts[kind]! >= 2) pons++;
    seat = (seat + 1) & 3;
  }
}

function timed(run: () => void): number {
  const c0 = process.cpuUsage();
  run();
  const c = process.cpuUsage(c0);
  return games / ((c.user + c.system) / 1e6);
}

const engine = (base: number) => () => {
  for (let i = 0; i < games; i++) playGame([0, 1, 2, 3].map((s) => new RandomAgent(i * 4 + s + 1)), { seed: base + i });
};
const bare = (base: number) => () => {
  const random = rng(base);
  for (let i = 0; i < games; i++) for (let h = 0; h < HANDS_PER_HANCHAN; h++) bareHand(handSeed(base + i, h), random);
};

// Warm-up: the engine's shanten tables fill for a few thousand hanchan.
timed(engine(500_000));
timed(bare(500_000));
const rates = { engine: [] as number[], bare: [] as number[] };
for (let p = 0; p < passes; p++) {
  rates.engine.push(timed(engine(1_000 + p * games)));
  rates.bare.push(timed(bare(1_000 + p * games)));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const e = median(rates.engine), b = median(rates.bare);
console.log(`random self-play, ${games} hanchan per pass, median of ${passes} passes by CPU time (pons seen: ${pons})`);
console.log(`rules engine  ${e.toFixed(0)} hanchan/s  (${rates.engine.map((r) => r.toFixed(0)).join(', ')})  ${(1e6 / e).toFixed(0)} µs each`);
console.log(`bare loop     ${b.toFixed(0)} hanchan/s  (${rates.bare.map((r) => r.toFixed(0)).join(', ')})  ${(1e6 / b).toFixed(0)} µs each`);
console.log(`ratio         ${(b / e).toFixed(2)}x: the engine spends ${(100 * (1 - e / b)).toFixed(0)} % of a random hanchan on its rules and its structure`);
