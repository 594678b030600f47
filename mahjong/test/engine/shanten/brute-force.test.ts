import { describe, expect, it } from 'bun:test';
import { shantenRegular } from '../../../src/engine/rules';

/** All sets as 34-count increments: 34 pungs and 21 chows. */
const SETS: number[][] = [];
for (let k = 0; k < 34; k++) SETS.push([k, k, k]);
for (let s = 0; s < 3; s++) for (let n = 0; n < 7; n++) SETS.push([s * 9 + n, s * 9 + n + 1, s * 9 + n + 2]);

/** Definition: 13 − … i.e. (fewest tiles to add to reach any complete hand, ≤ 4 copies) − 1. */
function bruteForce(counts: number[], need: number): number {
  let best = 99;
  const target = new Array<number>(34).fill(0);
  const walk = (from: number, left: number) => {
    if (left === 0) {
      for (let p = 0; p < 34; p++) {
        target[p]! += 2;
        if (target.every((t) => t <= 4)) {
          let d = 0;
          for (let i = 0; i < 34; i++) d += Math.max(0, target[i]! - counts[i]!);
          best = Math.min(best, d);
        }
        target[p]! -= 2;
      }
      return;
    }
    for (let i = from; i < SETS.length; i++) {
      for (const k of SETS[i]!) target[k]!++;
      walk(i, left - 1);
      for (const k of SETS[i]!) target[k]!--;
    }
  };
  walk(0, need);
  return best - 1;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return (k: number) => Math.floor(((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * k);
}

describe('regular shanten with calls equals the brute-force definition', () => {
  for (const [melds, sizes] of [[3, [4, 5]], [2, [7, 8]]] as const) {
    it(`${melds} calls, ${sizes.join(' and ')} concealed tiles`, () => {
      const rnd = rng(melds * 100 + 1);
      const wrong: string[] = [];
      for (let i = 0; i < (melds === 3 ? 400 : 60); i++) {
        const size = sizes[i % 2]!;
        const counts = new Array<number>(34).fill(0);
        // Bias to one or two suits so that sets and shapes actually occur.
        for (let n = 0; n < size; ) {
          const k = rnd(2) === 0 ? rnd(9) : rnd(34);
          if (counts[k]! < 4) { counts[k]!++; n++; }
        }
        const got = shantenRegular(counts, melds);
        const want = bruteForce(counts, 4 - melds);
        if (got !== want) wrong.push(`${counts.join('')}: got ${got}, want ${want}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
