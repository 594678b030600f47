/**
 * Replay steps by driving the engine: each hand of the log is replayed through the engine's
 * hand state machine (the replay `mahjong verify` does), and every event the engine records
 * becomes one step holding the table as the engine has it at that moment, all hands visible.
 * There is no second state machine here: this file only turns engine state into the step shape.
 */
import { handResultView, PHASE_NAMES, roundLabel, stateView, winView, type HandResultView, type StateView, type ViewedGame } from '../../engine/game';
import type { Paipu, RoundEvent } from '../../engine/paipu';
import type { Kyoku } from '../../engine/table/kyoku';
import { waitsOf } from '../../engine/table/win';
import { replayRound } from '../../engine/verify/replay-round';
import { InvalidLog } from '../../formats';
import { RYUUKYOKU_TEXT, seatText, tileText } from './describe';
import type { ReplayStep, StepType } from './model';

const NO_ACTIONS: number[] = [];

/** The hand being replayed, seen as a game by the engine's state view: nobody has a choice to make. */
function viewedHand(k: Kyoku, handIndex: number, eastSouth: boolean): ViewedGame {
  return {
    kyoku: k, scores: k.scores, round: k.init.round, handIndex, eastSouth, log: [], owari: null,
    isOver: () => false,
    // The seat whose turn it is, as the log shows it (no call is being weighed in a replay).
    actor: () => (k.over ? -1 : k.turn),
    validActions: () => NO_ACTIONS,
    waits: (seat) => waitsOf(k.players[seat]!),
    riichiDiscards: () => NO_ACTIONS,
  };
}

/**
 * The engine's full-table state view of the hand, as the pages draw it. `result`: the records
 * seen so far (a double ron shows its wins one by one). `dealt`: the table after the deal, before the first draw.
 */
function snapshot(k: Kyoku, game: ViewedGame, result: HandResultView | null, dealt = false): StateView {
  const v = stateView(game, null);
  v.result = result;
  if (!dealt) return v;
  v.phase = k.oya;
  v.phase_name = PHASE_NAMES(k.oya);
  v.turn = k.oya;
  v.tiles_left += 1;
  v.players.forEach((p, seat) => {
    p.hand = k.dealt[seat]!.slice().sort((a, b) => a - b);
    p.drawn = null;
    p.river = [];
    p.melds = [];
    p.riichi = false;
    p.furiten = false;
  });
  return v;
}

function describeEvent(e: RoundEvent, k: Kyoku): { type: StepType; player: number | null; text: string } {
  const oya = k.oya;
  switch (e.t) {
    case 'draw': return { type: 'draw', player: e.who, text: `${seatText(e.who, oya)} draws ${tileText(e.tile)}` };
    case 'discard': return { type: 'discard', player: e.who, text: `${seatText(e.who, oya)} discards ${tileText(e.tile)}${e.tsumogiri ? ' (drawn tile)' : ''}` };
    case 'riichi':
      return { type: 'riichi', player: e.who, text: e.step === 1 ? `${seatText(e.who, oya)} declares riichi` : `${seatText(e.who, oya)}'s riichi stands (1,000 on the table)` };
    case 'dora': return { type: 'dora', player: null, text: `New dora indicator ${tileText(e.tile)}` };
    case 'call': {
      const m = e.meld;
      const name = { chi: 'chi', pon: 'pon', daiminkan: 'kan', kakan: 'added kan', ankan: 'closed kan' }[m.type];
      const tiles = m.tiles.map(tileText).join(' ');
      const text = m.type === 'ankan' || m.type === 'kakan'
        ? `${seatText(e.who, oya)} ${name}: ${tiles}`
        : `${seatText(e.who, oya)} calls ${name} on ${tileText(m.called ?? m.tiles[0]!)} from ${seatText(m.from, oya)}: ${tiles}`;
      return { type: 'call', player: e.who, text };
    }
    case 'agari': {
      const win = winView(e);
      const yaku = win.yaku.map((y) => (e.yakuman.length ? y.name : `${y.name} ${y.han}`));
      const how = e.who === e.fromWho ? 'tsumo' : `ron off ${seatText(e.fromWho, oya)}`;
      const size = e.yakuman.length ? 'yakuman' : `${win.han} han ${e.fu} fu`;
      return { type: 'agari', player: e.who, text: `${seatText(e.who, oya)} wins by ${how} on ${tileText(e.machi)}: ${yaku.join(', ')} — ${size}, ${e.points} points` };
    }
    case 'ryuukyoku': {
      const tenpai = e.hands.map((h, i) => (h ? i : -1)).filter((i) => i >= 0);
      const who = e.kind === 'exhaustive' ? ` — tenpai: ${tenpai.length ? tenpai.map((i) => seatText(i, oya)).join(', ') : 'nobody'}` : '';
      return { type: 'ryuukyoku', player: null, text: `Draw: ${RYUUKYOKU_TEXT[e.kind] ?? e.kind}${who}` };
    }
    default: return { type: 'kyoku_end', player: null, text: e.t };
  }
}

