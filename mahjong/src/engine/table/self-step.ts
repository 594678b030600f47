/**
 * The seat on turn acts: a discard (entering the riichi two-step when the tile is a riichi
 * candidate), tsumo, nine terminals, ankan or kakan. A discard opens the answers to it.
 */
import { A } from './actions';
import { executeKan } from './calls';
import type { HandState, StepResult } from './hand-state';
import { discardTo, holds, NO_KINDS, type PlayerState, removeTile } from './player';
import { settleAbort, settleWins } from './settle';
import { isRed, RED_FIVE_IDS } from '../tiles';

/** The one success value (frozen: steps run by the million in simulations). */
export const STEP_OK: StepResult = Object.freeze({ ok: true } as const);

/** `riichi`: the riichi candidates among the seat's options (`options().riichiDiscards`). */
export function selfStep(k: HandState, seat: number, action: number, tile: number | undefined, riichi: readonly number[]): StepResult {
  const p = k.players[seat]!;
  if (k.stage2) {
    discard(k, seat, k.leaveRiichiStage(), action === A.RIICHI);
    return STEP_OK;
  }
  if (action < 37) {
    const id = tile !== undefined && discardTileOk(p, action, tile) ? tile : pickDiscard(k, p, action);
    if (riichi.length > 0 && riichi.includes(action)) {
      k.enterRiichiStage(seat, id);
      return STEP_OK;
    }
    discard(k, seat, id, false);
    return STEP_OK;
  }
  if (action === A.TSUMO) { k.finish(settleWins(k, [seat], true)); return STEP_OK; }
  if (action === A.KYUUSHU) { k.finish(settleAbort(k, 'yao9', [seat])); return STEP_OK; }
  if (action === A.ANKAN || action === A.KAKAN) {
    if (!executeKan(k, seat, action, tile === undefined ? undefined : tile >> 2)) return { ok: false, code: 'ILLEGAL_ACTION' };
    return STEP_OK;
  }
  return { ok: false, code: 'ILLEGAL_ACTION' };
}

function discardTileOk(p: PlayerState, action: number, tile: number): boolean {
  return Number.isInteger(tile) && tile >= 0 && tile < 136 && holds(p, tile) && isIndexOf(action, tile);
}

/** Whether hand tile `tile` is what discard index `action` names (34–36 only the red fives). */
const isIndexOf = (action: number, tile: number): boolean =>
  action >= 34 ? tile === RED_FIVE_IDS[action - 34] : tile >> 2 === action && !isRed(tile);

/** The tile a discard index means: the drawn tile when it matches (tsumogiri), else a plain copy. */
function pickDiscard(k: HandState, p: PlayerState, action: number): number {
  if (action >= 34) return RED_FIVE_IDS[action - 34]!;
  if (k.drawn !== null && isIndexOf(action, k.drawn)) return k.drawn;
  // The highest plain copy of the kind: its four ids are four bits of one word (copy 0 of a five is the red one).
  let copies = (p.ids[action >> 3]! >>> ((action & 7) * 4)) & 15;
  if (action === 4 || action === 13 || action === 22) copies &= ~1;
  if (copies === 0) throw new Error(`invariant: no tile for discard ${action}`);
  return action * 4 + 31 - Math.clz32(copies);
}

function discard(k: HandState, seat: number, id: number, riichi: boolean): void {
  const p = k.players[seat]!;
  if (k.pendingDora > 0) k.revealPendingDora();
  if (riichi) {
    k.record({ t: 'riichi', who: seat, step: 1 });
    p.riichi = true;
    p.doubleRiichi = k.firstTurn(seat);
    k.declareRiichi(seat);
  }
  const tsumogiri = id === k.drawn && !k.afterCall;
  // A discard of the drawn kind leaves the same counts the seat held before its draw: the waits
  // cached for them (and their shanten) still hold, so they are not searched again.
  const waits = k.drawn !== null && id >> 2 === k.drawn >> 2 ? p.waits : null;
  removeTile(p, id);
  if (waits !== null) p.waits = waits;
  discardTo(p, id, tsumogiri, riichi);
  p.ippatsu = false;
  if (p.forbidden.length > 0) p.forbidden = NO_KINDS;
  const kind = id >> 2;
  if (p.nagashi && kind < 27 && kind % 9 !== 0 && kind % 9 !== 8) p.nagashi = false;
  k.afterDiscard();
  k.recordDiscard(seat, id, tsumogiri);
  if (isFourWinds(k)) { k.finish(settleAbort(k, 'kaze4', [])); return; }
  k.openDiscard(id, seat);
}

/** Tenhou: the same wind as all four first discards, with no call before, aborts the hand. */
function isFourWinds(k: HandState): boolean {
  if (!k.noCalls || k.discards !== 4) return false;
  const ps = k.players;
  const kind = (ps[0]!.riverCodes[0]! & 0xff) >> 2;
  if (kind < 27 || kind > 30) return false;
  for (let s = 1; s < 4; s++) if (ps[s]!.riverCodes.length === 0 || (ps[s]!.riverCodes[0]! & 0xff) >> 2 !== kind) return false;
  return ps[0]!.riverCodes.length > 0;
}
