/**
 * The table's per-seat arrays read and written on the hot paths must be plain arrays, never
 * JavaScriptCore's copy-on-write arrays that constant literals make (engine/fresh.ts): one field
 * holding both shapes made the option list's optimised code fail its shape check and recompile.
 */
import { describe, expect, it } from 'bun:test';
import { jscDescribe } from 'bun:jsc';
import { Game } from '../../../src/engine/game';
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
    // Values read from a Float64Array are doubles even when whole, as a JIT-compiled division's are.
    k.applyDeltas(Float64Array.from([1500, -1500, 3000, -3000]) as unknown as number[]);
    expect(k.scores).toEqual([26500, 23500, 28000, 22000]);
    expect(jscDescribe(k.scores)).toContain('ArrayWithInt32');
  });
});
