import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, scenarioGame } from './_scenario';

describe('West extension', () => {
  it('South 4 ending below 30,000 goes to West 1, where the first hand reaching 30,000 ends the game', () => {
    const g = scenarioGame([
      // South 4, dealer seat 3: seat 1 (Haku triplet, 1m-4m wait) rons seat 2's 1m for 1,300.
      { oya: 3, hands: ['159m159p159s3467z', '23m456789p55522z', '1268m2368p2368s7z', '349m17p1479s1667z'], draws: '7s8s9s3s' },
      // West 1, dealer seat 0 wins on its first draw (tenhou).
      { oya: 0, hands: ['123m456p789s1112z', '147m258p369s3456z', '147m258p369s3457z', '258m147p147s4567z'], draws: '2z' },
    ], { round: 7, honba: 0, kyotaku: 0, scores: [26000, 26000, 24000, 24000] });
    discard(g, 3, '7s');
    discard(g, 0, '8s');
    discard(g, 1, '9s');
    ok(g, 2, idx('1m'));
    ok(g, 1, 49);
    expect(g.kyoku.result?.events[0]).toMatchObject({ t: 'agari', who: 1, fromWho: 2 });
    expect(g.isOver()).toBe(false);
    expect(g.nextHand()).toBe(true);
    expect([g.round, g.honba, g.oya]).toEqual([8, 0, 0]);
    expect(g.stateView(null).round_wind).toBe('West');
    ok(g, 0, 50);
    expect(g.isOver()).toBe(true);
    expect(g.owari!.points.reduce((a, b) => a + b, 0)).toBe(0);
    expect(g.owari!.scores[0]).toBeGreaterThan(30000);
  });
});
