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
