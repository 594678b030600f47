/**
 * The engine's hand record (paipu round events) as mjai events, as one seat may see them: its own
 * starting hand and draws in full, everyone else's as `?`. Everything else in mjai is public
 * (discards, calls with the tiles used, ankan tiles, riichi, dora, wins, draws). The events are
 * those of the mjai log exporter (src/formats/mjai/export.ts), plus `start_game.id` (the seat).
 *
 * Order is the engine's, as the exporter writes it, so a live seat and a finished game's log agree
 * event by event: an ankan's new dora indicator comes before the replacement draw; a daiminkan's
 * or kakan's is turned when that seat discards, so it comes after the draw and before the
 * `dahai` (a seat cannot be shown it earlier: it is not turned yet when the seat decides). The
 * last event a seat sees before it must act is always the one that asks it (its `tsumo`, its own
 * call, or another seat's `dahai` / `kakan` / `ankan`).
 */
import type { Game } from '../engine/game/game';
import type { Meld, Round, RoundEvent } from '../engine/paipu/types';
import { type MjaiEvent, mjaiOfId, windOf } from '../formats/mjai';

const HIDDEN = '?';

const tilesOf = (ids: number[]) => ids.map(mjaiOfId);

export function startKyoku(r: Round, viewer: number | null): MjaiEvent {
  return {
    type: 'start_kyoku', bakaze: windOf(Math.floor(r.round / 4)) as 'E', dora_marker: mjaiOfId(r.doraIndicator),
    kyoku: (r.round % 4) + 1, honba: r.honba, kyotaku: r.kyotaku, oya: r.oya, scores: [...r.scores],
    tehais: r.hands.map((h, s) => (viewer === null || s === viewer ? tilesOf(h) : h.map(() => HIDDEN))),
  };
}

function callEvent(who: number, m: Meld): MjaiEvent {
  const called = m.called ?? -1;
  const rest = m.tiles.filter((id) => id !== called);
  switch (m.type) {
    case 'chi': return { type: 'chi', actor: who, target: m.from, pai: mjaiOfId(called), consumed: tilesOf(rest) };
    case 'pon': return { type: 'pon', actor: who, target: m.from, pai: mjaiOfId(called), consumed: tilesOf(rest) };
    case 'daiminkan': return { type: 'daiminkan', actor: who, target: m.from, pai: mjaiOfId(called), consumed: tilesOf(rest) };
    case 'kakan': {
      const added = m.added ?? m.tiles[3]!;
      return { type: 'kakan', actor: who, pai: mjaiOfId(added), consumed: tilesOf(m.tiles.filter((id) => id !== added)) };
    }
    case 'ankan': return { type: 'ankan', actor: who, consumed: tilesOf(m.tiles) };
  }
}

/** One round event for `viewer` (null = every tile shown); [] for events mjai does not have. */
export function roundEvent(e: RoundEvent, viewer: number | null): MjaiEvent[] {
  switch (e.t) {
    case 'draw': return [{ type: 'tsumo', actor: e.who, pai: viewer === null || viewer === e.who ? mjaiOfId(e.tile) : HIDDEN }];
    case 'discard': return [{ type: 'dahai', actor: e.who, pai: mjaiOfId(e.tile), tsumogiri: e.tsumogiri }];
    case 'call': return [callEvent(e.who, e.meld)];
    case 'riichi': return [e.step === 1 ? { type: 'reach', actor: e.who } : { type: 'reach_accepted', actor: e.who }];
    case 'dora': return [{ type: 'dora', dora_marker: mjaiOfId(e.tile) }];
    case 'agari': return [{ type: 'hora', actor: e.who, target: e.fromWho, pai: mjaiOfId(e.machi), deltas: [...e.deltas], ura_markers: tilesOf(e.uraIndicators) }];
    case 'ryuukyoku': return [{ type: 'ryukyoku', deltas: [...e.deltas], ...(e.kind === 'exhaustive' ? {} : { reason: e.kind }) }];
    default: return [];
  }
}

/** Follows a live game and returns the mjai events that are new since the last call, for each viewer. */
export class MjaiFeed {
  private round = -1;
  /** Events of the current round already sent. */
  private at = 0;
  private ended = false;

  constructor(private readonly game: Game) {}

  /** New events, as seen by each of `viewers` (index-aligned). */
  next(viewers: (number | null)[]): MjaiEvent[][] {
    const out: MjaiEvent[][] = viewers.map(() => []);
    const push = (f: (v: number | null) => MjaiEvent[]) => viewers.forEach((v, i) => out[i]!.push(...f(v)));
    const g = this.game;
    if (this.ended) return out;
    if (this.round < 0) {
      // tenhou_rule: Tenhou's GO type bits, as the log exporter (src/formats/mjai) writes them.
      const rule = { type: 'start_game', names: [...g.names], tenhou_rule: g.eastSouth ? 0xa9 : 0xa1 };
      push((v) => [(v === null ? rule : { ...rule, id: v }) as MjaiEvent]);
      this.round = 0;
      push((v) => [startKyoku(g.rounds[0]!, v)]);
    }
    for (;;) {
      const r = g.rounds[this.round]!;
      for (const e of r.events.slice(this.at)) push((v) => roundEvent(e, v));
      this.at = r.events.length;
      if (this.round < g.rounds.length - 1) {
        push(() => [{ type: 'end_kyoku' }]);
        this.round++;
        this.at = 0;
        const next = g.rounds[this.round]!;
        push((v) => [startKyoku(next, v)]);
        continue;
      }
      if (g.isOver()) {
        this.ended = true;
        push(() => [{ type: 'end_kyoku' }, { type: 'end_game', scores: [...(g.owari?.scores ?? g.scores)] }]);
      }
      return out;
    }
  }
}

/** The whole game so far as mjai events for one viewer (null = every tile shown), as a log holds it. */
export function mjaiLog(game: Game, viewer: number | null): MjaiEvent[] {
  return new MjaiFeed(game).next([viewer])[0]!;
}
