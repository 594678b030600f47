/**
 * How a hand ends: wins (tsumo, ron, double ron with honba and sticks to the first winner
 * counted from the discarder, pao), exhaustive draws (tenpai payments or nagashi mangan) and
 * abortive draws. Payments follow Tenhou; scoring itself comes from the rules core.
 */
import type { AgariEvent, RyuukyokuEvent, RyuukyokuKind } from '../paipu/types';
import type { HandResult, HandState } from './hand-state';
import { evaluateWin, waitsOf, type WinContext } from './win';
import { rarelyRun } from '../jit';
import { perSeat } from '../fresh';

export type { HandResult } from './hand-state';

/** The round wind of the hand, 0–3 (East … North). */
export const roundWindOf = (k: HandState): number => Math.min(3, Math.floor(k.init.round / 4));

export function winContext(k: HandState, seat: number, tsumo: boolean): WinContext {
  const p = k.players[seat]!;
  const target = k.target;
  const first = tsumo && k.firstTurn(seat);
  return {
    tsumo,
    seatWind: k.seatWind(seat),
    roundWind: roundWindOf(k),
    riichi: p.riichi,
    doubleRiichi: p.riichi && p.doubleRiichi,
    ippatsu: p.riichi && p.ippatsu,
    haitei: tsumo && k.tilesLeft === 0 && !k.rinshanDraw,
    houtei: !tsumo && target?.kind === 'discard' && k.tilesLeft === 0,
    rinshan: tsumo && k.rinshanDraw,
    chankan: !tsumo && target !== null && target.kind !== 'discard',
    tenhou: first && seat === k.oya,
    chiihou: first && seat !== k.oya,
    doraIndicators: k.doraIndicators,
    uraIndicators: p.riichi ? k.init.wall.ura.slice(0, k.doraCount) : [],
    paoFrom: p.pao === null ? undefined : (((p.pao - seat + 4) % 4) as 1 | 2 | 3),
  };
}

export function settleWins(k: HandState, winners: number[], tsumo: boolean): HandResult {
  const total = perSeat(0);
  const events: AgariEvent[] = [];
  const from = tsumo ? winners[0]! : k.target!.from;
  winners.forEach((w, i) => {
    const p = k.players[w]!;
    const winTile = tsumo ? k.drawn! : k.target!.tile;
    const ctx = winContext(k, w, tsumo);
    // Honba and sticks go to the first winner only. Who pays (ron, tsumo split, pao with its
    // honba) is decided by the one payment rule in scoring/payments.ts, in relative seats.
    const honba = i === 0 ? k.init.honba : 0;
    const sticks = i === 0 ? k.kyotaku : 0;
    const discarder = tsumo ? undefined : (((from - w + 4) % 4) as 1 | 2 | 3);
    const r = evaluateWin(p, w, winTile, ctx, { honba, kyotaku: sticks, discarder });
    if (!r) throw new Error(`invariant: seat ${w} declared a win the rules core does not score`);
    const base = r.points.base;
    const pao = p.pao !== null && r.yakuman > 0 ? p.pao : null;
    const d = perSeat(0);
    for (let rel = 0; rel < 4; rel++) d[(w + rel) % 4] = r.points.deltas[rel]!;
    const scores = [...k.scores];
    k.applyDeltas(d);
    for (let q = 0; q < 4; q++) total[q]! += d[q]!;
    const yakuman = r.yakuman > 0;
    events.push({
      t: 'agari', who: w, fromWho: from, paoWho: pao, honba: k.init.honba, kyotaku: sticks, // Tenhou: sticks on the first winner's record only
      hand: [...p.hand, ...(tsumo ? [] : [winTile])].sort((a, b) => a - b), melds: p.melds.map((m) => ({ ...m })),
      machi: winTile, fu: r.fu, points: base, limit: r.limitCode,
      yaku: yakuman ? [] : r.yaku.map((y) => ({ id: y.id, han: y.han })),
      yakuman: yakuman ? r.yaku.map((y) => y.id) : [],
      doraIndicators: ctx.doraIndicators, uraIndicators: ctx.uraIndicators, scores, deltas: d,
    });
  });
  k.clearSticks();
  return { kind: 'agari', ryuukyoku: null, winners, renchan: winners.includes(k.oya), deltas: total, events };
}

export function isTenpaiAtDraw(k: HandState, seat: number): boolean {
  return waitsOf(k.players[seat]!).length > 0;
}

export function settleExhaustive(k: HandState): HandResult {
  const tenpai = perSeat(false);
  const nagashi: number[] = [];
  let n = 0;
  for (let s = 0; s < 4; s++) {
    if ((tenpai[s] = isTenpaiAtDraw(k, s))) n++;
    if (k.players[s]!.nagashi && k.players[s]!.riverCodes.length > 0) nagashi.push(s);
  }
  const d = perSeat(0);
  if (nagashi.length > 0) {
    for (const s of nagashi) for (let q = 0; q < 4; q++) {
      if (q === s) d[q]! += s === k.oya ? 12000 : 8000;
      else d[q]! -= s === k.oya || q === k.oya ? 4000 : 2000;
    }
  } else {
    if (n > 0 && n < 4) for (let q = 0; q < 4; q++) d[q] = tenpai[q] ? 3000 / n : -3000 / (4 - n);
  }
  const ev: RyuukyokuEvent = {
    t: 'ryuukyoku', kind: nagashi.length > 0 ? 'nm' : 'exhaustive', honba: k.init.honba, kyotaku: k.kyotaku,
    scores: k.scores.slice(), deltas: d, hands: [null, null, null, null],
  };
  for (let s = 0; s < 4; s++) if (tenpai[s]) ev.hands[s] = k.players[s]!.hand.slice();
  k.applyDeltas(d);
  return { kind: 'ryuukyoku', ryuukyoku: ev.kind, winners: [], renchan: tenpai[k.oya]!, deltas: d, events: [ev] };
}

/**
 * `shown`: the seats whose hands the record shows, as Tenhou logs them — the nine-terminals
 * declarer, the three ron seats of a triple ron, all four riichi hands of a four-riichi abort.
 */
export function settleAbort(k: HandState, kind: RyuukyokuKind, shown: readonly number[]): HandResult {
  const ev: RyuukyokuEvent = {
    t: 'ryuukyoku', kind, honba: k.init.honba, kyotaku: k.kyotaku, scores: [...k.scores], deltas: [0, 0, 0, 0],
    hands: [0, 1, 2, 3].map((s) => (shown.includes(s) ? [...k.players[s]!.hand] : null)),
  };
  return { kind: 'ryuukyoku', ryuukyoku: kind, winners: [], renchan: true, deltas: [0, 0, 0, 0], events: [ev] };
}

// A win or an abortive draw: a fraction of the hands (jit.ts).
rarelyRun(settleWins, settleAbort);
