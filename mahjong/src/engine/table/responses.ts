/**
 * Answers to a discard, an added kan or a closed kan: ask each seat with a real choice in seat
 * order, then resolve by priority (ron > pon/kan > chi), paying a pending riichi stick and
 * checking the four-riichi and four-kan aborts once the discard has passed.
 */
import { A } from './actions';
import { executeCall } from './calls';
import type { HandState } from './hand-state';
import { settleAbort, settleExhaustive, settleWins } from './settle';

/** Seats that declared ron, counted from the discarder's right (the head-bump order). */
function ronSeats(k: HandState, from: number): number[] {
  const out: number[] = [];
  for (let i = 1; i < 4; i++) {
    const s = (from + i) % 4;
    if (k.decisions[s] === A.RON) out.push(s);
  }
  return out;
}

/** Every seat has answered (or none could): win, call, riichi stick and aborts, or the next draw. */
export function resolveResponses(k: HandState): void {
  const target = k.target!;
  if (k.decided === 0 && k.riichiPending === null && target.kind === 'discard' && k.kans < 4 && k.tilesLeft > 0) {
    k.draw((target.from + 1) % 4, false); // nobody could answer: the common case
    return;
  }
  let anyRon = false;
  for (let s = 0; s < 4; s++) if (k.decisions[s] === A.RON) anyRon = true;
  const rons = anyRon ? ronSeats(k, target.from) : NO_SEATS;
  if (rons.length === 3) { k.finish(settleAbort(k, 'ron3', rons)); return; }
  if (rons.length > 0) { k.finish(settleWins(k, rons, false)); return; }
  if (target.kind !== 'discard') { k.rinshan(target.from, target.kind === 'kakan'); return; }
  if (k.riichiPending !== null) {
    const s = k.acceptRiichi();
    const p = k.players[s]!;
    p.riichiAccepted = true;
    p.ippatsu = true;
    k.record({ t: 'riichi', who: s, step: 2 });
    if (k.players.every((q) => q.riichiAccepted)) { k.finish(settleAbort(k, 'reach4', [0, 1, 2, 3])); return; }
  }
  if (k.fourKanAbort()) { k.finish(settleAbort(k, 'kan4', [])); return; }
  // Pon/kan beats chi; at most one seat can hold either (in seat order, as answers came).
  let caller = -1;
  for (let s = 0; s < 4; s++) {
    const a = k.decisions[s]!;
    if (a < 0 || a === A.SKIP || a === A.RON) continue;
    if (a >= A.PON) { caller = s; break; }
    if (caller < 0) caller = s;
  }
  if (caller >= 0) { executeCall(k, caller, k.decisions[caller]!, target, k.decisionTiles[caller]); return; }
  if (k.tilesLeft <= 0) { k.finish(settleExhaustive(k)); return; }
  k.draw((target.from + 1) % 4, false);
}

const NO_SEATS: number[] = [];
