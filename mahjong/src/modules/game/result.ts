import type { AgariEvent, RyuukyokuEvent } from '../../engine/paipu';
import { LIMIT_TEXT, RYUUKYOKU_TEXT } from '../replay/describe';
import { yakuName } from '../replay/yaku-names';

/** A hand's result as the pages show it: winners with named yaku, or the kind of draw. */
export interface HandSummary {
  type: 'agari' | 'ryuukyoku';
  /** Draws: Tenhou's kind (`yao9`, `kaze4`, …) and its name in words ("nine terminals"). */
  kind?: string;
  kind_name?: string;
  /** Exhaustive draws (and nagashi mangan): the seats that were tenpai, whose hands were shown. */
  tenpai?: number[];
  wins: { who: number; from_who: number; han: number; fu: number; points: number; limit_name: string; yaku: { id: number; name: string; han: number }[]; hand: number[]; machi: number }[];
  deltas: number[];
}

export function summariseAgari(ev: AgariEvent) {
  const yaku = ev.yakuman.length
    ? ev.yakuman.map((id) => ({ id, name: yakuName(id), han: 13 }))
    : ev.yaku.filter((y) => y.han > 0).map((y) => ({ id: y.id, name: yakuName(y.id), han: y.han }));
  return {
    who: ev.who, from_who: ev.fromWho, han: ev.yaku.reduce((n, y) => n + y.han, 0), fu: ev.fu, points: ev.points,
    limit_name: LIMIT_TEXT[ev.limit] ?? '', yaku, hand: ev.hand, machi: ev.machi,
  };
}

// At an exhaustive draw (and nagashi mangan, which ends one) Tenhou shows the tenpai hands; the
// other kinds show only the hand that called the draw, which says nothing about tenpai.
const SHOWS_TENPAI = new Set(['exhaustive', 'nm']);
const tenpaiSeats = (ev: RyuukyokuEvent): number[] => ev.hands.flatMap((h, seat) => (h ? [seat] : []));

/** From the engine's hand result (`{type, events, deltas}`); anything else passes through as a draw. */
export function summariseHand(result: unknown): HandSummary | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as { type?: string; events?: (AgariEvent | RyuukyokuEvent)[]; deltas?: number[] };
  const events = r.events ?? [];
  const wins = events.filter((e): e is AgariEvent => e.t === 'agari').map(summariseAgari);
  const draw = events.find((e): e is RyuukyokuEvent => e.t === 'ryuukyoku');
  return {
    type: wins.length ? 'agari' : 'ryuukyoku',
    ...(draw ? { kind: draw.kind, kind_name: RYUUKYOKU_TEXT[draw.kind] ?? draw.kind } : {}),
    ...(draw && SHOWS_TENPAI.has(draw.kind) ? { tenpai: tenpaiSeats(draw) } : {}),
    wins,
    deltas: r.deltas ?? [],
  };
}
