import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, scenario, type ScenarioSpec } from './_scenario';

// Seat 1 holds 23m456789p11122z: tenpai on 1m/4m. Seat 2 will cut 1m.
const hands: ScenarioSpec['hands'] = ['159m159p159s3456z', '23m456789p11122z', '1268m2368p2368s7z', '349m17p1479s5667z'];

describe('furiten', () => {
  it('a seat waiting on the discard may ron it', () => {
    const g = scenario({ hands, draws: '7s9s3s' });
    discard(g, 0, '7s');
    discard(g, 1, '9s');
    ok(g, 2, idx('1m'));
    expect(g.phase).toBe(5);
    expect(g.validActions(1)).toContain(49);
    ok(g, 1, 49);
    expect(g.phase).toBe(16);
    expect(g.kyoku.result?.events[0]).toMatchObject({ t: 'agari', who: 1, fromWho: 2 });
  });

  it('a seat that discarded one of its winning tiles cannot ron (permanent furiten)', () => {
    const g = scenario({ hands, draws: '7s4m3s' });
    discard(g, 0, '7s');
    expect(g.validActions(1)).toContain(50); // 4m completes the hand: tsumo offered
    discard(g, 1, '4m');
    ok(g, 2, idx('1m'));
    expect(g.phase).toBe(3); // nobody asked: seat 3 draws
    expect(g.stateView(1).players[1]!.furiten).toBe(true);
  });

  it('passing a winning tile blocks ron until the seat draws again (temporary furiten)', () => {
    const g = scenario({ hands, draws: '7s9s3s5s9p' });
    discard(g, 0, '7s');
    discard(g, 1, '9s');
    ok(g, 2, idx('1m'));
    ok(g, 1, 53);
    expect(g.phase).toBe(3);
    ok(g, 3, idx('4m'));
    expect(g.phase).toBe(0); // seat 1 is not asked about 4m
    expect(g.kyoku.players[1]!.missed[3]).toBe(true);
  });
});
