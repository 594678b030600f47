import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, scenario } from './_scenario';

describe('calls', () => {
  it('kuikae: after chi 3m with 4m5m, neither 3m nor 6m may be discarded', () => {
    const g = scenario({ hands: ['3m159p159s123456z', '3456m2589p258s77z', '1279m3467p3467s1z', '1278m1378p1378s2z'], draws: '9m' });
    ok(g, 0, idx('3m'));
    expect(g.phase).toBe(5);
    expect(g.validActions(1)).toContain(37);
    ok(g, 1, 37);
    expect(g.phase).toBe(1);
    const acts = g.validActions(1);
    expect(acts).not.toContain(idx('3m'));
    expect(acts).not.toContain(idx('6m'));
    expect(acts).toContain(idx('9p'));
    expect(g.step(1, idx('6m'))).toEqual({ ok: false, code: 'ILLEGAL_ACTION' });
  });

  it('chankan: a seat waiting on the tile added to a pon may rob the kan', () => {
    const g = scenario({
      hands: ['5p159m19s1234567z', '123456m55p789s11s', '46p789p123s456s22z', '2378m2368p34567z'],
      draws: '9p9m9m1z0p',
    });
    ok(g, 0, idx('5p'));
    ok(g, 1, 43); // seat 2 waits on 5p too but has no yaku without chankan: not asked
    discard(g, 1, '6m');
    discard(g, 2, '9m');
    discard(g, 3, '9m');
    discard(g, 0, '1z');
    expect(g.validActions(1)).toContain(47);
    ok(g, 1, 47);
    expect(g.phase).toBe(10);
    ok(g, 2, 49);
    const win = g.kyoku.result!.events[0]!;
    expect(win).toMatchObject({ t: 'agari', who: 2, fromWho: 1 });
    expect(win.t === 'agari' && win.yaku.map((y) => y.id)).toContain(3);
  });

  it('double ron: both winners are paid, honba and sticks to the first after the discarder', () => {
    const g = scenario({
      hands: ['4p159m19p19s12345z', '23p456m678m456s88s', '4p234m567m234s678s', '1239m157p1357s77z'],
      draws: '9p',
    });
    ok(g, 0, idx('4p'));
    ok(g, 1, 49);
    ok(g, 2, 49);
    expect(g.phase).toBe(16);
    const wins = g.kyoku.result!.events;
    expect(wins.map((e) => e.t === 'agari' && e.who)).toEqual([1, 2]);
    const total = g.kyoku.result!.deltas;
    expect(total.reduce((a, b) => a + b, 0)).toBe(0);
    expect(total[0]).toBeLessThan(0);
  });
});

describe('red-five call variants (43/44, 37–42)', () => {
  it('offers the red pon only with a red five in hand, the plain pon only with two plain fives', () => {
    // Seat 1 holds red 5p and one plain 5p: only 44.
    const a = scenario({ hands: ['5p258m369p2458s47z', '05p369m147s12356z', '147m258s1235777z', '369m147p147s3456z'], draws: '9s' });
    ok(a, 0, idx('5p'));
    expect(a.validActions(1)).toEqual([44, 53]);
    // Seat 1 holds two plain 5p and seat 0 cuts the red one: only 43.
    const b = scenario({ hands: ['0p258m369p2458s47z', '55p369m147s12356z', '147m258s1235777z', '369m147p147s3456z'], draws: '9s' });
    ok(b, 0, idx('0p'));
    expect(b.validActions(1)).toEqual([43, 53]);
  });

  it('offers chi with and without the red five when both can be made, and the call uses the red one for 40', () => {
    // Seat 1 holds 4p, red 5p and plain 5p: 3p can be called as 345p with either five.
    const g = scenario({ hands: ['3p258m69p2458s147z', '405p369m147s1235z', '147m258s1235677z', '369m17p147s34566z'], draws: '9s' });
    ok(g, 0, idx('3p'));
    expect(g.validActions(1)).toEqual([37, 40, 53]);
    ok(g, 1, 40);
    expect(g.kyoku.players[1]!.melds[0]!.tiles).toContain(52);
  });
});

describe('kokushi on an ankan', () => {
  it('only a kokushi hand waiting on the kan tile may ron a closed kan', () => {
    const g = scenario({ hands: ['111z23456m23456p', '19m19p19s2345677z', '2345678m234567s', '2345678p345678s'], draws: '1z' });
    expect(g.validActions(0)).toContain(45);
    ok(g, 0, 45);
    expect(g.phase).toBe(13);
    expect(g.validActions(1)).toEqual([49, 53]);
    ok(g, 1, 49);
    const win = g.kyoku.result!.events[0]!;
    expect(win).toMatchObject({ t: 'agari', who: 1, fromWho: 0 });
    expect(win.t === 'agari' && win.yakuman.some((y) => y === 47 || y === 48)).toBe(true);
  });
});
