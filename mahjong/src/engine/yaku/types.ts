import type { HandForm } from '../hand/decompose';
import type { TileKind } from '../tiles';
import type { WaitShape, WinFlags } from '../scoring/types';

/** A set of the full hand (called melds included). `kind` is the lowest tile. */
export interface ScoredSet {
  type: 'chow' | 'pung' | 'kan' | 'pair';
  kind: TileKind;
  /** Called from another player (chi, pon, daiminkan, kakan). */
  open: boolean;
  /** Counts as concealed for ankou and fu: not called and not completed by ron. */
  concealed: boolean;
}

/** One reading of a winning hand, as yaku and fu see it. */
export interface HandContext extends WinFlags {
  form: HandForm;
  sets: ScoredSet[];
  wait: WaitShape;
  winKind: TileKind;
  tsumo: boolean;
  /** No called melds (an ankan keeps the hand closed). */
  closed: boolean;
  seatWind: TileKind;
  roundWind: TileKind;
  dealer: boolean;
  /** Every tile of the hand by kind (kans counted 4 times). */
  counts: number[];
  /** Concealed tiles (win tile included) by kind; for chuuren. */
  concealedCounts: number[];
}

/**
 * One yaku. `hanOpen` 0 = only with a closed hand. Yakuman have `yakuman: true` and count 13 han
 * each (stacked, never doubled: Tenhou has no double yakuman).
 */
export interface Yaku {
  /** Tenhou yaku id. */
  id: number;
  name: string;
  hanClosed: number;
  hanOpen: number;
  yakuman?: boolean;
  test(h: HandContext): boolean;
}
