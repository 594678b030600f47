import { describe, expect, it } from 'bun:test';
import { shanten } from '../../../src/engine/rules';
import { noTenpaiDiscard, surelyNotTenpai } from '../../../src/engine/table/quick';
import { newPlayer } from '../../../src/engine/table/player';
import { drawnCompletes } from '../../../src/engine/table/win';
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

/** Tile ids of 34 counts (copies 0, 1, … of each kind). */
const idsOf = (c: readonly number[]): number[] => c.flatMap((n, kind) => Array.from({ length: n }, (_, i) => kind * 4 + i));

/** A random complete hand of `sets` sets and a pair (counts), or null when a kind would need a fifth copy. */
function completeCounts(sets: number, next: () => number): number[] | null {
  const c = new Array<number>(34).fill(0);
  for (let i = 0; i < sets; i++) {
    const k = Math.floor(next() * 34);
    if (k < 27 && k % 9 <= 6 && next() < 0.6) { c[k]!++; c[k + 1]!++; c[k + 2]!++; } else c[k]! += 3;
  }
  c[Math.floor(next() * 34)]! += 2;
  return c.every((n) => n <= 4) ? c : null;
}

describe('the drawn hand’s completeness without known waits', () => {
  it('agrees with the search on complete, nearly complete and random hands, with and without melds', () => {
    const next = rng(5);
    let complete = 0, ruledOut = 0;
    const check = (c: number[], melds: number) => {
      const p = newPlayer(idsOf(c));
      for (let m = 0; m < melds; m++) p.melds.push({ type: 'pon', tiles: [], called: null, added: null, from: 0, m: 0 });
      const want = shanten(c, melds) === -1;
      expect(drawnCompletes(p, idsOf(c)[0]!)).toBe(want);
      if (want) complete++;
      else if (drawnCompletes(p, 0) === false) ruledOut++;
    };
    for (let i = 0; i < 6000; i++) {
      const melds = i % 3;
      const full = completeCounts(4 - melds, next);
      if (full) {
        check(full, melds);
        // One tile swapped for another kind: mostly not complete.
        const swapped = full.slice();
        const from = swapped.findIndex((n) => n > 0), to = Math.floor(next() * 34);
        if (swapped[to]! < 4 && to !== from) { swapped[from]!--; swapped[to]!++; check(swapped, melds); }
      }
      check(randomCounts(14 - 3 * melds, next), melds);
    }
    // Seven pairs and thirteen orphans, which the isolated-tile test must leave to the search.
    check([2, 0, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 0, 0], 0);
    check([2, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], 0);
    expect(complete).toBeGreaterThan(3000);
    expect(ruledOut).toBeGreaterThan(3000);
  });
});
