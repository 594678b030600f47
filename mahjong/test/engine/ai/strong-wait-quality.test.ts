import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { readTable } from '../../../src/engine/ai/strong/table';
import { waitCategory, waitWinChance, weightedWaits } from '../../../src/engine/ai/strong/wait-quality';
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

  it('weighs each live wait by its measured rate of being thrown, a furiten hand by its own draws only', () => {
    const t = readTable(furitenChoice());
    const c = t.counts.slice();
    const unseen = 136 - t.visible.reduce((a, b) => a + b, 0);
    const draw = 1000 / unseen, base = draw + 3 * 2.75;
    // Throwing 7s: 3s (three live: one is in our river) and 6s (four), furiten → own draws only.
    expect(weightedWaits(t, c, 24, 1)).toBeCloseTo((7 * draw) / base, 9);
    // Throwing 4s: the 6s kanchan, on the suji of our 3s (4.33 ‰ against 2.75 ‰ for a middle tile).
    expect(weightedWaits(t, c, 21, 1)).toBeCloseTo((4 * (draw + 3 * 4.33)) / base, 9);
    // Weight 0: every wait as a middle one; the furiten hand still by its own draws only.
    expect(weightedWaits(t, c, 21, 0)).toBeCloseTo(4, 9);
    expect(weightedWaits(t, c, 24, 0)).toBeCloseTo((7 * draw) / base, 9);
    expect(c).toEqual(t.counts);
  });

  it('win chance of a wait over the draws left: riichi or dama table, own draws only when furiten', () => {
    const t = readTable(furitenChoice());
    const unseen = 136 - t.visible.reduce((a, b) => a + b, 0);
    const draw = 1000 / unseen, draws = t.tilesLeft / 4;
    // The 6s kanchan after throwing 4s: 6s is on the suji of our 3s (4-6 on suji: 4.33 ‰ riichi, 5.93 ‰ dama).
    expect(waitWinChance(t, [23], 21, true)).toBeCloseTo(1 - Math.exp((-draws * 4 * (draw + 3 * 4.33)) / 1000), 9);
    expect(waitWinChance(t, [23], 21, false)).toBeCloseTo(1 - Math.exp((-draws * 4 * (draw + 3 * 5.93)) / 1000), 9);
    // 3s-6s after throwing 7s: 3s is in our river, so both waits count own draws only.
    expect(waitWinChance(t, [20, 23], 24, true)).toBeCloseTo(1 - Math.exp((-draws * 7 * draw) / 1000), 9);
  });

  it('reads the wait categories from the table', () => {
    const t = readTable(furitenChoice());
    const river = new Uint8Array(34);
    expect(waitCategory(t, 27, river)).toBe(1); // 1z: our pair, two seen
    expect(waitCategory(t, 33, river)).toBe(0); // 7z: none seen by us
    expect(waitCategory(t, 18, river)).toBe(2); // 1s
    river[21] = 1; // 4s thrown: 1s and 7s become suji
    expect(waitCategory(t, 18, river)).toBe(3);
    expect(waitCategory(t, 24, river)).toBe(7); // 7s: a 3/7 on suji
    expect(waitCategory(t, 22, river)).toBe(8); // 5s: middle, no suji
  });

  it('throws the tile that avoids a furiten wait, where live copies alone keep it', () => {
    const view = furitenChoice();
    expect(new StrongAgent('live copies', { ronWeight: -1 }).decide(view)).toBe(idx('7s'));
    expect(new StrongAgent('wait quality', { ronWeight: 0 }).decide(view)).toBe(idx('4s'));
    expect(new StrongAgent('wait quality', { ronWeight: 1 }).decide(view)).toBe(idx('4s'));
  });
});
