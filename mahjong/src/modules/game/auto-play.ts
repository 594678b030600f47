/**
 * Decisions the server takes for the human seat (human_ai), so that they happen however slow or
 * disconnected the page is:
 *
 * - always: in riichi, the drawn tile is discarded when that is the only move (no tsumo, no kan);
 * - `win` (auto-win): tsumo and ron are declared as soon as they are offered;
 * - `no_calls`: offers to chi, pon or kan another seat's tile are skipped (a ron is still asked);
 * - `pass` (auto-pass): every turn discards the drawn tile and every call offer is skipped, riichi
 *   and kans included — the seat plays itself while its player is away (a ron or tsumo is still
 *   asked unless auto-win is on too).
 */
import { t } from 'elysia';
import { discardIndex } from '../../engine/table/actions';

export const AutoSettings = t.Object({
  win: t.Boolean({ description: 'declare tsumo and ron as soon as they are offered' }),
  no_calls: t.Boolean({ description: 'skip every chi, pon and kan offered on another seat\'s tile' }),
  pass: t.Boolean({ description: 'discard each drawn tile and skip every call (riichi and kans too); wins are still asked unless win is on' }),
});
export type AutoSettings = typeof AutoSettings.static;
export const NO_AUTO: AutoSettings = { win: false, no_calls: false, pass: false };

const TSUMO = 50, RON = 49, SKIP = 53, NINE_TERMINALS = 51;
const isDiscard = (a: number) => a <= 36;
const isCallOnDiscard = (a: number) => (a >= 37 && a <= 44) || a === 46;

/** What the automatic play needs of the seat's state view. */
export interface AutoView {
  phase: number;
  valid_actions: number[];
  riichi_stage2: boolean;
  players: { seat: number; riichi: boolean; drawn: number | null }[];
}

/** The action to take for `seat` without asking, or null when its player must choose. */
export function autoAction(view: AutoView, seat: number, auto: AutoSettings): number | null {
  const valid = view.valid_actions;
  if (!valid.length || view.riichi_stage2) return null;
  if (auto.win) {
    if (valid.includes(TSUMO)) return TSUMO;
    if (valid.includes(RON)) return RON;
  }
  const me = view.players[seat];
  if (!me) return null;
  if (view.phase === seat) {
    // Our own turn: the drawn tile is what a forced (riichi) or chosen (auto-pass) tsumogiri cuts.
    const wins = valid.includes(TSUMO);
    if (me.drawn === null || wins) return null;
    const cut = discardIndex(me.drawn);
    if (!valid.includes(cut)) return null;
    if (me.riichi && valid.every((a) => isDiscard(a))) return cut;
    if (auto.pass && valid.every((a) => isDiscard(a) || a === NINE_TERMINALS || (a >= 45 && a <= 48))) return cut;
    return null;
  }
  // Answering another seat's tile: skip when every offer is a call we do not want.
  if (!valid.includes(SKIP) || valid.includes(RON)) return null;
  if ((auto.no_calls || auto.pass) && valid.every((a) => a === SKIP || isCallOnDiscard(a))) return SKIP;
  return null;
}