/** The hand's result so far (the records the engine made up to now). */
function resultOf(k: Kyoku, seen: RoundEvent[]): HandResultView | null {
  const events = seen.filter((e) => e.t === 'agari' || e.t === 'ryuukyoku');
  if (events.length === 0 || !k.result) return null;
  return handResultView({ events, deltas: k.result.deltas, renchan: k.result.renchan }, k.oya);
}

/**
 * What a caller may compute beside each step, from the engine's table at that moment (the
 * replay analysis, analysis.ts). `event` is null for the deal (`dealt`) and for the steps that
 * close a hand or the game; `after` runs once a hand's replay is over, with the step range it made.
 */
export interface StepAnnotator<A> {
  step(k: Kyoku, event: RoundEvent | null, info: { dealt: boolean; kyokuIndex: number; step: number }): A;
  after?(k: Kyoku, info: { kyokuIndex: number; first: number; end: number; truncated: boolean }): void;
  /** Before each action the log implies (passes included), on the table of step `step` (the last one made). */
  act?(k: Kyoku, seat: number, action: number, info: { kyokuIndex: number; step: number }): void;
}

/** Turns a paipu into replay steps: one full table snapshot per engine event, all hands visible. */
export function buildSteps(paipu: Paipu): { steps: ReplayStep[]; kyoku_indices: number[] };
export function buildSteps<A>(paipu: Paipu, annotator: StepAnnotator<A>): { steps: ReplayStep[]; kyoku_indices: number[]; notes: A[] };
export function buildSteps<A>(paipu: Paipu, annotator?: StepAnnotator<A>): { steps: ReplayStep[]; kyoku_indices: number[]; notes?: A[] } {
  const steps: ReplayStep[] = [];
  const notes: A[] = [];
  const kyokuIndices: number[] = [];
  let lastKyoku: Kyoku | null = null;
  paipu.rounds.forEach((round, ki) => {
    const label = roundLabel(round.round, round.honba);
    const first = steps.length;
    kyokuIndices.push(first);
    const seen: RoundEvent[] = [];
    const push = (type: StepType, player: number | null, description: string, state: StateView) =>
      steps.push({ step: steps.length, event_type: type, kyoku_index: ki, player, description, state });
    const note = (k: Kyoku, e: RoundEvent | null, dealt: boolean) => {
      if (annotator) notes.push(annotator.step(k, e, { dealt, kyokuIndex: ki, step: notes.length }));
    };
    let game: ViewedGame | null = null;
    const observer = (e: RoundEvent, k: Kyoku) => {
      game ??= viewedHand(k, ki, paipu.rules.eastSouth);
      if (seen.length === 0) {
        push('init', k.oya, `${label}: dealer ${seatText(k.oya, k.oya)}, dora indicator ${tileText(k.doraIndicators[0]!)}`, snapshot(k, game, null, true));
        note(k, null, true);
      }
      seen.push(e);
      const d = describeEvent(e, k);
      push(d.type, d.player, d.text, snapshot(k, game, resultOf(k, seen)));
      note(k, e, false);
    };
    const onAct = annotator?.act ? (k: Kyoku, seat: number, action: number) => annotator.act!(k, seat, action, { kyokuIndex: ki, step: steps.length - 1 }) : undefined;
    const check = replayRound(round, label, { adopt: true, observer, ...(onAct ? { onAct } : {}) });
    if (!check.ok) throw new InvalidLog('xml', label, `the engine cannot replay it: ${check.mismatch}`);
    // A log cut mid-hand: drop what the engine did past the log's last event.
    steps.length = Math.min(steps.length, first + 1 + check.matched);
    notes.length = Math.min(notes.length, steps.length);
    const k = check.kyoku;
    if (k) lastKyoku = k;
    if (k && !check.truncated) {
      const last = steps.at(-1)!.state;
      push('kyoku_end', null, `End of ${last.game.round_label}: ${k.scores.map((v, i) => `P${i} ${v}`).join(', ')}`, structuredClone(last));
      note(k, null, false);
    }
    if (k && annotator?.after) annotator.after(k, { kyokuIndex: ki, first, end: steps.length, truncated: check.truncated });
  });
  if (paipu.owari && steps.length > 0) {
    const last = steps.at(-1)!;
    const state = structuredClone(last.state);
    state.is_over = true;
    state.phase = 16;
    state.turn = -1;
    state.players.forEach((p, i) => { p.score = paipu.owari!.scores[i] ?? p.score; });
    state.game.scores = paipu.owari.scores.slice();
    state.game.finished = true;
    state.game.owari = paipu.owari;
    const ranking = paipu.owari.points.map((pt, i) => `P${i} ${paipu.owari!.scores[i]} (${pt > 0 ? '+' : ''}${pt})`).join(', ');
    steps.push({ step: steps.length, event_type: 'game_end', kyoku_index: last.kyoku_index, player: null, description: `Game over: ${ranking}`, state });
    if (annotator && lastKyoku) notes.push(annotator.step(lastKyoku, null, { dealt: false, kyokuIndex: last.kyoku_index, step: notes.length }));
  }
  return annotator ? { steps, kyoku_indices: kyokuIndices, notes } : { steps, kyoku_indices: kyokuIndices };
}
