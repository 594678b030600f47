/**
 * tenhou.net/6 tile numbers: 11–19 man, 21–29 pin, 31–39 sou, 41–47 E S W N haku hatsu chun,
 * 51/52/53 the red 5m/5p/5s; 60 in a discard list means "the tile just drawn" (tsumogiri).
 */
import { isRedId } from '../mjai/tiles';
import type { TileRef } from '../tile-ids';

export const TSUMOGIRI = 60;

export function t6OfId(id: number): number {
  if (isRedId(id)) return 51 + (id >> 2 === 4 ? 0 : id >> 2 === 13 ? 1 : 2);
  const kind = id >> 2;
  return kind >= 27 ? 41 + kind - 27 : (Math.floor(kind / 9) + 1) * 10 + (kind % 9) + 1;
}

export function tileOfT6(n: unknown): TileRef | null {
  if (typeof n !== 'number' || !Number.isInteger(n)) return null;
  if (n >= 51 && n <= 53) return { kind: 4 + 9 * (n - 51), red: true };
  const suit = Math.floor(n / 10);
  const d = n % 10;
  if (suit >= 1 && suit <= 3 && d >= 1) return { kind: (suit - 1) * 9 + d - 1, red: false };
  if (suit === 4 && d >= 1 && d <= 7) return { kind: 27 + d - 1, red: false };
  return null;
}

/** Japanese yaku names as tenhou.net/6 writes them, by Tenhou yaku id 0–54. */
export const T6_YAKU: readonly string[] = [
  '門前清自摸和', '立直', '一発', '槍槓', '嶺上開花', '海底摸月', '河底撈魚', '平和', '断幺九', '一盃口',
  '自風 東', '自風 南', '自風 西', '自風 北', '場風 東', '場風 南', '場風 西', '場風 北', '役牌 白', '役牌 發',
  '役牌 中', '両立直', '七対子', '混全帯幺九', '一気通貫', '三色同順', '三色同刻', '三槓子', '対々和', '三暗刻',
  '小三元', '混老頭', '二盃口', '純全帯幺九', '混一色', '清一色', '人和', '天和', '地和', '大三元',
  '四暗刻', '四暗刻単騎', '字一色', '緑一色', '清老頭', '九蓮宝燈', '純正九蓮宝燈', '国士無双', '国士無双１３面', '大四喜',
  '小四喜', '四槓子', 'ドラ', '裏ドラ', '赤ドラ',
];

/** Result names: exhaustive draws and aborts. */
export const T6_DRAWS: Record<string, import('../../engine/paipu/types').RyuukyokuKind> = {
  流局: 'exhaustive', 全員聴牌: 'exhaustive', 全員不聴: 'exhaustive', 流し満貫: 'nm', 九種九牌: 'yao9',
  四家立直: 'reach4', 三家和了: 'ron3', 四槓散了: 'kan4', 四風連打: 'kaze4',
};
export const T6_DRAW_NAME: Record<string, string> = {
  exhaustive: '流局', nm: '流し満貫', yao9: '九種九牌', reach4: '四家立直', ron3: '三家和了', kan4: '四槓散了', kaze4: '四風連打',
};
export const T6_LIMITS = ['', '満貫', '跳満', '倍満', '三倍満', '役満'] as const;
