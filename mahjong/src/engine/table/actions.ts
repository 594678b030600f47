/**
 * The 54 action indices (mahjong/README.md, Actions): 0–33 discard, 34–36 discard a red five,
 * 37/38/39 chi with the called tile lowest/middle/highest, 40–42 the same using a red five,
 * 43 pon, 44 pon using a red five, 45 ankan, 46 daiminkan, 47 kakan, 48 riichi confirm, 49 ron,
 * 50 tsumo, 51 nine-terminals draw, 52 riichi cancel, 53 skip.
 */
import { isRed, redFiveIndex } from '../tiles';
export const ACTION_COUNT = 54;
export const A = {
  RED_DISCARD: 34,
  CHI_LOW: 37, CHI_MID: 38, CHI_HIGH: 39, CHI_LOW_RED: 40, CHI_MID_RED: 41, CHI_HIGH_RED: 42,
  PON: 43, PON_RED: 44, ANKAN: 45, DAIMINKAN: 46, KAKAN: 47,
  RIICHI: 48, RON: 49, TSUMO: 50, KYUUSHU: 51, RIICHI_CANCEL: 52, SKIP: 53,
} as const;

/** The discard index of a physical tile: its kind, or 34–36 for a red five. */
export function discardIndex(id: number): number {
  return isRed(id) ? 34 + redFiveIndex(id) : id >> 2;
}

const RED_FIVE_KINDS = [4, 13, 22];

/** The kind a discard action (0–36) throws: itself, or 5m/5p/5s for a red five (34–36). */
export const kindOfDiscard = (action: number): number => (action < 34 ? action : RED_FIVE_KINDS[action - 34]!);

const NAMES: Record<number, string> = {
  37: 'chi (called lowest)', 38: 'chi (called middle)', 39: 'chi (called highest)',
  40: 'chi with red five (called lowest)', 41: 'chi with red five (called middle)', 42: 'chi with red five (called highest)',
  43: 'pon', 44: 'pon with red five', 45: 'ankan', 46: 'daiminkan', 47: 'kakan', 48: 'riichi',
  49: 'ron', 50: 'tsumo', 51: 'nine terminals', 52: 'riichi cancel', 53: 'skip',
};

export function actionName(a: number): string {
  if (a < 34) return `discard ${a}`;
  if (a < 37) return `discard red five ${a - 34}`;
  return NAMES[a] ?? `action ${a}`;
}

function phaseName(phase: number): string {
  if (phase < 4) return `P${phase}_ACTION`;
  if (phase < 8) return `P${phase - 4}_RESPONSE`;
  if (phase < 12) return `P${phase - 8}_CHANKAN`;
  if (phase < 16) return `P${phase - 12}_CHANANKAN`;
  return 'HAND_OVER';
}
// Built once: every state view names its phase.
const NAMES_OF_PHASES = Array.from({ length: 17 }, (_, p) => phaseName(p));

export const PHASE_NAMES = (phase: number): string => NAMES_OF_PHASES[phase] ?? phaseName(phase);
