import type { AgariEvent, Meld, Paipu, Round, RoundEvent, RyuukyokuEvent } from '../../engine/paipu';
import { summariseAgari } from '../game/result';
import { RYUUKYOKU_TEXT, roundText, seatText, tileText } from './describe';
import type { ReplayState, ReplayStep, StepType } from './model';

/** Tiles left in the live wall after the deal: 136 − 14 dead wall − 52 dealt. */
const LIVE_WALL = 70;
const EMPTY_MASK: boolean[] = new Array(54).fill(false);
const byId = (a: number, b: number) => a - b;

/** Turns a paipu into replay steps: one full table snapshot per event, all hands visible. */
export function buildSteps(paipu: Paipu): { steps: ReplayStep[]; kyoku_indices: number[] } {
  const steps: ReplayStep[] = [];
  const kyokuIndices: number[] = [];
  let scores = paipu.rounds[0]?.scores.slice() ?? [25000, 25000, 25000, 25000];
  paipu.rounds.forEach((round, k) => {
    kyokuIndices.push(steps.length);
    scores = walkRound(round, k, steps);
  });
  if (paipu.owari) {
    const last = steps.at(-1);
    const state = last ? clone(last.state) : null;
    if (state) {
      state.is_over = true;
      state.phase = 16;
      state.players.forEach((p, i) => { p.score = paipu.owari!.scores[i] ?? p.score; });
      state.game.scores = paipu.owari.scores.slice();
      const ranking = paipu.owari.points.map((pt, i) => `P${i} ${paipu.owari!.scores[i]} (${pt > 0 ? '+' : ''}${pt})`).join(', ');
      steps.push({ step: steps.length, event_type: 'game_end', kyoku_index: last!.kyoku_index, player: null, description: `Game over: ${ranking}`, state });
    }
  }
  void scores;
  return { steps, kyoku_indices: kyokuIndices };
}

function walkRound(round: Round, k: number, steps: ReplayStep[]): number[] {
  const oya = round.oya;
  const s: ReplayState = {
    phase: oya, turn: oya, oya, round: round.round, round_wind: Math.floor(round.round / 4) % 4,
    honba: round.honba, kyotaku: round.kyotaku, tiles_left: LIVE_WALL, dora: [round.doraIndicator],
    players: round.hands.map((hand, seat) => ({
      seat, wind: (seat - oya + 4) % 4, score: round.scores[seat] ?? 0, hand: hand.slice().sort(byId), drawn: null,
      river: [], melds: [], riichi: false,
    })),
    valid_actions: [], valid_actions_mask: EMPTY_MASK, riichi_stage2: false, is_over: false, result: null,
    game: { round_label: `${roundText(round.round)}${round.honba ? `, ${round.honba} honba` : ''}`, scores: round.scores.slice() },
  };
  const push = (type: StepType, player: number | null, description: string) =>
    steps.push({ step: steps.length, event_type: type, kyoku_index: k, player, description, state: clone(s) });
  push('init', oya, `${s.game.round_label}: dealer ${seatText(oya, oya)}, dora indicator ${tileText(round.doraIndicator)}`);
  const pendingRiichi = [false, false, false, false];
  let lastDiscard: { who: number; index: number } | null = null;
  for (const ev of round.events) {
    const text = apply(s, ev, pendingRiichi, lastDiscard, oya);
    if (ev.t === 'discard') lastDiscard = { who: ev.who, index: s.players[ev.who]!.river.length - 1 };
    if (text) push(stepType(ev), 'who' in ev ? ev.who : null, text);
  }
  const sc = s.players.map((p) => p.score);
  push('kyoku_end', null, `End of ${s.game.round_label}: ${sc.map((v, i) => `P${i} ${v}`).join(', ')}`);
  return sc;
}

function stepType(ev: RoundEvent): StepType {
  return ev.t === 'bye' || ev.t === 'reconnect' ? 'kyoku_end' : ev.t;
}

