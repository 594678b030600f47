import { describe, expect, it } from 'bun:test';
import { scoreHand, winInputFromNotation, type NotationWin, type ScoreResult } from '../../../src/engine/rules';

function score(n: Partial<NotationWin> & { hand: string }): ScoreResult {
  const r = scoreHand(winInputFromNotation({ tsumo: false, seatWind: 1, roundWind: 0, ...n }));
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
const ids = (r: ScoreResult): number[] => r.yaku.map((y) => y.id).sort((a, b) => a - b);

describe('yakuman (Tenhou: stacked, never doubled)', () => {
  const cases: [string, Partial<NotationWin> & { hand: string }, number[], number][] = [
    ['kokushi 13-wait is id 48 and a single yakuman', { hand: '19m19p19s1234567z', win: '1m' }, [48], 32000],
    ['kokushi with a single wait is id 47', { hand: '119m19p19s123456z', win: '7z' }, [47], 32000],
    ['junsei chuuren (nine-sided wait) is id 46, not doubled', { hand: '1112345678999m', win: '5m' }, [46], 32000],
    ['chuuren whose extra tile is not the winning tile is id 45', { hand: '11123455678999m', win: '1m' }, [45], 32000],
    ['suuankou tanki tsumo is id 41, not doubled', { hand: '111m222p333s444z5z5z', tsumo: true }, [41], 32000],
    ['suuankou by tsumo on a shanpon is id 40', { hand: '111m222p333s44z55z5z', tsumo: true }, [40], 32000],
    ['daisangen and tsuuiisou stack to two yakuman', { hand: '555z666z777z111z22z', win: '5z' }, [39, 42], 64000],
    ['daisuushii is a single yakuman', { hand: '111z222z333z444z5m5m', win: '1z' }, [49], 32000],
    ['shousuushii', { hand: '111z222z333z44z123m' }, [50], 32000],
    ['ryuuiisou without hatsu allowed, with hatsu here', { hand: '223344s666s888s66z' }, [43], 32000],
    ['chinroutou', { hand: '111m999m111p999p11s', win: '9p' }, [44], 32000],
    ['suukantsu', { hand: '5z5z', melds: 'ankan:1111m,minkan:2222p,minkan:3333s,kakan:4444m' }, [51], 32000],
    ['tenhou (dealer) is 48000', { hand: '234m567p22p45678s3s', seatWind: 0, tsumo: true, tenhou: true }, [37], 48000],
    ['chiihou', { hand: '234m567p22p45678s3s', tsumo: true, chiihou: true }, [38], 32000],
  ];
  for (const [name, input, want, points] of cases) {
    it(name, () => {
      const r = score(input);
      expect({ yaku: ids(r), points: r.points.base, limit: r.limit, yakuman: r.yakuman }).toEqual({ yaku: want, points, limit: 'yakuman', yakuman: want.length });
    });
  }

  it('four concealed pungs won by ron on a shanpon are sanankou + toitoi, not suuankou', () => {
    const r = score({ hand: '111m222p333s44z55z5z' });
    expect(ids(r)).toEqual([18, 28, 29]);
    expect(r.yakuman).toBe(0);
  });

  it('four concealed pungs with a tanki wait stack suuankou tanki on other yakuman', () => {
    expect(ids(score({ hand: '555z666z777z111z22z' }))).toEqual([39, 41, 42]);
  });

  it('pao: the liable player pays the whole tsumo', () => {
    const r = score({ hand: '123m44m', melds: 'pon:555z,pon:666z,pon:777z', tsumo: true, paoFrom: 2, win: '4m' });
    expect(r.points.deltas).toEqual([32000, 0, -32000, 0]);
  });

  it('pao on ron: the liable player and the discarder split it', () => {
    const r = score({ hand: '123m44m', melds: 'pon:555z,pon:666z,pon:777z', paoFrom: 2, discarder: 1, win: '4m' });
    expect(r.points.deltas).toEqual([32000, -16000, -16000, 0]);
  });
});
