/**
 * The table's per-seat arrays read and written on the hot paths must be plain arrays, never
 * JavaScriptCore's copy-on-write arrays that constant literals make (engine/fresh.ts): one field
 * holding both shapes made the option list's optimised code fail its shape check and recompile.
 */
import { describe, expect, it } from 'bun:test';
import { jscDescribe } from 'bun:jsc';
import { Game } from '../../../src/engine/game';
import { Kyoku } from '../../../src/engine/table/kyoku';
import { shuffledWall } from '../../../src/engine/table/wall';
import type { RoundEvent } from '../../../src/engine/paipu/types';
import { perSeat, seatCopy } from '../../../src/engine/fresh';

const copyOnWrite = (a: unknown): boolean => jscDescribe(a).includes('CopyOnWrite');

describe('per-seat arrays are plain arrays', () => {
  it('a constant literal is copy-on-write (what this guards against), perSeat and seatCopy are not', () => {
    expect(copyOnWrite([0, 0, 0, 0])).toBe(true);
    expect(copyOnWrite(perSeat(0))).toBe(false);
    expect(copyOnWrite(perSeat(null))).toBe(false);
    expect(copyOnWrite(seatCopy([25000, 25000, 25000, 25000]))).toBe(false);
    expect(seatCopy([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('the first hand of a game: scores, answers and hand sets', () => {
    const game = new Game({ seed: 3 });
    const k = game.kyoku;
    for (const a of [game.scores, k.scores, k.decisions, k.decisionTiles, k.respOptions, ...k.players.map((p) => p.ids)]) expect(copyOnWrite(a)).toBe(false);
    expect(k.scores).toEqual([25000, 25000, 25000, 25000]);
    expect(k.decisions).toEqual([-1, -1, -1, -1]);
  });

  it('scores stay an array of int32s when a settlement pays in doubles (as optimised code computes 3000 / n or Math.ceil)', () => {
    const k = new Game({ seed: 8 }).kyoku;
    // An int32 array to start from whatever earlier code taught the allocation site (new Array(4)
    // filled with integers is one): then values read from a Float64Array, doubles even when
    // whole as a JIT-compiled division's are, are added to it.
    const start = new Array<number>(4);
    for (let q = 0; q < 4; q++) start[q] = 25000;
    (k as unknown as { scores: number[] }).scores = start;
    expect(jscDescribe(k.scores)).toContain('ArrayWithInt32');
    k.applyDeltas(Float64Array.from([1500, -1500, 3000, -3000]) as unknown as number[]);
    expect(k.scores).toEqual([26500, 23500, 28000, 22000]);
    expect(jscDescribe(k.scores)).toContain('ArrayWithInt32');
  });

  it("a hand's record keeps int32 codes only, calls included, and reads back in the order recorded", () => {
    const seen: RoundEvent[] = [];
    const k = new Kyoku({ round: 0, honba: 0, kyotaku: 0, oya: 0, scores: [25000, 25000, 25000, 25000], wall: shuffledWall(21), observer: (e) => seen.push(e) });
    while (!k.over) {
      const seat = k.actor();
      const acts = k.validActions(seat);
      // Call whenever offered (events other than draws and discards), else the last discard offered.
      const call = acts.find((a) => a >= 38 && a <= 46);
      k.step(seat, call ?? acts.filter((a) => a < 37).pop() ?? acts[0]!);
    }
    const log = (k as unknown as { log: { codes: number[] } }).log;
    expect(seen.filter((e) => e.t === 'call').length).toBeGreaterThan(0);
    expect(jscDescribe(log.codes)).toContain('ArrayWithInt32');
    expect(k.events).toEqual(seen);
  });

  it('the same without an observer: draws and discards coded, other events in their place', () => {
    const play = (observer?: (e: RoundEvent) => void) => {
      const k = new Kyoku({ round: 0, honba: 0, kyotaku: 0, oya: 1, scores: [25000, 25000, 25000, 25000], wall: shuffledWall(33), observer });
      while (!k.over) {
        const seat = k.actor();
        const acts = k.validActions(seat);
        const call = acts.find((a) => a >= 38 && a <= 46);
        k.step(seat, call ?? acts.filter((a) => a < 37).pop() ?? acts[0]!);
      }
      return k;
    };
    const seen: RoundEvent[] = [];
    play((e) => seen.push(e));
    const k = play();
    expect(k.events.filter((e) => e.t !== 'draw' && e.t !== 'discard').length).toBeGreaterThan(1);
    expect(k.events).toEqual(seen);
  });
});