function apply(s: ReplayState, ev: RoundEvent, pendingRiichi: boolean[], lastDiscard: { who: number; index: number } | null, oya: number): string | null {
  switch (ev.t) {
    case 'draw': {
      const p = s.players[ev.who]!;
      p.hand.push(ev.tile);
      p.hand.sort(byId);
      p.drawn = ev.tile;
      s.tiles_left = Math.max(0, s.tiles_left - 1);
      s.turn = ev.who;
      s.phase = ev.who;
      return `${seatText(ev.who, oya)} draws ${tileText(ev.tile)}`;
    }
    case 'discard': {
      const p = s.players[ev.who]!;
      removeTile(p.hand, ev.tile);
      p.hand.sort(byId);
      p.drawn = null;
      p.river.push({ tile: ev.tile, tsumogiri: ev.tsumogiri, riichi: pendingRiichi[ev.who]!, called: false });
      pendingRiichi[ev.who] = false;
      s.phase = 4 + ev.who;
      return `${seatText(ev.who, oya)} discards ${tileText(ev.tile)}${ev.tsumogiri ? ' (drawn tile)' : ''}`;
    }
    case 'call':
      return applyCall(s, ev.who, ev.meld, lastDiscard, oya);
    case 'riichi': {
      if (ev.step === 1) {
        pendingRiichi[ev.who] = true;
        return `${seatText(ev.who, oya)} declares riichi`;
      }
      const p = s.players[ev.who]!;
      p.riichi = true;
      p.score -= 1000;
      s.kyotaku += 1;
      return `${seatText(ev.who, oya)}'s riichi stands (1,000 on the table)`;
    }
    case 'dora':
      s.dora.push(ev.tile);
      return `New dora indicator ${tileText(ev.tile)}`;
    case 'agari':
      return applyAgari(s, ev, oya);
    case 'ryuukyoku':
      return applyRyuukyoku(s, ev, oya);
    case 'bye':
      return null;
    case 'reconnect':
      return null;
  }
}

function applyCall(s: ReplayState, who: number, meld: Meld, lastDiscard: { who: number; index: number } | null, oya: number): string {
  const p = s.players[who]!;
  if (meld.type === 'kakan') {
    const pon = p.melds.find((m) => m.type === 'pon' && m.tiles[0]! >> 2 === meld.tiles[0]! >> 2);
    removeTile(p.hand, meld.added ?? meld.tiles.find((t) => !pon?.tiles.includes(t)) ?? -1);
    if (pon) { pon.type = 'kakan'; pon.tiles = meld.tiles.slice().sort(byId); } else p.melds.push(toMeld(meld));
  } else {
    for (const t of meld.tiles) if (t !== meld.called) removeTile(p.hand, t);
    p.melds.push(toMeld(meld));
    if (meld.type !== 'ankan' && lastDiscard) {
      const river = s.players[lastDiscard.who]!.river;
      const d = river[lastDiscard.index];
      if (d) d.called = true;
    }
  }
  p.drawn = null;
  s.turn = who;
  s.phase = who;
  const name = { chi: 'chi', pon: 'pon', daiminkan: 'kan', kakan: 'added kan', ankan: 'closed kan' }[meld.type];
  const tiles = meld.tiles.map(tileText).join(' ');
  return meld.type === 'ankan' || meld.type === 'kakan'
    ? `${seatText(who, oya)} ${name}: ${tiles}`
    : `${seatText(who, oya)} calls ${name} on ${tileText(meld.called ?? meld.tiles[0]!)} from ${seatText(meld.from, oya)}: ${tiles}`;
}

const toMeld = (m: Meld) => ({ type: m.type, tiles: m.tiles.slice().sort(byId), called: m.called, from: m.from });

function applyAgari(s: ReplayState, ev: AgariEvent, oya: number): string {
  ev.deltas.forEach((d, i) => { s.players[i]!.score = (ev.scores[i] ?? 0) + d; });
  s.game.scores = s.players.map((p) => p.score);
  s.kyotaku = 0;
  s.phase = 16;
  const win = summariseAgari(ev);
  const han = win.han;
  const yaku = win.yaku.map((y) => (ev.yakuman.length ? y.name : `${y.name} ${y.han}`));
  const earlier = s.result && s.result.type === 'agari' ? (s.result.wins as unknown[]) : [];
  s.result = { type: 'agari', wins: [...earlier, win], deltas: ev.deltas };
  const how = ev.who === ev.fromWho ? 'tsumo' : `ron off ${seatText(ev.fromWho, oya)}`;
  const size = ev.yakuman.length ? 'yakuman' : `${han} han ${ev.fu} fu`;
  return `${seatText(ev.who, oya)} wins by ${how} on ${tileText(ev.machi)}: ${yaku.join(', ')} — ${size}, ${ev.points} points`;
}

function applyRyuukyoku(s: ReplayState, ev: RyuukyokuEvent, oya: number): string {
  ev.deltas.forEach((d, i) => { s.players[i]!.score = (ev.scores[i] ?? 0) + d; });
  s.game.scores = s.players.map((p) => p.score);
  s.phase = 16;
  s.result = { type: 'ryuukyoku', kind: ev.kind, wins: [], deltas: ev.deltas };
  const tenpai = ev.hands.map((h, i) => (h ? i : -1)).filter((i) => i >= 0);
  const who = ev.kind === 'exhaustive' ? ` — tenpai: ${tenpai.length ? tenpai.map((i) => seatText(i, oya)).join(', ') : 'nobody'}` : '';
  return `Draw: ${RYUUKYOKU_TEXT[ev.kind] ?? ev.kind}${who}`;
}

function removeTile(hand: number[], tile: number): void {
  const i = hand.indexOf(tile);
  if (i >= 0) hand.splice(i, 1);
}

const clone = <T>(v: T): T => structuredClone(v);
