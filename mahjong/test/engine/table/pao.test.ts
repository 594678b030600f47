import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, passAll, scenario } from './_scenario';

describe('pao (liability for big three dragons)', () => {
  it('the seat that fed the third dragon pung pays the whole daisangen tsumo', () => {
    // Seat 1 pons haku from seat 0, hatsu from seat 2 and chun from seat 3, then draws its 7s tanki.
    const g = scenario({
      hands: ['5z258m369p258s134z', '55z66z77z123m456p7s', '6z789m147p369s123z', '7z789m258p147s124z'],
      draws: '1p9p8s9s1s8p9m7s',
    });
    const ponAndCut = (from: number, dragon: string, cut: string) => {
      ok(g, from, idx(dragon));
      expect(g.validActions(1)).toContain(43);
      ok(g, 1, 43);
      ok(g, 1, idx(cut));
      passAll(g);
    };
    ponAndCut(0, '5z', '1m');
    ponAndCut(2, '6z', '2m');
    expect(g.kyoku.players[1]!.pao).toBeNull();
    discard(g, 2, '8s');
    ponAndCut(3, '7z', '3m');
    expect(g.kyoku.players[1]!.pao).toBe(3);
    discard(g, 2, '1s');
    discard(g, 3, '8p');
    discard(g, 0, '9m');
    expect(g.validActions(1)).toContain(50);
    ok(g, 1, 50);
    const win = g.kyoku.result!.events[0]!;
    expect(win).toMatchObject({ t: 'agari', who: 1, fromWho: 1, paoWho: 3, yakuman: [39], deltas: [0, 32000, 0, -32000] });
  });
});
