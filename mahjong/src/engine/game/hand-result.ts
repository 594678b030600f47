/** A finished hand's result as the state view carries it: the records plus what the pages show. */
import type { AgariEvent, RyuukyokuEvent } from '../paipu/types';
import { basicPoints } from '../scoring/limits';
import { computePayments } from '../scoring/payments';
import { LIMIT_TEXT, RYUUKYOKU_TEXT, yakuDisplayName } from './result-text';
import type { HandResultView, PaymentView, WinView } from './view-schema';

/** The split of one win's payment, from its han and fu (the same payment rule the table settles with). */
function paymentOf(ev: AgariEvent, han: number, oya: number): PaymentView {
  const seatWind = (ev.who - oya + 4) % 4;
  const dealer = seatWind === 0;
  const tsumo = ev.who === ev.fromWho;
  const { base } = basicPoints(han, ev.fu, ev.yakuman.length);
  const p = computePayments({ base, dealer, seatWind, tsumo, honba: 0, kyotaku: 0 });
  const received = ev.deltas[ev.who] ?? 0;
  const sticks = ev.kyotaku * 1000;
  // The honba actually paid (a double ron's second winner gets none), from what the winner received.
  const honba = Math.max(0, received - p.received - sticks);
  const pao = ev.paoWho ?? null;
  if (!tsumo) return { kind: 'ron', ron: p.ron, honba, sticks, received, pao };
  if (dealer) return { kind: 'tsumo_dealer', all: p.tsumoNonDealer, honba, sticks, received, pao };
  return { kind: 'tsumo', dealer: p.tsumoDealer, non_dealer: p.tsumoNonDealer, honba, sticks, received, pao };
}

/**
 * One win with its yaku named (yakuman listed at 13 han each; zero-han entries such as no ura
 * dora left out). `oya`, the dealer's seat, adds the payment split.
 */
export function winView(ev: AgariEvent, oya?: number): WinView {
  const yaku = ev.yakuman.length
    ? ev.yakuman.map((id) => ({ id, name: yakuDisplayName(id), han: 13 }))
    : ev.yaku.filter((y) => y.han > 0).map((y) => ({ id: y.id, name: yakuDisplayName(y.id), han: y.han }));
  const han = ev.yakuman.length ? 13 * ev.yakuman.length : ev.yaku.reduce((n, y) => n + y.han, 0);
  return {
    who: ev.who, from_who: ev.fromWho, tsumo: ev.who === ev.fromWho, ...(oya === undefined ? {} : { dealer: ev.who === oya }),
    han, fu: ev.fu, points: ev.points, limit: ev.limit, limit_name: LIMIT_TEXT[ev.limit] ?? '', yaku, yakuman: ev.yakuman.length > 0,
    hand: ev.hand, machi: ev.machi, melds: ev.melds, dora: ev.doraIndicators, ura: ev.uraIndicators,
    honba: ev.honba, kyotaku: ev.kyotaku,
    ...(oya === undefined ? {} : { payment: paymentOf(ev, han, oya) }),
    deltas: ev.deltas,
  };
}

// At an exhaustive draw (and nagashi mangan, which ends one) Tenhou shows the tenpai hands; the
// other kinds show only the hand that called the draw, which says nothing about tenpai.
const SHOWS_TENPAI = new Set(['exhaustive', 'nm']);
const tenpaiSeats = (ev: RyuukyokuEvent): number[] => ev.hands.flatMap((h, seat) => (h ? [seat] : []));

/**
 * The result view of a hand from its AGARI / RYUUKYOKU records (a replay passes those seen so far).
 * `oya`: the dealer's seat, for the payment split of each win.
 */
export function handResultView(r: { events: readonly (AgariEvent | RyuukyokuEvent)[]; deltas: readonly number[]; renchan: boolean }, oya?: number): HandResultView {
  const events = [...r.events];
  const wins = events.filter((e): e is AgariEvent => e.t === 'agari').map((e) => winView(e, oya));
  const draw = events.find((e): e is RyuukyokuEvent => e.t === 'ryuukyoku');
  const before = events[0]?.scores ?? [];
  return {
    type: wins.length ? 'agari' : 'ryuukyoku',
    ...(draw ? { kind: draw.kind, kind_name: RYUUKYOKU_TEXT[draw.kind] ?? draw.kind, hands: draw.hands } : {}),
    ...(draw && SHOWS_TENPAI.has(draw.kind) ? { tenpai: tenpaiSeats(draw) } : {}),
    wins,
    deltas: [...r.deltas],
    scores_before: [...before],
    scores_after: before.map((s, i) => s + (r.deltas[i] ?? 0)),
    honba: events[0]?.honba ?? 0,
    // A double ron records the sticks on the first winner only: the table held their sum.
    kyotaku: events.reduce((n, e) => n + e.kyotaku, 0),
    renchan: r.renchan,
    events,
  };
}
