/**
 * The extra fields of the classic mjai server (protocol "mjsonp", README "Classic mjai server"),
 * added to the events one seat receives:
 *
 * - `possible_actions` on its own `tsumo` and on another seat's `dahai` / `kakan`: what it may
 *   answer other than a discard (hora, reach, ryukyoku, pon, chi, daiminkan, ankan, kakan), each
 *   with `actor`; `[]` when it has nothing to say.
 * - `cannot_dahai` on its own `chi` / `pon` (the tiles swap-calling forbids) and its own `reach`
 *   (the tiles whose discard would not keep tenpai).
 * - `deltas` and `scores` (after the change) on `reach_accepted`, `hora` and `ryukyoku`; `hora`
 *   also carries `hora_tehais`, `uradora_markers`, `yakus`, `fu`, `fan` and `hora_points`, and
 *   `ryukyoku` its `reason`, `tenpais` and `tehais` (unknown tiles as `?`).
 *
 * One annotator per seat: it keeps the running scores of the events it has seen.
 */
import type { Game } from '../engine/game/game';
import type { AgariEvent, RyuukyokuEvent } from '../engine/paipu/types';
import { yakuName } from '../engine/yaku/names';
import { type MjaiEvent, mjaiOfId } from '../formats/mjai';
import { mjaiOfDiscard, possibleActions, reachDiscards } from './possible';

/** Tenhou's draw kinds as the classic server names them. */
const REASONS: Record<RyuukyokuEvent['kind'], string> = {
  exhaustive: 'fanpai', yao9: 'kyushukyuhai', reach4: 'suchareach', ron3: 'sanchaho', kan4: 'sukaikan', kaze4: 'sufonrenta', nm: 'nagashimangan',
};

type Ev = Record<string, unknown> & { type: string };

export interface EventAnnotator {
  /** The events of one delivery, with the fields this seat's protocol adds. */
  batch(game: Game, events: MjaiEvent[]): MjaiEvent[];
  /** The seat's own `reach`, sent when it declared riichi (the game is still on its turn). */
  reach(game: Game, event: MjaiEvent): MjaiEvent;
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** A seat's non-discard options now, as the classic server lists them. */
export function classicPossibleActions(game: Game, seat: number): Ev[] {
  const out: Ev[] = [];
  for (const a of possibleActions(game, seat) as Ev[]) {
    if (a.type === 'dahai' || a.type === 'none') continue;
    if (a.type === 'ryukyoku') out.push({ type: 'ryukyoku', actor: seat, reason: 'kyushukyuhai' });
    else out.push({ ...a, actor: seat });
  }
  return out;
}

export class ClassicAnnotator implements EventAnnotator {
  private scores = [0, 0, 0, 0];
  /** Index of the current round in `game.rounds`, and the wins of it already annotated. */
  private round = -1;
  private wins = 0;

  constructor(readonly seat: number) {}

  batch(game: Game, events: MjaiEvent[]): MjaiEvent[] {
    // The event that asks this seat now (if any) is the last one; earlier ones asked nothing.
    const asking = this.askingIndex(game, events);
    return events.map((raw, i) => {
      const e = raw as Ev;
      switch (e.type) {
        case 'start_kyoku':
          this.round++;
          this.wins = 0;
          this.scores = [...(e.scores as number[])];
          return raw;
        case 'tsumo':
          return e.actor === this.seat ? this.with(e, { possible_actions: i === asking ? classicPossibleActions(game, this.seat) : [] }) : raw;
        case 'dahai': case 'kakan':
          return e.actor !== this.seat ? this.with(e, { possible_actions: i === asking ? classicPossibleActions(game, this.seat) : [] }) : raw;
        case 'chi': case 'pon':
          return e.actor === this.seat && i === asking ? this.with(e, { cannot_dahai: this.cannotDiscard(game) }) : raw;
        case 'reach_accepted': {
          const deltas = [0, 0, 0, 0];
          deltas[e.actor as number] = -1000;
          return this.with(e, { deltas, scores: this.apply(deltas) });
        }
        case 'hora': return this.hora(game, e);
        case 'ryukyoku': return this.ryukyoku(game, e);
        default: return raw;
      }
    });
  }

