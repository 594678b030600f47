import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { measuredDealIn, measuredValue, measuredWin } from '../../../src/engine/ai/strong/push-fold';
import { formatTiles } from '../../../src/engine/notation';
import { idx } from '../table/_scenario';
import { facingRiichi } from './_facing-riichi';

describe('strong AI: push or fold on measured figures (push-fold.ts)', () => {
  it('reads the measured tables: a riichi halves the win chance, more acceptance and more turns raise it', () => {
    expect(measuredWin(true, 1, 15, 10)).toBeLessThan(measuredWin(false, 1, 15, 10));
    expect(measuredWin(true, 1, 25, 10)).toBeGreaterThan(measuredWin(true, 1, 5, 10));
    expect(measuredWin(true, 1, 15, 12)).toBeGreaterThan(measuredWin(true, 1, 15, 5));
    expect(measuredWin(true, 3, 40, 15)).toBe(0);
    expect(measuredValue(2, false, false)).toBeGreaterThan(measuredValue(2, true, false));
    expect(measuredValue(3, false, true)).toBeGreaterThan(measuredValue(3, false, false));
    expect(measuredDealIn(0)).toBe(0);
    expect(measuredDealIn(0.05)).toBeCloseTo(0.104, 6);
  });

  it('pushes a wide one-shanten hand against a riichi with 30 tiles left, where the guessed win chance and future danger folded', () => {
    // 35678m 234p 134457s + 4s: one shanten with wide acceptance; 2p (the riichi tile) is genbutsu.
    const view = facingRiichi('35678m234p13457s', '4s', '7z', 30);
    expect(formatTiles(view.players[0]!.hand as number[])).toBe('35678m234p134457s');
    // The score alone (the learned discard order, which reorders the candidates, off in both).
    const old = new StrongAgent('old', { measured: false, ahead: [0.15, 0.3, 0.5], learnedDiscard: false }).decide(view);
    expect(old).toBe(idx('2p'));
    expect(new StrongAgent('measured', { learnedDiscard: false }).decide(view)).toBe(idx('1s'));
  });
});
