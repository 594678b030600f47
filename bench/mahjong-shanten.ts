/**
 * Shanten throughput: the engine's table-based shanten vs a naive recursive block search (the usual
 * melds/partials/pair backtracking, no tables), same random 14-tile hands, same process.
 * Run: bun bench/mahjong-shanten.ts [hands]
 */
import { cpus } from 'node:os';
import { shantenRegular } from '../mahjong/src/engine/rules';

export function randomHands(n: number, size = 14, seed = 1): number[][] {
  let s = seed >>> 0;
  const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const hands: number[][] = [];
  const wall = Array.from({ length: 136 }, (_, i) => i);
  for (let h = 0; h < n; h++) {
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(rnd() * (136 - i));
      [wall[i], wall[j]] = [wall[j]!, wall[i]!];
    }
    const counts = new Array<number>(34).fill(0);
    for (let i = 0; i < size; i++) counts[wall[i]! >> 2]!++;
    hands.push(counts);
  }
  return hands;
}

/** Naive regular-form shanten: 8 − 2·melds − partials − pair, maximised by backtracking. */
export function naiveShanten(counts: number[]): number {
  let best = 8;
  const c = counts.slice();
  const search = (i: number, melds: number, partials: number, pair: number): void => {
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) {
      const p = Math.min(partials, 4 - melds);
      best = Math.min(best, 8 - 2 * melds - p - pair);
      return;
    }
    const suited = i < 27;
    const pos = i % 9;
    if (c[i]! >= 3) { c[i]! -= 3; search(i, melds + 1, partials, pair); c[i]! += 3; }
    if (suited && pos <= 6 && c[i + 1]! > 0 && c[i + 2]! > 0) { c[i]!--; c[i + 1]!--; c[i + 2]!--; search(i, melds + 1, partials, pair); c[i]!++; c[i + 1]!++; c[i + 2]!++; }
    if (c[i]! >= 2) {
      c[i]! -= 2;
      if (!pair) search(i, melds, partials, 1);
      search(i, melds, partials + 1, pair);
      c[i]! += 2;
    }
    if (suited && pos <= 7 && c[i + 1]! > 0) { c[i]!--; c[i + 1]!--; search(i, melds, partials + 1, pair); c[i]!++; c[i + 1]!++; }
    if (suited && pos <= 6 && c[i + 2]! > 0) { c[i]!--; c[i + 2]!--; search(i, melds, partials + 1, pair); c[i]!++; c[i + 2]!++; }
    c[i]!--; search(i, melds, partials, pair); c[i]!++;
  };
  search(0, 0, 0, 0);
  return best;
}

export const hardwareLine = (): string => `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Bun ${Bun.version}, ${process.platform}/${process.arch}`;

export function timeIt(fn: () => void): number {
  const t0 = Bun.nanoseconds();
  fn();
  return (Bun.nanoseconds() - t0) / 1000;
}

if (import.meta.main) {
  const n = Number(process.argv[2] ?? 200_000);
  const hands = randomHands(n);
  let sink = 0;
  // First pass fills the per-group tables (cold); the second is the steady state of a long game/simulation.
  const coldUs = timeIt(() => { for (const h of hands) sink += shantenRegular(h, 0); });
  const tableUs = timeIt(() => { for (const h of hands) sink += shantenRegular(h, 0); });
  const naiveHands = hands.slice(0, Math.min(n, 20_000));
  const naiveUs = timeIt(() => { for (const h of naiveHands) sink += naiveShanten(h); });
  let mismatches = 0;
  for (const h of naiveHands) if (naiveShanten(h) !== shantenRegular(h, 0)) mismatches++;
  console.log(hardwareLine());
  console.log(`table shanten, cold tables: ${(coldUs / n).toFixed(3)} µs/hand (first pass, fills the tables)`);
  console.log(`table shanten: ${(tableUs / n).toFixed(3)} µs/hand over ${n} random 14-tile hands (${Math.round(n / (tableUs / 1e6)).toLocaleString()} hands/s)`);
  console.log(`naive search:  ${(naiveUs / naiveHands.length).toFixed(3)} µs/hand over ${naiveHands.length} hands — table is ${(naiveUs / naiveHands.length / (tableUs / n)).toFixed(0)}× faster; ${mismatches} disagreements`);
  if (sink === 0.5) console.log(sink);
}
