/**
 * Rules-engine figures: shanten (all three forms) µs per random 14-tile hand, and
 * agari + yaku + fu + points (scoreHand) µs per random winning hand, and full hanchan per second
 * with random and heuristic agents (the same lines as bench/mahjong-sim.ts).
 * Run: bun bench/mahjong-engine.ts [games]   (default 300 random-agent games per pass)
 */
import { scoreHand, shanten, type WinInput } from '../mahjong/src/engine/rules';
import { hardwareLine, randomHands, timeIt } from './mahjong-shanten';
import { simFigures } from './mahjong-sim';

function randomWins(n: number, seed = 7): WinInput[] {
  let s = seed >>> 0;
  const rnd = (k: number) => Math.floor(((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * k);
  const out: WinInput[] = [];
  while (out.length < n) {
    const counts = new Array<number>(34).fill(0);
    const kinds: number[] = [];
    const add = (k: number, times = 1) => { for (let i = 0; i < times; i++) { counts[k]!++; kinds.push(k); } };
    add(rnd(34), 2);
    for (let m = 0; m < 4; m++) {
      if (rnd(3) === 0) add(rnd(34), 3);
      else { const k = rnd(3) * 9 + rnd(7); add(k); add(k + 1); add(k + 2); }
    }
    if (counts.some((c) => c > 4)) continue;
    const next = new Array<number>(34).fill(0);
    const hand = kinds.map((k) => k * 4 + next[k]!++);
    out.push({ hand, winTile: hand[rnd(14)]!, tsumo: rnd(2) === 0, seatWind: rnd(4), roundWind: rnd(2), riichi: true, doraIndicators: [rnd(136)], uraIndicators: [rnd(136)] });
  }
  return out;
}

const hands = randomHands(200_000);
let sink = 0;
for (const h of hands) sink += shanten(h, 0);
const shantenUs = timeIt(() => { for (const h of hands) sink += shanten(h, 0); }) / hands.length;

const wins = randomWins(50_000);
for (const w of wins.slice(0, 5000)) sink += scoreHand(w).ok ? 1 : 0;
let ok = 0;
const scoreUs = timeIt(() => { for (const w of wins) if (scoreHand(w).ok) ok++; }) / wins.length;

console.log(hardwareLine());
console.log(`shanten (regular + chiitoitsu + kokushi): ${shantenUs.toFixed(3)} µs per random 14-tile hand (${hands.length} hands, warm tables)`);
console.log(`scoreHand (readings + yaku + fu + points): ${scoreUs.toFixed(2)} µs per random winning hand (${wins.length} hands, ${ok} scored)`);
if (sink === 0.5) console.log(sink);
simFigures(Number(process.argv[2] ?? 300));
