import { describe, expect, it } from 'bun:test';
import { discardIndex } from '../../../src/engine/table/actions';
import { discard, idx, ok, passAll, scenario } from './_scenario';

describe('kan dora timing (Tenhou)', () => {
  it('an added kan\'s new dora indicator is turned at the discard after the replacement draw', () => {
    // Seat 1 pons 1z from the dealer, later draws the fourth 1z and adds it (kakan).
    const g = scenario({
      hands: ['1z258m369p258s345z', '11z123m456p789s56s', '147m258p369s2467z', '369m147p147s2367z'],
      draws: '9m9p9s8m1z',
    });
    ok(g, 0, idx('1z'));
    ok(g, 1, 43);
    discard(g, 1, '5s');
    discard(g, 2, '9p');
    discard(g, 3, '9s');
    discard(g, 0, '8m');
    expect(g.validActions(1)).toContain(47);
    ok(g, 1, 47);
    passAll(g);
    expect(g.phase).toBe(1);
    expect(g.kyoku.rinshanDraw).toBe(true);
    expect(g.kyoku.doraIndicators).toHaveLength(1);
    ok(g, 1, discardIndex(g.kyoku.drawn!));
    expect(g.kyoku.doraIndicators).toHaveLength(2);
    const last = g.kyoku.events.slice(-3).map((e) => e.t);
    expect(last.slice(0, 2)).toEqual(['dora', 'discard']);
  });
});
