import { describe, expect, it } from 'bun:test';
import { handResultView } from '../../src/engine/game';
import type { AgariEvent, RyuukyokuEvent } from '../../src/engine/paipu';

const summariseHand = (r: { type?: string; deltas: number[]; events: object[] }) => handResultView({ ...r, events: r.events as (AgariEvent | RyuukyokuEvent)[], renchan: false });

describe('hand summaries', () => {
  it.each([['yao9', 'nine terminals'], ['kaze4', 'four winds'], ['exhaustive', 'exhaustive draw'], ['nm', 'nagashi mangan']])(
    'names the %s draw in words', (kind, name) => {
      const r = summariseHand({ type: 'ryuukyoku', deltas: [0, 0, 0, 0], events: [{ t: 'ryuukyoku', kind, honba: 0, kyotaku: 0, scores: [25000, 25000, 25000, 25000], deltas: [0, 0, 0, 0], hands: [null, null, null, null] }] });
      expect(r).toMatchObject({ type: 'ryuukyoku', kind, kind_name: name, wins: [], deltas: [0, 0, 0, 0] });
    });

  it('lists the tenpai seats of an exhaustive draw, and none for a draw that shows no tenpai', () => {
    const draw = (kind: string, hands: (number[] | null)[], deltas: number[]) => summariseHand({ type: 'ryuukyoku', deltas, events: [{ t: 'ryuukyoku', kind, honba: 0, kyotaku: 0, scores: [25000, 25000, 25000, 25000], deltas, hands }] });
    expect(draw('exhaustive', [null, [1, 2, 3], null, [4, 5, 6]], [-1500, 1500, -1500, 1500])!.tenpai).toEqual([1, 3]);
    expect(draw('exhaustive', [null, null, null, null], [0, 0, 0, 0])!.tenpai).toEqual([]);
    expect(draw('yao9', [[1, 2, 3], null, null, null], [0, 0, 0, 0])).not.toHaveProperty('tenpai');
  });

  it('names the yaku of a win and drops zero-han entries', () => {
    const r = summariseHand({
      type: 'agari', deltas: [0, 0, 3900, -3900], events: [{
        t: 'agari', who: 2, fromWho: 3, paoWho: null, honba: 0, kyotaku: 0, hand: [], melds: [], machi: 0, fu: 30, points: 3900, limit: 0,
        yaku: [{ id: 1, han: 1 }, { id: 7, han: 1 }, { id: 52, han: 1 }, { id: 53, han: 0 }], yakuman: [], doraIndicators: [], uraIndicators: [],
        scores: [25000, 25000, 25000, 25000], deltas: [0, 0, 3900, -3900],
      }],
    });
    expect(r!.wins[0]!.yaku.map((y) => y.name)).toEqual(['Riichi', 'Pinfu', 'Dora']);
    expect(r!.wins[0]!.han).toBe(3);
  });
});

describe('payment split of a win', () => {
  const agari = (over: Record<string, unknown>) => ({
    t: 'agari' as const, who: 1, fromWho: 1, paoWho: null, honba: 0, kyotaku: 0, hand: [], melds: [], machi: 0, fu: 30, points: 7900, limit: 0,
    yaku: [{ id: 1, han: 1 }, { id: 0, han: 1 }, { id: 52, han: 2 }], yakuman: [], doraIndicators: [5], uraIndicators: [9],
    scores: [25000, 25000, 25000, 25000], deltas: [0, 0, 0, 0], ...over,
  });
  const summary = (ev: ReturnType<typeof agari>, oya = 0) => handResultView({ deltas: ev.deltas, events: [ev], renchan: false }, oya);

  it('splits a non-dealer tsumo as non-dealer/dealer (2000/3900) with the honba and sticks apart', () => {
    // 30 fu 4 han: 2000 from each non-dealer, 3900 from the dealer; 1 honba = 100 each; 2 sticks.
    const ev = agari({ honba: 1, kyotaku: 2, deltas: [-4000, 10200, -2100, -2100] });
    const r = summary(ev);
    expect(r.wins[0]!.payment).toEqual({ kind: 'tsumo', dealer: 3900, non_dealer: 2000, honba: 300, sticks: 2000, received: 10200, pao: null });
    expect(r.wins[0]).toMatchObject({ tsumo: true, dealer: false, han: 4, fu: 30, dora: [5], ura: [9], honba: 1, kyotaku: 2 });
    expect(r).toMatchObject({ honba: 1, kyotaku: 2, scores_before: [25000, 25000, 25000, 25000], scores_after: [21000, 35200, 22900, 22900] });
  });

  it('says a dealer tsumo is paid "all" by each, and a ron by the discarder', () => {
    expect(summary(agari({ who: 0, fromWho: 0, points: 11700, deltas: [11700, -3900, -3900, -3900] })).wins[0]!.payment)
      .toMatchObject({ kind: 'tsumo_dealer', all: 3900, honba: 0, received: 11700 });
    expect(summary(agari({ who: 2, fromWho: 3, fu: 40, points: 8000, honba: 2, deltas: [0, 0, 8600, -8600] })).wins[0]!.payment)
      .toEqual({ kind: 'ron', ron: 8000, honba: 600, sticks: 0, received: 8600, pao: null });
  });

  it('gives the honba and sticks of a double ron to the first winner only', () => {
    const first = agari({ who: 1, fromWho: 3, points: 7700, honba: 1, kyotaku: 1, yaku: [{ id: 1, han: 1 }, { id: 7, han: 1 }, { id: 52, han: 2 }], deltas: [0, 9000, 0, -8000] });
    const second = agari({ who: 2, fromWho: 3, points: 2000, honba: 1, kyotaku: 0, yaku: [{ id: 8, han: 2 }], deltas: [0, 0, 2000, -2000] });
    const r = handResultView({ deltas: [0, 9000, 2000, -10000], events: [first, second], renchan: false }, 0);
    expect(r.wins.map((w) => [w.payment!.ron, w.payment!.honba, w.payment!.sticks])).toEqual([[7700, 300, 1000], [2000, 0, 0]]);
    expect(r.kyotaku).toBe(1);
  });

  it('names a yakuman\'s han as 13 per yakuman and leaves the split out without the dealer\'s seat', () => {
    const ev = agari({ who: 3, fromWho: 0, fu: 40, points: 32000, limit: 5, yaku: [], yakuman: [39], deltas: [-32000, 0, 0, 32000] });
    const win = handResultView({ deltas: ev.deltas, events: [ev], renchan: false }).wins[0]!;
    expect(win).toMatchObject({ han: 13, yakuman: true, limit_name: 'yakuman' });
    expect(win.payment).toBeUndefined();
    expect(summary(ev, 0).wins[0]!.payment).toMatchObject({ kind: 'ron', ron: 32000, received: 32000 });
  });
});
