/**
 * Drive our hand state machine with the actions a log implies and check, event by event, that
 * every action is legal and that what the engine records equals what the log records.
 */
import type { Meld, Round, RoundEvent } from '../paipu/types';
import { A, actionName, discardIndex } from '../table/actions';
import { Kyoku, type KyokuInit } from '../table/kyoku';
import { sameAction, sameEvent } from './compare';
import { wallFromRound, WallConflict } from './wall-from-log';
import { isRed } from '../tiles';

export interface RoundCheck {
  ok: boolean;
  /** The log stops before the hand ends. */
  truncated: boolean;
  mismatch: string | null;
  kyoku: Kyoku | null;
  /** How many of the engine's recorded events matched the log (the rest ran past a cut log). */
  matched: number;
}


function callAction(meld: Meld): number {
  if (meld.type === 'daiminkan') return A.DAIMINKAN;
  const fromHand = meld.tiles.filter((t) => t !== meld.called);
  const red = fromHand.some(isRed);
  if (meld.type === 'pon') return red ? A.PON_RED : A.PON;
  const pos = [...meld.tiles].sort((a, b) => a - b).indexOf(meld.called!);
  return (red ? A.CHI_LOW_RED : A.CHI_LOW) + pos;
}

const replayable = (e: RoundEvent) => e.t !== 'bye' && e.t !== 'reconnect';

/**
 * `adopt`: the log's results are placeholders (a format that names only who won from whom, or
 * the kind of draw): results are matched on those alone and the engine's records stand.
 */
export interface ReplayOptions {
  adopt?: boolean;
  observer?: KyokuInit['observer'];
  /** Called before each action the log implies, with the table the seat acts on (the reviewer reads every decision there, passes included). */
  onAct?: (k: Kyoku, seat: number, action: number) => void;
}

export function replayRound(r: Round, label: string, opts: ReplayOptions = {}): RoundCheck {
  const log = r.events.filter(replayable);
  let k: Kyoku;
  try {
    k = new Kyoku({ round: r.round, honba: r.honba, kyotaku: r.kyotaku, oya: r.oya, scores: r.scores, wall: wallFromRound(r), ...(opts.observer ? { observer: opts.observer } : {}) });
  } catch (e) {
    if (e instanceof WallConflict) return { ok: false, truncated: false, mismatch: `${label}: ${e.message}`, kyoku: null, matched: 0 };
    throw e;
  }
  let li = 0;
  let ei = 0;
  const fail = (msg: string): RoundCheck => ({ ok: false, truncated: false, mismatch: `${label}, log event ${li + 1}: ${msg}`, kyoku: k, matched: ei });
  const act = (seat: number, action: number, tile?: number, tiles?: readonly number[]): string | null => {
    const before = k.validActions(seat).slice(); // the table refills its list at the step
    opts.onAct?.(k, seat, action);
    const res = k.step(seat, action, tile, tiles);
    if (res.ok) return null;
    return `${actionName(action)} by seat ${seat} rejected (${res.code}); phase ${k.phase}, valid [${before.join(',')}]`;
  };
  for (let guard = 0; guard < 10_000; guard++) {
    while (ei < k.events.length && li < log.length) {
      const diff = opts.adopt ? sameAction(k.events[ei]!, log[li]!) : sameEvent(k.events[ei]!, log[li]!);
      if (diff) return fail(diff);
      ei++;
      li++;
    }
    if (li >= log.length) {
      if (k.over) return { ok: true, truncated: false, mismatch: null, kyoku: k, matched: ei };
      return { ok: true, truncated: true, mismatch: null, kyoku: k, matched: ei };
    }
    if (ei < k.events.length) continue;
    if (k.over) return fail(`the engine ended the hand but the log continues with ${log[li]!.t}`);
    // A kan dora the log shows before the discard is revealed by our engine at the discard itself.
    let la = li;
    // While answers are pending, the log may already show the riichi stick (REACH step 2) before the call.
    while (log[la]?.t === 'dora' || (k.phase >= 4 && log[la]?.t === 'riichi' && (log[la] as { step: number }).step === 2)) la++;
    const e = log[la];
    if (!e) return { ok: true, truncated: true, mismatch: null, kyoku: k, matched: ei };
    const seat = k.actor();
    let err: string | null = null;
    if (k.phase >= 4) {
      const winners = new Set<number>();
      for (let j = la; j < log.length && log[j]!.t === 'agari'; j++) winners.add((log[j] as { who: number }).who);
      const ron3 = e.t === 'ryuukyoku' && e.kind === 'ron3';
      if (winners.has(seat) || (ron3 && k.validActions(seat).includes(A.RON))) err = act(seat, A.RON);
      else if (e.t === 'call' && e.who === seat && e.meld.type !== 'ankan' && e.meld.type !== 'kakan') err = act(seat, callAction(e.meld), undefined, e.meld.tiles);
      else err = act(seat, A.SKIP);
    } else if (e.t === 'riichi' && e.step === 1) {
      const d = log[la + 1];
      if (!d) return { ok: true, truncated: true, mismatch: null, kyoku: k, matched: ei };
      if (d.t !== 'discard' || d.who !== seat) return fail('REACH is not followed by the same seat\'s discard');
      err = act(seat, discardIndex(d.tile), d.tile);
      if (!err && !k.stage2) err = 'the engine does not treat this discard as a riichi candidate';
      if (!err) err = act(seat, A.RIICHI);
    } else if (e.t === 'discard') {
      if (e.who !== seat) return fail(`seat ${e.who} discards but it is seat ${seat}'s turn`);
      err = act(seat, discardIndex(e.tile), e.tile);
      if (!err && k.stage2) err = act(seat, A.RIICHI_CANCEL);
    } else if (e.t === 'call' && (e.meld.type === 'ankan' || e.meld.type === 'kakan')) {
      err = act(seat, e.meld.type === 'ankan' ? A.ANKAN : A.KAKAN, e.meld.tiles[0]!);
    } else if (e.t === 'agari' && e.who === e.fromWho) err = act(seat, A.TSUMO);
    else if (e.t === 'ryuukyoku' && e.kind === 'yao9') err = act(seat, A.KYUUSHU);
    else return fail(`the log has ${e.t}${'who' in e ? ` by seat ${e.who}` : ''} where the engine expects seat ${seat} to act`);
    if (err) return fail(err);
  }
  return fail('replay did not converge');
}
