/**
 * Answers to a discard, an added kan or a closed kan: ask each seat with a real choice in seat
 * order, then resolve by priority (ron > pon/kan > chi), paying a pending riichi stick and
 * checking the four-riichi and four-kan aborts once the discard has passed.
 */
import { A } from './actions';
import { executeCall } from './calls';
import type { Kyoku, Target } from './kyoku';
import { responseOptions } from './response-options';
import { settleAbort, settleExhaustive, settleWins } from './settle';

export function openResponses(k: Kyoku, target: Target): void {
  k.target = target;
  if (k.decisions.size > 0) k.decisions.clear();
  if (k.respOptions.size > 0) k.respOptions.clear();
  k.responders.length = 0;
  for (let s = 0; s < 4; s++) {
    if (s === target.from) continue;
    const opts = responseOptions(k, s, target);
    if (opts.actions.length > 1) {
      k.respOptions.set(s, opts);
      k.responders.push(s);
    }
  }
  nextResponder(k);
}

export function nextResponder(k: Kyoku): void {
  k.invalidate();
  let ronDeclared = false;
  if (k.decisions.size > 0) for (const d of k.decisions.values()) if (d.action === A.RON) ronDeclared = true;
  while (k.responders.length > 0) {
    const s = k.responders.shift()!;
    // Once someone has declared ron only other rons matter; calls would be overruled.
    if (ronDeclared && !k.respOptions.get(s)!.actions.includes(A.RON)) continue;
    k.phase = (k.target!.kind === 'discard' ? 4 : k.target!.kind === 'kakan' ? 8 : 12) + s;
    return;
  }
  resolveResponses(k);
}

function resolveResponses(k: Kyoku): void {
  const target = k.target!;
  if (k.decisions.size === 0 && k.riichiPending === null && target.kind === 'discard' && k.kans < 4 && k.tilesLeft > 0) {
    k.draw((target.from + 1) % 4, false); // nobody could answer: the common case
    return;
  }
  const rons = [...k.decisions.entries()].filter(([, d]) => d.action === A.RON).map(([s]) => s)
    .sort((a, b) => ((a - target.from + 4) % 4) - ((b - target.from + 4) % 4));
  if (rons.length === 3) { k.finish(settleAbort(k, 'ron3', null)); return; }
  if (rons.length > 0) { k.finish(settleWins(k, rons, false)); return; }
  if (target.kind !== 'discard') { k.rinshan(target.from, target.kind === 'kakan'); return; }
  if (k.riichiPending !== null) {
    const s = k.riichiPending;
    const p = k.players[s]!;
    k.riichiPending = null;
    p.riichiAccepted = true;
    p.ippatsu = true;
    k.scores[s]! -= 1000;
    k.kyotaku++;
    k.events.push({ t: 'riichi', who: s, step: 2 });
    if (k.players.every((q) => q.riichiAccepted)) { k.finish(settleAbort(k, 'reach4', null)); return; }
  }
  if (k.fourKanAbort()) { k.finish(settleAbort(k, 'kan4', null)); return; }
  const calls = [...k.decisions.entries()].filter(([, d]) => d.action !== A.SKIP && d.action !== A.RON);
  const call = calls.find(([, d]) => d.action >= A.PON) ?? calls[0];
  if (call) { executeCall(k, call[0], call[1].action, target, call[1].tiles); return; }
  if (k.tilesLeft <= 0) { k.finish(settleExhaustive(k)); return; }
  k.draw((target.from + 1) % 4, false);
}
