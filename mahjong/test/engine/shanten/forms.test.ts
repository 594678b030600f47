import { describe, expect, it } from 'bun:test';
import { countsOfKinds, parseKinds, shanten, shantenChiitoi, shantenKokushi, shantenRegular, ukeire, waitingKinds } from '../../../src/engine/rules';
import { rng } from '../../../src/engine/table/wall';

const c = (s: string) => countsOfKinds(parseKinds(s));

describe('shanten on 3n+1 hands and hands with melds', () => {
  it('13-tile tenpai is 0 and a complete 14 is −1', () => {
    expect(shanten(c('123m456p789s1122z'))).toBe(0);
    expect(shanten(c('123m456p789s11222z'))).toBe(-1);
  });
  it('melds reduce the sets needed: 10 tiles + 1 call, 7 tiles + 2 calls', () => {
    expect(shantenRegular(c('123m456p78s11z'), 1)).toBe(0);
    expect(shantenRegular(c('123m456p789s11z'), 1)).toBe(-1);
    expect(shantenRegular(c('13m5p79s1z2z'), 2)).toBe(2);
    expect(shanten(c('1z'), 4)).toBe(0);
  });
  it('a wait on a fifth copy does not exist: 1111m + 234p… is not tenpai on 1m', () => {
    // 1111m234p567p789s: the only "wait" would be a fifth 1m.
    expect(shantenRegular(c('1111m234p567p789s'), 0)).toBe(1);
    expect(waitingKinds(c('1111m234p567p789s'))).toEqual([]);
  });
  it('seven pairs with four of a kind counts one pair', () => {
    expect(shantenChiitoi(c('1111m2233p4455s6z'))).toBe(2);
  });
  it('kokushi 13-sided tenpai', () => {
    expect(shantenKokushi(c('19m19p19s1234567z'))).toBe(0);
    expect(waitingKinds(c('19m19p19s1234567z'))).toHaveLength(13);
  });
});

describe('ukeire', () => {
  it('counts unseen copies of every tile that lowers shanten', () => {
    const u = ukeire(c('23m456p789s11z') as number[], 1);
    expect(u.shanten).toBe(0);
    expect(u.tiles.map((t) => t.kind)).toEqual([0, 3]);
    expect(u.total).toBe(8);
    const seen = c('1m1m4m') as number[];
    expect(ukeire(c('23m456p789s11z') as number[], 1, seen).total).toBe(5);
  });
});

describe('ukeire pruning', () => {
  it('equals trying all 34 kinds, on random hands far and near, with and without calls', () => {
    const next = rng(9);
    for (let i = 0; i < 3_000; i++) {
      const melds = i % 3 === 0 ? 1 : 0;
      const c = new Array<number>(34).fill(0);
      for (let n = 0; n < 13 - 3 * melds;) {
        const k = i % 2 === 0 ? Math.floor(next() * 34) : [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 2, 5][Math.floor(next() * 15)]!;
        if (c[k]! < 4) { c[k]!++; n++; }
      }
      const before = shanten(c, melds);
      const brute: number[] = [];
      for (let k = 0; k < 34; k++) {
        if (c[k]! >= 4) continue;
        c[k]!++;
        if (shanten(c, melds) < before) brute.push(k);
        c[k]!--;
      }
      expect(ukeire(c, melds).tiles.map((t) => t.kind)).toEqual(brute);
    }
  });
});

describe('waitingKinds', () => {
  it('equals trying all 34 kinds, on random near-tenpai hands with and without calls', () => {
    const next = rng(5);
    let tenpai = 0;
    for (let i = 0; i < 5_000; i++) {
      const melds = i % 4 === 0 ? 1 : 0;
      const c = new Array<number>(34).fill(0);
      // Mostly one suit plus a few honours/terminals, so tenpai (incl. seven pairs and kokushi-like) shows up.
      const pool = i % 50 === 0 ? [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] : Array.from({ length: 9 }, (_, k) => k).concat([27, 31]);
      for (let n = 0; n < 13 - 3 * melds;) {
        const k = pool[Math.floor(next() * pool.length)]!;
        if (c[k]! < 4) { c[k]!++; n++; }
      }
      const brute: number[] = [];
      for (let k = 0; k < 34; k++) {
        if (c[k]! >= 4) continue;
        c[k]!++;
        if (shanten(c, melds) === -1) brute.push(k);
        c[k]!--;
      }
      if (brute.length > 0) tenpai++;
      expect(waitingKinds(c, melds)).toEqual(brute);
    }
    expect(tenpai).toBeGreaterThan(250);
  });

  it('finds kokushi waits on kinds the hand does not hold', () => {
    expect(waitingKinds(c('19m19p19s1234567z'))).toEqual([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]);
    expect(waitingKinds(c('119m19p19s123456z'))).toEqual([33]);
    expect(waitingKinds(c('19m19p19s1234566z'))).toEqual([33]);
  });
});

