import { describe, expect, it } from 'bun:test';
import { shanten } from '../../../src/engine/rules';
import { noTenpaiDiscard, surelyNotTenpai } from '../../../src/engine/table/quick';
import { rng } from '../../../src/engine/table/wall';

function randomCounts(n: number, next: () => number): number[] {
  const c = new Array<number>(34).fill(0);
  let placed = 0;
  while (placed < n) {
    // Bias toward one suit so that tenpai hands show up too.
    const k = next() < 0.6 ? Math.floor(next() * 9) : Math.floor(next() * 34);
    if (c[k]! < 4) { c[k]!++; placed++; }
  }
  return c;
}

describe('quick tenpai filters', () => {
  it('never rule out a hand that is tenpai (13 tiles) or can reach tenpai (14 tiles)', () => {
    const next = rng(11);
    let skipped = 0;
    for (let i = 0; i < 20_000; i++) {
      const c13 = randomCounts(13, next);
      if (surelyNotTenpai(c13)) { skipped++; expect(shanten(c13, 0)).toBeGreaterThanOrEqual(1); }
      const c14 = randomCounts(14, next);
      if (noTenpaiDiscard(c14)) expect(shanten(c14, 0)).toBeGreaterThanOrEqual(1);
    }
    expect(skipped).toBeGreaterThan(1000);
  });
});
