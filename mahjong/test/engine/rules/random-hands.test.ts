import { describe, expect, it } from 'bun:test';
import { countsOf, decompositions, scoreHand, shanten, type WinInput } from '../../../src/engine/rules';

/** Deterministic LCG so a failure is reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (k: number) => Math.floor(((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * k);
}

function randomComplete(rnd: (k: number) => number): number[] | undefined {
  const kinds: number[] = [];
  const k = rnd(34);
  kinds.push(k, k);
  for (let m = 0; m < 4; m++) {
    if (rnd(3) === 0) { const p = rnd(34); kinds.push(p, p, p); }
    else { const b = rnd(3) * 9 + rnd(7); kinds.push(b, b + 1, b + 2); }
  }
  const next = new Array<number>(34).fill(0);
  const ids = kinds.map((x) => x * 4 + next[x]!++);
  return next.some((n) => n > 4) ? undefined : ids;
}

describe('random hands', () => {
  it('shanten −1 exactly when a decomposition exists (random 14-tile hands)', () => {
    const rnd = rng(3);
    const wrong: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const ids = Array.from({ length: 136 }, (_, j) => j);
      for (let j = 0; j < 14; j++) { const r = j + rnd(136 - j); [ids[j], ids[r]] = [ids[r]!, ids[j]!]; }
      const counts = countsOf(ids.slice(0, 14));
      if ((shanten(counts, 0) === -1) !== decompositions(counts).length > 0) wrong.push(counts.join(''));
    }
    expect(wrong).toEqual([]);
  });

  it('every random complete hand scores or reports NO_YAKU, never throws', () => {
    const rnd = rng(11);
    const bad: string[] = [];
    let scored = 0;
    for (let i = 0; i < 2000; i++) {
      const hand = randomComplete(rnd);
      if (!hand) continue;
      expect(shanten(countsOf(hand), 0)).toBe(-1);
      const input: WinInput = { hand, winTile: hand[rnd(14)]!, tsumo: rnd(2) === 0, seatWind: rnd(4), roundWind: rnd(2), riichi: rnd(2) === 0, doraIndicators: [rnd(136)] };
      const r = scoreHand(input);
      if (r.ok) {
        scored++;
        if (r.fu < 20 || r.fu % 5 !== 0 || r.points.base <= 0 || r.yaku.length === 0) bad.push(JSON.stringify(input));
      } else if (r.code !== 'NO_YAKU') bad.push(`${r.code} ${JSON.stringify(input)}`);
    }
    expect(bad).toEqual([]);
    expect(scored).toBeGreaterThan(1000);
  });
});
