/**
 * Rule: on a pao ron the responsible player and the discarder split the hand and the responsible
 * player pays the honba. The calculator (scoring/payments.ts) and the table's settlement use the
 * same function, so both give the same split.
 */
import { describe, expect, it } from 'bun:test';
import { computePayments } from '../../../src/engine/scoring/payments';
import { idx, ok, passAll, scenarioGame, discard } from '../table/_scenario';

describe('pao with honba', () => {
  it('calculator: pao ron with 2 honba — responsible 16,000 + 600, discarder 16,000', () => {
    const p = computePayments({ base: 8000, dealer: false, seatWind: 1, tsumo: false, honba: 2, kyotaku: 1, discarder: 1, paoFrom: 2 });
    expect(p.deltas).toEqual([33600, -16000, -16600, 0]);
  });

  it('calculator: pao tsumo — responsible pays all, honba included', () => {
    const p = computePayments({ base: 8000, dealer: false, seatWind: 1, tsumo: true, honba: 2, kyotaku: 0, paoFrom: 3 });
    expect(p.deltas).toEqual([32600, 0, 0, -32600]);
  });

  it('table: seat 3 fed the third dragon, seat 2 deals in; seat 3 pays half plus the honba', () => {
    const g = scenarioGame([{
      hands: ['5z258m369p258s134z', '55z66z77z123m456p7s', '6z789m147p369s123z', '7z789m258p147s124z'],
      draws: '1p9p8s9s7s',
    }], { round: 0, honba: 2, kyotaku: 0, scores: [25000, 25000, 25000, 25000] });
    const ponAndCut = (from: number, dragon: string, cut: string) => {
      ok(g, from, idx(dragon));
      ok(g, 1, 43);
      ok(g, 1, idx(cut));
      passAll(g);
    };
    ponAndCut(0, '5z', '1m');
    ponAndCut(2, '6z', '2m');
    discard(g, 2, '8s');
    ponAndCut(3, '7z', '3m');
    expect(g.kyoku.players[1]!.pao).toBe(3);
    ok(g, 2, idx('7s'));
    expect(g.validActions(1)).toContain(49);
    ok(g, 1, 49);
    const win = g.kyoku.result!.events[0]!;
    expect(win).toMatchObject({ t: 'agari', who: 1, fromWho: 2, paoWho: 3, points: 32000, deltas: [0, 32600, -16000, -16600] });
  });
});
