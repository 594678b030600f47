/**
 * Every yaku Tenhou awards, in id order, and the evaluation of one reading.
 */
import type { YakuEntry } from '../scoring/types';
import type { HandContext, Yaku } from './types';
import { chankan } from './chankan';
import { chanta } from './chanta';
import { junchan } from './junchan';
import { chiitoitsu } from './chiitoitsu';
import { chinroutou } from './chinroutou';
import { chuuren } from './chuuren';
import { junseiChuuren } from './junsei-chuuren';
import { daisangen } from './daisangen';
import { doubleRiichi } from './double-riichi';
import { haitei } from './haitei';
import { chinitsu } from './chinitsu';
import { honitsu } from './honitsu';
import { honroutou } from './honroutou';
import { houtei } from './houtei';
import { ippatsu } from './ippatsu';
import { ittsu } from './ittsu';
import { kokushi } from './kokushi';
import { kokushi13 } from './kokushi13';
import { menzenTsumo } from './menzen-tsumo';
import { iipeikou } from './iipeikou';
import { ryanpeikou } from './ryanpeikou';
import { pinfu } from './pinfu';
import { riichi } from './riichi';
import { rinshan } from './rinshan';
import { ryuuiisou } from './ryuuiisou';
import { sanankou } from './sanankou';
import { sankantsu } from './sankantsu';
import { sanshokuDoujun } from './sanshoku-doujun';
import { sanshokuDoukou } from './sanshoku-doukou';
import { shousangen } from './shousangen';
import { daisuushii } from './daisuushii';
import { shousuushii } from './shousuushii';
import { suuankou } from './suuankou';
import { suuankouTanki } from './suuankou-tanki';
import { suukantsu } from './suukantsu';
import { tanyao } from './tanyao';
import { chiihou } from './chiihou';
import { tenhou } from './tenhou';
import { toitoi } from './toitoi';
import { tsuuiisou } from './tsuuiisou';
import { seatWinds } from './seat-wind';
import { roundWinds } from './round-wind';
import { haku } from './haku';
import { hatsu } from './hatsu';
import { chun } from './chun';

export type { HandContext, ScoredSet, Yaku } from './types';

export const ALL_YAKU: readonly Yaku[] = [
  menzenTsumo, riichi, ippatsu, chankan, rinshan, haitei, houtei, pinfu, tanyao, iipeikou,
  ...seatWinds, ...roundWinds, haku, hatsu, chun, doubleRiichi, chiitoitsu, chanta, ittsu, sanshokuDoujun,
  sanshokuDoukou, sankantsu, toitoi, sanankou, shousangen, honroutou, ryanpeikou, junchan, honitsu,
  chinitsu, tenhou, chiihou, daisangen, suuankou, suuankouTanki, tsuuiisou, ryuuiisou, chinroutou,
  chuuren, junseiChuuren, kokushi, kokushi13, daisuushii, shousuushii, suukantsu,
];

export const YAKU_BY_ID: ReadonlyMap<number, Yaku> = new Map(ALL_YAKU.map((y) => [y.id, y]));

/** Names of the dora entries Tenhou lists as yaku. */
export const DORA_NAMES: Record<52 | 53 | 54, string> = { 52: 'dora', 53: 'ura dora', 54: 'aka dora' };

/**
 * Yaku of one reading. If any yakuman applies, only yakuman count (13 han each, stacked);
 * otherwise the han of every normal yaku (open hands use `hanOpen`, 0 = not allowed open).
 */
// The two passes below in ALL_YAKU's order, split once (every candidate win is scored).
const YAKUMAN_LIST: readonly Yaku[] = ALL_YAKU.filter((y) => y.yakuman);
const NORMAL_LIST: readonly Yaku[] = ALL_YAKU.filter((y) => !y.yakuman);

export function evaluateYaku(h: HandContext): { yaku: YakuEntry[]; han: number; yakuman: number } {
  let yakuman: YakuEntry[] | null = null;
  for (let i = 0; i < YAKUMAN_LIST.length; i++) {
    const y = YAKUMAN_LIST[i]!;
    if ((h.closed || y.hanOpen > 0) && y.test(h)) (yakuman ??= []).push({ id: y.id, name: y.name, han: 13 });
  }
  if (yakuman) return { yaku: yakuman, han: 13 * yakuman.length, yakuman: yakuman.length };
  const yaku: YakuEntry[] = [];
  let han = 0;
  for (let i = 0; i < NORMAL_LIST.length; i++) {
    const y = NORMAL_LIST[i]!;
    const value = h.closed ? y.hanClosed : y.hanOpen;
    if (value > 0 && y.test(h)) {
      yaku.push({ id: y.id, name: y.name, han: value });
      han += value;
    }
  }
  return { yaku, han, yakuman: 0 };
}
