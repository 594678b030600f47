import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, passAll, scenario } from './_scenario';

describe('abortive draws', () => {
  it('four winds: the same wind as everyone\'s first discard ends the hand, dealer keeps the seat', () => {
    const g = scenario({ hands: ['1z159m159p159s234z', '1z268m268p268s567z', '1z347m347p37s2345z', '1z459m569p4569s67z'], draws: '9m9p9s2m' });
    for (const seat of [0, 1, 2]) discard(g, seat, '1z');
    ok(g, 3, 27);
    expect(g.phase).toBe(16);
    expect(g.kyoku.result).toMatchObject({ kind: 'ryuukyoku', ryuukyoku: 'kaze4', renchan: true });
    expect(g.nextHand()).toBe(true);
    expect([g.round, g.honba, g.oya]).toEqual([0, 1, 0]);
  });

  it('nine terminals: offered on the first draw and ends the hand by choice', () => {
    const g = scenario({ hands: ['19m19p19s1234567z', '23456m23456p234s', '23456m23456p345s', '2345678m345678s'], draws: '5m' });
    expect(g.validActions(0)).toContain(51);
    ok(g, 0, 51);
    expect(g.kyoku.result).toMatchObject({ ryuukyoku: 'yao9', renchan: true });
  });

  it('four riichi: the fourth stick is paid, then the hand ends; the sticks stay on the table', () => {
    // Each seat draws one tile and declares riichi cutting it; nobody can call or win on those tiles.
    const g = scenario({
      hands: ['123m456p789s1122z', '123s456m789p5566z', '234m567p345s66m88s', '678m234p678s33p55s'],
      draws: '3z7z1m9p',
    });
    for (const [seat, tile] of [[0, '3z'], [1, '7z'], [2, '1m'], [3, '9p']] as const) {
      expect(g.stateView(seat).riichi_tiles).toContain(idx(tile));
      ok(g, seat, idx(tile));
      ok(g, seat, 48);
      passAll(g);
    }
    expect(g.kyoku.result).toMatchObject({ kind: 'ryuukyoku', ryuukyoku: 'reach4', renchan: true });
    expect(g.kyoku.kyotaku).toBe(4);
    expect(g.kyoku.scores).toEqual([24000, 24000, 24000, 24000]);
    expect(g.nextHand()).toBe(true);
    expect([g.round, g.honba, g.kyotaku]).toEqual([0, 1, 4]);
  });
});

