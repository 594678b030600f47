import type { TileId } from '../tiles';

export type MeldType = 'chi' | 'pon' | 'minkan' | 'ankan' | 'kakan';

/**
 * A called or declared set. `tiles` are the 136-ids of all its tiles (3, or 4 for kans).
 * `called` is the id taken from another player (absent for ankan). `from` is the seat the tile
 * came from relative to the owner: 1 = right (shimocha), 2 = across, 3 = left (kamicha), 0 = self
 * (ankan). For kakan, `from` is the source of the original pon.
 */
export interface Meld {
  type: MeldType;
  tiles: TileId[];
  called?: TileId;
  from?: 0 | 1 | 2 | 3;
}

/** The situational flags of a win, shared by the table's WinContext and the yaku's HandContext. */
export interface WinFlags {
  riichi: boolean;
  doubleRiichi: boolean;
  ippatsu: boolean;
  haitei: boolean;
  houtei: boolean;
  rinshan: boolean;
  chankan: boolean;
  tenhou: boolean;
  chiihou: boolean;
}

/** Everything needed to score one win. Winds are 0 East, 1 South, 2 West, 3 North. */
export interface WinInput {
  /** Concealed tiles INCLUDING the winning tile (as in Tenhou's AGARI `hai`), 136-ids. */
  hand: TileId[];
  melds?: Meld[];
  winTile: TileId;
  tsumo: boolean;
  seatWind: number;
  roundWind: number;
  /** The winner is the dealer (defaults to seatWind === 0). */
  dealer?: boolean;
  riichi?: boolean;
  doubleRiichi?: boolean;
  ippatsu?: boolean;
  /** Tsumo on the last tile of the live wall. */
  haitei?: boolean;
  /** Ron on the last discard. */
  houtei?: boolean;
  /** Tsumo on a replacement tile after a kan. */
  rinshan?: boolean;
  /** Ron on a tile added to a pon (kakan); for kokushi also on an ankan. */
  chankan?: boolean;
  tenhou?: boolean;
  chiihou?: boolean;
  /** Dora and ura-dora indicators as 136-ids (ura only counts with riichi). */
  doraIndicators?: TileId[];
  uraIndicators?: TileId[];
  honba?: number;
  /** Riichi sticks on the table (1,000 each, to the winner). */
  kyotaku?: number;
  /**
   * Seat (relative to the winner, 1–3) liable for pao (big three dragons / big four winds).
   * Tsumo: that seat pays everything; ron: it pays half with the discarder, plus the honba.
   */
  paoFrom?: 1 | 2 | 3;
  /** Ron: relative seat (1 right, 2 across, 3 left) of the discarder, used for `points.deltas`. */
  discarder?: 1 | 2 | 3;
  /** Red fives count as dora (default true, Tenhou ranked rules). */
  akaDora?: boolean;
}

export interface YakuEntry {
  /** Tenhou yaku id 0–54. */
  id: number;
  name: string;
  /** Han; 13 for each yakuman entry. */
  han: number;
}

export type LimitName = '' | 'mangan' | 'haneman' | 'baiman' | 'sanbaiman' | 'yakuman' | 'kazoe yakuman';

/**
 * Payments. `base` is what Tenhou logs as the hand's points (no honba, no sticks).
 * Ron: `ron` from the loser (with honba). Tsumo: `tsumoDealer` paid by the dealer when the winner
 * is not the dealer, `tsumoNonDealer` by each non-dealer (both with honba).
 * `received` is everything the winner gets (points + honba + kyotaku).
 */
export interface Payments {
  base: number;
  ron?: number;
  tsumoDealer?: number;
  tsumoNonDealer?: number;
  honbaBonus: number;
  kyotakuBonus: number;
  received: number;
  /**
   * Per relative seat (0 = winner, 1 right, 2 across, 3 left): points gained (+) or paid (−).
   * For a ron without `discarder` only the winner's entry is filled.
   */
  deltas: [number, number, number, number];
}

export interface ScoreResult {
  ok: true;
  yaku: YakuEntry[];
  han: number;
  fu: number;
  /** Number of yakuman (stacked; 0 for a normal hand; kazoe yakuman counts 1). */
  yakuman: number;
  limit: LimitName;
  /** Tenhou's limit code: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman. */
  limitCode: 0 | 1 | 2 | 3 | 4 | 5;
  points: Payments;
  /** Dora, ura and red counts (also included in `yaku` as ids 52/53/54 when relevant). */
  dora: { dora: number; ura: number; aka: number };
  /** The decomposition the score came from, in notation, e.g. ["123m","456p","77z",…]. */
  sets: string[];
  /** Wait shape of the chosen reading. */
  wait: WaitShape;
}

/** `nobetan` (a 4-tile run waiting on either end as the pair) only appears in handWaits; scoring treats it as tanki. */
export type WaitShape = 'ryanmen' | 'kanchan' | 'penchan' | 'shanpon' | 'tanki' | 'nobetan' | 'kokushi' | 'kokushi13' | 'chiitoi';

export type ScoreErrorCode = 'INVALID_HAND' | 'INVALID_FLAGS' | 'NOT_AGARI' | 'NO_YAKU';

export interface ScoreError {
  ok: false;
  code: ScoreErrorCode;
  message: string;
}
