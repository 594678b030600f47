import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, passAll, scenario, type ScenarioSpec } from './_scenario';

// Seat 0 (dealer) draws 3z into 123m456p789s1122z: cutting 3z is tenpai on 1z/2z.
const spec: ScenarioSpec = {
  hands: ['123m456p789s1122z', '147m258p369s1357z', '147m258p369s2467z', '258m147p147s4567z'],
  draws: '3z9m9p9s',
};

describe('riichi two-step', () => {
  it('a riichi-candidate discard waits for confirm (48) or cancel (52) and nothing else', () => {
    const g = scenario(spec);
    const v = g.stateView(0);
    expect(v.riichi_tiles).toContain(idx('3z'));
    ok(g, 0, idx('3z'));
    const s2 = g.stateView(0);
    expect(s2.riichi_stage2).toBe(true);
    expect(s2.riichi_tile).toBe(idx('3z'));
    expect(s2.valid_actions).toEqual([48, 52]);
    expect(g.step(0, idx('1m'))).toEqual({ ok: false, code: 'ILLEGAL_ACTION' });
    expect(g.step(1, 48)).toEqual({ ok: false, code: 'NOT_YOUR_TURN' });
    expect(g.stateView(0).riichi_stage2).toBe(true);
  });

  it('confirm declares riichi with that tile, pays the stick once the discard passes', () => {
    const g = scenario(spec);
    ok(g, 0, idx('3z'));
    ok(g, 0, 48);
    passAll(g);
    const k = g.kyoku;
    expect(k.scores[0]).toBe(24000);
    expect(k.kyotaku).toBe(1);
    expect(k.players[0]!.river.at(-1)).toMatchObject({ riichi: true, tsumogiri: true });
    expect(k.events.filter((e) => e.t === 'riichi').map((e) => (e as { step: number }).step)).toEqual([1, 2]);
    discard(g, 1, '9m');
    discard(g, 2, '9p');
    discard(g, 3, '9s');
    // In riichi only the drawn tile may be cut.
    expect(g.validActions(0).filter((a) => a < 37)).toEqual([k.drawn! >> 2]);
  });

  it('cancel discards the same tile without riichi', () => {
    const g = scenario(spec);
    ok(g, 0, idx('3z'));
    ok(g, 0, 52);
    passAll(g);
    expect(g.kyoku.scores[0]).toBe(25000);
    expect(g.kyoku.players[0]!.riichi).toBe(false);
    expect(g.kyoku.players[0]!.river[0]).toMatchObject({ riichi: false });
  });
});
