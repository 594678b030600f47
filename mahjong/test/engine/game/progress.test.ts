import { describe, expect, it } from 'bun:test';
import { gameEnds, owariOf } from '../../../src/engine/game';

const at = (round: number, scores: number[]) => ({ round, honba: 0, kyotaku: 0, scores });

describe('end of game (Tenhou)', () => {
  it('a score below zero ends the game at once', () => {
    expect(gameEnds(at(1, [60000, 20000, 20100, -100]), false, true)).toBe(true);
  });
  it('South 4 without anyone at 30,000 goes into the West extension', () => {
    expect(gameEnds(at(7, [28000, 26000, 24000, 22000]), false, true)).toBe(false);
  });
  it('South 4 ends once the top has 30,000 and the dealer does not keep the seat', () => {
    expect(gameEnds(at(7, [31000, 26000, 24000, 19000]), false, true)).toBe(true);
  });
  it('the all-last dealer who is top after a win ends the game; one who is not top plays on', () => {
    expect(gameEnds(at(7, [20000, 20000, 20000, 40000]), true, true)).toBe(true);
    expect(gameEnds(at(7, [40000, 20000, 20000, 20000]), true, true)).toBe(false);
  });
  it('the West extension ends at West 4 at the latest (no North)', () => {
    expect(gameEnds(at(11, [26000, 26000, 24000, 24000]), false, true)).toBe(true);
    expect(gameEnds(at(8, [26000, 26000, 24000, 24000]), false, true)).toBe(false);
  });
  it('East-only games end after East 4 and extend into South', () => {
    expect(gameEnds(at(3, [31000, 26000, 24000, 19000]), false, false)).toBe(true);
    expect(gameEnds(at(3, [29000, 26000, 26000, 19000]), false, false)).toBe(false);
  });
  it('owari points: return 30,000, uma 20/10/-10/-20, first takes the rest', () => {
    expect(owariOf([20100, 35800, 5200, 38900]).points).toEqual([-20, 16, -45, 49]);
  });
});
