import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { readTable } from '../../../src/engine/ai/strong/table';
import { ronFactor, weightedWaits } from '../../../src/engine/ai/strong/wait-quality';
import { formatTiles } from '../../../src/engine/notation';
import { discard, idx, scenario } from '../table/_scenario';

/**
 * Seat 0 throws 3s on its first turn, then draws 5s into 123m456m789p11z457s: throwing 7s waits on
 * 3s-6s (seven live copies, but 3s is in its river: furiten, won by its own draws only), throwing
 * 4s on a 6s kanchan (four live copies, and 6s is the suji of its 3s).
 */
function furitenChoice() {
  const g = scenario({
    hands: ['123m456m789p11z34s', '2233p8899s22334z', '5566p1122s55664z', '778899m44p45677z'],
    draws: '7s1p9p3p5s', dora: '2z',
  });
  discard(g, 0, '3s');
  discard(g, 1, '1p');
  discard(g, 2, '9p');
  discard(g, 3, '3p');
  return g.stateView(0);
}

describe('strong AI: how well a tenpai wait gets paid (ronWeight)', () => {
  it('sets up the choice', () => {
    const view = furitenChoice();
    expect(formatTiles(view.players[0]!.hand as number[])).toBe('123456m789p457s11z');
  });

  it('counts a furiten wait at half and the suji of its own river as read safe', () => {
    const t = readTable(furitenChoice());
    const c = t.counts.slice();
    // 3s: one visible (our discard) → 3 live, weight 1; 6s: 4 live, suji of our 3s → 1 + 0.8.
    expect(weightedWaits(t, c, 24 /* 7s */, 1)).toBeCloseTo((3 + 4 * 1.8) / 2, 9);
    expect(weightedWaits(t, c, 21 /* 4s */, 1)).toBeCloseTo(4 * 1.8, 9);
    expect(c).toEqual(t.counts);
    const river = new Uint8Array(34);
    expect(ronFactor(t, 33, river)).toBe(0.3); // 7z: none seen
    expect(ronFactor(t, 27, river)).toBe(1); // 1z: our pair, two seen
    expect(ronFactor(t, 18, river)).toBe(0.5);
    expect(ronFactor(t, 22, river)).toBe(0);
  });

  it('throws the tile that avoids a furiten wait, where live copies alone keep it', () => {
    const view = furitenChoice();
    expect(new StrongAgent('live copies', { ronWeight: -1 }).decide(view)).toBe(idx('7s'));
    expect(new StrongAgent('wait quality', { ronWeight: 0 }).decide(view)).toBe(idx('4s'));
    expect(new StrongAgent('wait quality', { ronWeight: 1 }).decide(view)).toBe(idx('4s'));
  });
});
