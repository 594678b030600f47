/** Words the pages show for a hand's result: yaku, limit hands, kinds of draw. */

/** Tenhou's yaku ids 0–54 (mahjong/test/fixtures/data/mjlog/FORMAT.md, "Yaku ids") → names shown to users. */
export const YAKU_NAMES: readonly string[] = [
  'Menzen tsumo', 'Riichi', 'Ippatsu', 'Chankan', 'Rinshan kaihou', 'Haitei', 'Houtei', 'Pinfu',
  'Tanyao', 'Iipeikou', 'Seat wind East', 'Seat wind South', 'Seat wind West', 'Seat wind North',
  'Round wind East', 'Round wind South', 'Round wind West', 'Round wind North', 'Haku', 'Hatsu',
  'Chun', 'Double riichi', 'Chiitoitsu', 'Chanta', 'Ittsu', 'Sanshoku doujun', 'Sanshoku doukou',
  'Sankantsu', 'Toitoi', 'Sanankou', 'Shousangen', 'Honroutou', 'Ryanpeikou', 'Junchan', 'Honitsu',
  'Chinitsu', 'Renhou', 'Tenhou', 'Chiihou', 'Daisangen', 'Suuankou', 'Suuankou tanki', 'Tsuuiisou',
  'Ryuuiisou', 'Chinroutou', 'Chuuren poutou', 'Junsei chuuren poutou', 'Kokushi musou',
  'Kokushi musou 13-wait', 'Daisuushii', 'Shousuushii', 'Suukantsu', 'Dora', 'Ura dora', 'Red five',
];

export const yakuDisplayName = (id: number): string => YAKU_NAMES[id] ?? `yaku ${id}`;

export const RYUUKYOKU_TEXT: Record<string, string> = {
  exhaustive: 'exhaustive draw', yao9: 'nine terminals', reach4: 'four riichi', ron3: 'three rons',
  kan4: 'four kans', kaze4: 'four winds', nm: 'nagashi mangan',
};

/** By AgariEvent.limit: 0 none … 5 yakuman. */
export const LIMIT_TEXT = ['', 'mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman'];
