/**
 * HandGroups (the engine's wait and riichi-candidate searches) answers exactly what `shanten` says
 * for the hand with one copy more or less, on random hands of every size a search meets: 13 and
 * 14 tiles closed, and with one to four calls (where seven pairs and kokushi do not count).
 */
import { describe, expect, it } from 'bun:test';
import { HandGroups, shanten } from '../../../src/engine/shanten';
import { rng } from '../../../src/engine/table/wall';

describe('HandGroups', () => {
  it('equals shanten of the changed hand for every kind added or removed', () => {
    const r = rng(77);
    const groups = new HandGroups();
    let checks = 0;
    const wrong: string[] = [];
    for (let it = 0; it < 4000; it++) {
      const melds = it % 5;
      const size = 14 - 3 * melds - (it % 2);
      // Hands drawn from a narrow slice of kinds half the time, so tenpai and complete shapes occur.
      const span = r() < 0.5 ? 34 : 9 + Math.floor(r() * 9);
      const from = span === 34 ? 0 : Math.floor(r() * (34 - span));
      const c = new Array<number>(34).fill(0);
      for (let n = 0; n < size; ) { const k = from + Math.floor(r() * span); if (c[k]! < 4) { c[k]!++; n++; } }
      expect(groups.set(c, melds)).toBe(shanten(c, melds));
      for (let k = 0; k < 34; k++) for (const delta of [1, -1]) {
        if (delta === 1 ? c[k]! >= 4 : c[k]! === 0) continue;
        const got = groups.changed(c, k, delta);
        c[k]! += delta;
        const want = shanten(c, melds);
        c[k]! -= delta;
        checks++;
        if (got !== want) wrong.push(`${c.join('')} melds ${melds} kind ${k} ${delta > 0 ? '+' : '-'}: ${got} ≠ ${want}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checks).toBeGreaterThan(100_000);
  });

  it('setChanged (a hand one tile away from the one set, products reused) answers as a fresh set', () => {
    const r = rng(78);
    const from = new HandGroups(), next = new HandGroups();
    const wrong: string[] = [];
    let checks = 0;
    for (let it = 0; it < 1500; it++) {
      const melds = it % 5;
      const size = 13 - 3 * melds;
      const span = r() < 0.5 ? 34 : 9 + Math.floor(r() * 9);
      const lo = span === 34 ? 0 : Math.floor(r() * (34 - span));
      const c = new Array<number>(34).fill(0);
      for (let n = 0; n < size; ) { const k = lo + Math.floor(r() * span); if (c[k]! < 4) { c[k]!++; n++; } }
      from.set(c, melds);
      if (it % 2 === 0) from.changed(c, 0, c[0]! < 4 ? 1 : -1); // the source prepared or not
      const k = Math.floor(r() * 34);
      const delta = c[k]! < 4 ? 1 : -1;
      c[k]! += delta;
      next.setChanged(from, c, k, delta);
      for (let e = 0; e < 34; e++) for (const d of [1, -1]) {
        if (d === 1 ? c[e]! >= 4 : c[e]! === 0) continue;
        const got = next.changed(c, e, d);
        c[e]! += d;
        const want = shanten(c, melds);
        c[e]! -= d;
        checks++;
        if (got !== want) wrong.push(`${c.join('')} melds ${melds} after ${k} ${delta}, kind ${e} ${d}: ${got} ≠ ${want}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checks).toBeGreaterThan(30_000);
  });
});