  reach(game: Game, event: MjaiEvent): MjaiEvent {
    const hand = game.kyoku.players[this.seat]!.hand.map(mjaiOfId);
    const allowed = new Set(reachDiscards(game, this.seat).map(mjaiOfDiscard));
    return this.with(event as Ev, { cannot_dahai: uniq(hand).filter((t) => !allowed.has(t)) });
  }

  private with(e: Ev, extra: Record<string, unknown>): MjaiEvent {
    return { ...e, ...extra } as MjaiEvent;
  }

  private apply(deltas: number[]): number[] {
    this.scores = this.scores.map((s, i) => s + deltas[i]!);
    return [...this.scores];
  }

  /** Index of the event the game is waiting on this seat for, or -1. */
  private askingIndex(game: Game, events: MjaiEvent[]): number {
    if (game.isOver() || events.length === 0) return -1;
    const last = events[events.length - 1] as Ev;
    const phase = game.kyoku.phase;
    if (phase < 4) return phase === this.seat && ['tsumo', 'chi', 'pon'].includes(last.type) && last.actor === this.seat ? events.length - 1 : -1;
    if (phase < 16) return ['dahai', 'kakan'].includes(last.type) && last.actor !== this.seat ? events.length - 1 : -1;
    return -1;
  }

  private cannotDiscard(game: Game): string[] {
    const hand = game.kyoku.players[this.seat]!.hand.map(mjaiOfId);
    const allowed = new Set(game.validActions(this.seat).filter((a) => a < 37).map(mjaiOfDiscard));
    return uniq(hand).filter((t) => !allowed.has(t));
  }

  private resultOf<T extends AgariEvent | RyuukyokuEvent>(game: Game, t: T['t'], nth: number): T | undefined {
    const r = game.rounds[this.round];
    return r?.events.filter((x) => x.t === t)[nth] as T | undefined;
  }

  private hora(game: Game, e: Ev): MjaiEvent {
    const a = this.resultOf<AgariEvent>(game, 'agari', this.wins++);
    const deltas = (e.deltas as number[] | undefined) ?? a?.deltas ?? [0, 0, 0, 0];
    const extra: Record<string, unknown> = { deltas, scores: this.apply(deltas) };
    if (a) {
      // Only yaku worth a han, as the original (no ["ura dora", 0] for a riichi without ura).
      const yakus: [string, number][] = a.yakuman.length ? a.yakuman.map((id) => [yakuName(id), 13]) : a.yaku.filter((y) => y.han > 0).map((y) => [yakuName(y.id), y.han]);
      Object.assign(extra, {
        // As the classic server sends it: the 13 tiles held for a ron, the 14 after the draw for a tsumo.
        hora_tehais: (a.who === a.fromWho ? a.hand : a.hand.filter((id) => id !== a.machi)).map(mjaiOfId),
        uradora_markers: a.uraIndicators.map(mjaiOfId), yakus, fu: a.fu,
        fan: yakus.reduce((n, [, h]) => n + h, 0), hora_points: a.points,
      });
    }
    return this.with(e, extra);
  }

  private ryukyoku(game: Game, e: Ev): MjaiEvent {
    const r = this.resultOf<RyuukyokuEvent>(game, 'ryuukyoku', 0);
    const deltas = (e.deltas as number[] | undefined) ?? r?.deltas ?? [0, 0, 0, 0];
    const extra: Record<string, unknown> = { deltas, scores: this.apply(deltas) };
    if (r) {
      extra.reason = REASONS[r.kind];
      extra.tenpais = r.hands.map((h) => h !== null && r.kind !== 'yao9');
      const round = game.rounds[this.round]!;
      const held = (s: number) => 13 - 3 * round.events.filter((x) => x.t === 'call' && x.who === s && x.meld.type !== 'kakan').length;
      extra.tehais = r.hands.map((h, s) => (h ? h.map(mjaiOfId) : Array.from({ length: held(s) }, () => '?')));
      if (r.kind === 'yao9') extra.actor = r.hands.findIndex((h) => h !== null);
    }
    return this.with(e, extra);
  }
}
