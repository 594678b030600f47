import { describe, expect, it } from 'bun:test';
import { scoreHand, winInputFromNotation, type NotationWin, type ScoreResult } from '../../../src/engine/rules';

/** Score from notation; seat South, round East, no dora unless given. */
function score(n: Partial<NotationWin> & { hand: string }): ScoreResult {
  const r = scoreHand(winInputFromNotation({ tsumo: false, seatWind: 1, roundWind: 0, ...n }));
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}
const ids = (r: ScoreResult): number[] => r.yaku.map((y) => y.id).sort((a, b) => a - b);

interface Case { name: string; input: Partial<NotationWin> & { hand: string }; yaku: number[]; han: number; fu: number; points: number; limit?: string }

// points = Payments.base: ron total, or the tsumo total (without honba/sticks), as Tenhou logs it.
const CASES: Case[] = [
  { name: 'pinfu tsumo is 20 fu with menzen tsumo and tanyao', input: { hand: '234m567p22p45678s3s', tsumo: true }, yaku: [0, 7, 8], han: 3, fu: 20, points: 2700 },
  { name: 'pinfu ron is 30 fu', input: { hand: '234m567p22p45678s3s' }, yaku: [7, 8], han: 2, fu: 30, points: 2000 },
  { name: 'pinfu chosen over a penchan reading of the same tiles', input: { hand: '12345m678p456s99p3m' }, yaku: [7], han: 1, fu: 30, points: 1000 },
  { name: 'pinfu chosen over a kanchan reading (23345m + 4m: 234+345)', input: { hand: '23345m678p456s99p', win: '4m' }, yaku: [7], han: 1, fu: 30, points: 1000 },
  { name: 'shanpon ron: the ronned pung is open, no sanankou', input: { hand: '111m222p456s77p33s3s', riichi: true }, yaku: [1, 53], han: 1, fu: 50, points: 1600 },
  { name: 'shanpon ron on the other pair keeps sanankou', input: { hand: '111m222p333s456s7p7p', win: '7p', riichi: true }, yaku: [1, 29, 53], han: 3, fu: 50, points: 6400 },
  { name: 'shanpon tsumo: sanankou, 4 han 40 fu is mangan', input: { hand: '111m222p456s77p33s3s', riichi: true, tsumo: true }, yaku: [0, 1, 29, 53], han: 4, fu: 40, points: 8000, limit: 'mangan' },
  { name: 'chankan with pinfu and tanyao', input: { hand: '234m567p22p45678s3s', chankan: true }, yaku: [3, 7, 8], han: 3, fu: 30, points: 3900 },
  { name: 'rinshan after a daiminkan keeps the tsumo 2 fu', input: { hand: '234p22s56678s4s', melds: 'minkan:6666m', tsumo: true, rinshan: true }, yaku: [4, 8], han: 2, fu: 30, points: 2000 },
  { name: 'open honitsu and ittsu lose a han each', input: { hand: '456m78m444z55m9m', melds: 'chi:123m' }, yaku: [24, 34], han: 3, fu: 30, points: 3900 },
  { name: 'closed honitsu and ittsu at full value', input: { hand: '123456m78m444z55m9m' }, yaku: [24, 34], han: 5, fu: 40, points: 8000, limit: 'mangan' },
  { name: 'kuitan: open tanyao, open pinfu shape raised to 30 fu', input: { hand: '567p678s88p45s3s', melds: 'chi:234m' }, yaku: [8], han: 1, fu: 30, points: 1000 },
  { name: 'open tsumo with no fu is 30 (22 rounded up)', input: { hand: '567p678s88p45s3s', melds: 'chi:234m', tsumo: true }, yaku: [8], han: 1, fu: 30, points: 1100 },
  { name: 'chiitoitsu is 25 fu', input: { hand: '1122m3344p5566s7z7z', riichi: true }, yaku: [1, 22, 53], han: 3, fu: 25, points: 3200 },
  { name: 'ryanpeikou beats the chiitoitsu reading', input: { hand: '223344m667788p8s8s' }, yaku: [8, 32], han: 4, fu: 40, points: 8000, limit: 'mangan' },
  { name: '110 fu: two honor/terminal ankan, a terminal daiminkan, tanki (open)', input: { hand: '567s3z3z', melds: 'ankan:4444z,ankan:1111s,minkan:9999p' }, yaku: [27], han: 2, fu: 110, points: 7100 },
  { name: '110 fu dealer ron', input: { hand: '567s3z3z', melds: 'ankan:4444z,ankan:1111s,minkan:9999p', seatWind: 0 }, yaku: [27], han: 2, fu: 110, points: 10600 },
  { name: 'kazoe yakuman at 13 han', input: { hand: '123456789p23p55p4p', tsumo: true, riichi: true, dora: '1p' }, yaku: [0, 1, 7, 24, 35, 52, 53], han: 13, fu: 20, points: 32000, limit: 'kazoe yakuman' },
  { name: 'double wind pung: seat and round East both count, dealer', input: { hand: '111z234m567p789s5s5s', seatWind: 0 }, yaku: [10, 14], han: 2, fu: 40, points: 3900 },
  { name: 'double riichi replaces riichi; ippatsu', input: { hand: '234m567p22p45678s3s', doubleRiichi: true, ippatsu: true }, yaku: [2, 7, 8, 21, 53], han: 5, fu: 30, points: 8000, limit: 'mangan' },
  { name: 'haitei tsumo', input: { hand: '567p678s88p45s3s', melds: 'chi:234m', tsumo: true, haitei: true }, yaku: [5, 8], han: 2, fu: 30, points: 2000 },
  { name: 'houtei ron', input: { hand: '567p678s88p45s3s', melds: 'chi:234m', houtei: true }, yaku: [6, 8], han: 2, fu: 30, points: 2000 },
  { name: 'shousangen with two dragon pungs', input: { hand: '123m456m666z777z5z5z', win: '5z' }, yaku: [19, 20, 30, 34], han: 7, fu: 50, points: 12000, limit: 'haneman' },
  { name: 'sanshoku doukou and toitoi', input: { hand: '222m222p88s99s9s', melds: 'pon:222s' }, yaku: [26, 28], han: 4, fu: 40, points: 8000, limit: 'mangan' },
  { name: 'chanta with an honor', input: { hand: '123m789p789s11z99m9m', seatWind: 2 }, yaku: [23], han: 2, fu: 40, points: 2600 },
  { name: 'junchan and sanshoku', input: { hand: '123m123p123s789m9p9p' }, yaku: [25, 33], han: 5, fu: 40, points: 8000, limit: 'mangan' },
  { name: 'iipeikou with pinfu', input: { hand: '12233m456p789s55p', win: '1m' }, yaku: [7, 9], han: 2, fu: 30, points: 2000 },
  { name: 'honroutou, toitoi and sanankou (one pon)', input: { hand: '111m999p444z3z3z', melds: 'pon:999s' }, yaku: [28, 29, 31], han: 6, fu: 50, points: 12000, limit: 'haneman' },
  { name: 'round wind South pung in the South round', input: { hand: '222z123m456p789s5s5s', seatWind: 2, roundWind: 1 }, yaku: [15], han: 1, fu: 40, points: 1300 },
  { name: 'seat wind West pung', input: { hand: '333z123m456p789s5s5s', seatWind: 2, roundWind: 1 }, yaku: [12], han: 1, fu: 40, points: 1300 },
  { name: 'haku pung, open', input: { hand: '123m456p789s5s5s', melds: 'pon:555z' }, yaku: [18], han: 1, fu: 30, points: 1000 },
  { name: 'menzen tsumo alone', input: { hand: '123m456p789s13s5z5z', win: '2s', tsumo: true }, yaku: [0], han: 1, fu: 30, points: 1100 },
  { name: 'open junchan (2) and open sanshoku (1), tanki 30 fu', input: { hand: '123p123s789m9p9p', melds: 'chi:123m' }, yaku: [25, 33], han: 3, fu: 30, points: 3900 },
  { name: 'open chinitsu (5) with open ittsu (1) is haneman', input: { hand: '456p789p22p34p', win: '5p', melds: 'chi:123p' }, yaku: [24, 35], han: 6, fu: 30, points: 12000, limit: 'haneman' },
  { name: 'open chanta is 1 han', input: { hand: '789s11z123p99m9m', melds: 'chi:123m', seatWind: 0 }, yaku: [23], han: 1, fu: 30, points: 1500 },
  { name: 'iipeikou is lost when open', input: { hand: '223344m55p67s8s', melds: 'chi:678p' }, yaku: [8], han: 1, fu: 30, points: 1000 },
  { name: 'red fives and dora count after a yaku', input: { hand: '234m406p22p45678s3s', dora: '1m' }, yaku: [7, 8, 52, 54], han: 4, fu: 30, points: 7700 },
];

describe('scoring table of well-known hands', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const r = score(c.input);
      expect({ yaku: ids(r), han: r.han, fu: r.fu, points: r.points.base, limit: r.limit as string }).toEqual({ yaku: c.yaku, han: c.han, fu: c.fu, points: c.points, limit: c.limit ?? '' });
    });
  }
});
