/** A finished hand's result as the state view carries it: the records plus what the pages show. */
import type { AgariEvent, RyuukyokuEvent } from '../paipu/types';
import { LIMIT_TEXT, RYUUKYOKU_TEXT, yakuDisplayName } from './result-text';
import type { HandResultView, WinView } from './view-schema';

/** One win with its yaku named (yakuman listed at 13 han each, and `han` their sum; zero-han entries such as no ura dora left out). */
export function winView(ev: AgariEvent): WinView {
  const yaku = ev.yakuman.length
    ? ev.yakuman.map((id) => ({ id, name: yakuDisplayName(id), han: 13 }))
    : ev.yaku.filter((y) => y.han > 0).map((y) => ({ id: y.id, name: yakuDisplayName(y.id), han: y.han }));
  return {
    // A yakuman's record lists no han (Tenhou's AGARI has `yakuman`, no `yaku`): 13 per yakuman, as the list says.
    who: ev.who, from_who: ev.fromWho, han: ev.yakuman.length ? 13 * ev.yakuman.length : ev.yaku.reduce((n, y) => n + y.han, 0), fu: ev.fu, points: ev.points,
    limit_name: LIMIT_TEXT[ev.limit] ?? '', yaku, hand: ev.hand, machi: ev.machi,
  };
}

// At an exhaustive draw (and nagashi mangan, which ends one) Tenhou shows the tenpai hands; the
// other kinds show only the hand that called the draw, which says nothing about tenpai.
const SHOWS_TENPAI = new Set(['exhaustive', 'nm']);
const tenpaiSeats = (ev: RyuukyokuEvent): number[] => ev.hands.flatMap((h, seat) => (h ? [seat] : []));

/** The result view of a hand from its AGARI / RYUUKYOKU records (a replay passes those seen so far). */
export function handResultView(r: { events: readonly (AgariEvent | RyuukyokuEvent)[]; deltas: readonly number[]; renchan: boolean }): HandResultView {
  const events = [...r.events];
  const wins = events.filter((e): e is AgariEvent => e.t === 'agari').map(winView);
  const draw = events.find((e): e is RyuukyokuEvent => e.t === 'ryuukyoku');
  return {
    type: wins.length ? 'agari' : 'ryuukyoku',
    ...(draw ? { kind: draw.kind, kind_name: RYUUKYOKU_TEXT[draw.kind] ?? draw.kind } : {}),
    ...(draw && SHOWS_TENPAI.has(draw.kind) ? { tenpai: tenpaiSeats(draw) } : {}),
    wins,
    deltas: [...r.deltas],
    renchan: r.renchan,
    events,
  };
}
