/**
 * Playing for place, not points (option `placeSense`): a win or a deal-in is worth the change of
 * expected final place it causes (place-model.ts), converted back into points at the neutral rate
 * — what one point is worth in place with the four scores level at this point of the game — so the
 * rest of the discard score keeps its scale. With level scores a win or a loss is worth about its
 * points; a first place that a deal-in would pass weighs the loss more, a fourth that no win lifts
 * weighs both less. The weights are multipliers on the points the push-or-fold score already uses.
 */
import { expectedPlace, handsAfter, spreadOf } from './place-model';
import type { StrongOptions } from './options';
import type { Table } from './table';
import { tenpaiValueKept } from './value';
import { waitWinChance } from './wait-quality';

/** Share of wins that are tsumo (the rest: ron, from each opponent alike). */
const TSUMO_SHARE = 1 / 3;
/** The spread of what a win or a deal-in pays, as a share of its expected points (a 5,200 or a 12,000 alike). */
const VALUE_SPREAD = 0.5;
/** 4 φ(0): the expected places one point of a win moves, times the spread, with level scores. */
const LEVEL_RATE = 4 * 0.3989422804014327;

export interface PlaceWeights {
  /** Multiplier on a win's points. */
  win: number;
  /** Multiplier on the points lost by dealing in to each seat. */
  loss: Float64Array;
}

/** The weights a decision reads while it runs (one decision at a time: no allocation per decision). */
const WEIGHTS: PlaceWeights = { win: 1, loss: new Float64Array(4) };

/** True when `placeSense` acts in this hand (at most that many hands of the game left after it). */
export const placeActs = (t: Table, placeSense: number): boolean => placeSense >= 0 && handsAfter(t.view.game.round, t.view.game.max_round) <= placeSense;

const scratch = [0, 0, 0, 0];
const own = [0, 0, 0, 0];
function readScores(t: Table, into: number[] = own): number[] {
  const players = t.view.players;
  for (let i = 0; i < 4; i++) into[i] = players[i]!.score;
  return into;
}

/**
 * Expected place of `seat` once a hand it won (`dealerWin`: as the dealer) or dealt in to ended
 * with scores `s`: the hands after it, one more when the game goes on past its last hand (the top
 * under 30,000, or the dealer not on top after its own win), and the spread of what such an
 * outcome pays.
 */
function placeOnceOver(s: number[], seat: number, after: number, dealerWin: boolean, points: number): number {
  let hands = after + (dealerWin ? 1 : 0);
  if (after === 0) {
    let top = 0;
    for (let i = 0; i < 4; i++) if (i !== seat && s[i]! > top) top = s[i]!;
    hands = Math.max(top, s[seat]!) < 30000 || (dealerWin && s[seat]! <= top) ? 1 : 0;
  }
  return expectedPlace(s, seat, Math.sqrt(spreadOf(hands) ** 2 + (VALUE_SPREAD * points) ** 2));
}

/** Expected place of `seat` after it wins `v` (ron from `from`, or tsumo when `from` is −1). */
function placeAfterWin(scores: number[], seat: number, dealer: number, v: number, from: number, after: number): number {
  const s = scratch;
  for (let i = 0; i < 4; i++) s[i] = scores[i]!;
  s[seat]! += v;
  if (from >= 0) s[from]! -= v;
  else for (let i = 0; i < 4; i++) if (i !== seat) s[i]! -= seat === dealer ? v / 3 : i === dealer ? v / 2 : v / 4;
  return placeOnceOver(s, seat, after, seat === dealer, v);
}

/** Expected place after a win worth `v`, tsumo or ron from any opponent, `after` hands after this one. */
function placeAfterAnyWin(scores: number[], seat: number, dealer: number, v: number, after: number): number {
  let ron = 0;
  for (let j = 0; j < 4; j++) if (j !== seat) ron += placeAfterWin(scores, seat, dealer, v, j, after);
  return TSUMO_SHARE * placeAfterWin(scores, seat, dealer, v, -1, after) + ((1 - TSUMO_SHARE) * ron) / 3;
}

/** Expected place after paying `loss` to `to`. */
function placeAfterLoss(scores: number[], seat: number, to: number, loss: number, after: number): number {
  const s = scratch;
  for (let i = 0; i < 4; i++) s[i] = scores[i]!;
  s[seat]! -= loss;
  s[to]! += loss;
  return placeOnceOver(s, seat, after, false, loss);
}

function dealerSeat(t: Table): number {
  const players = t.view.players;
  for (let i = 0; i < 4; i++) if (players[i]!.is_oya) return i;
  return -1;
}

/**
 * The multipliers for a win worth `value` and for a deal-in to each threat (its expected loss),
 * against the hand ending some other way: the hands after it plus `extra` hands' worth of spread
 * for what the others still do in it.
 */
export function placeWeights(t: Table, value: number, extra: number, into: PlaceWeights = WEIGHTS): PlaceWeights {
  const scores = readScores(t);
  const after = handsAfter(t.view.game.round, t.view.game.max_round);
  const seat = t.seat;
  const dealer = dealerSeat(t);
  // Scores stay put for most of a hand: a seat's last standing, win and losses are kept.
  const m = memoOf(seat);
  if (!m.sameStanding(scores, after, extra)) {
    m.setStanding(scores, after, extra, expectedPlace(scores, seat, spreadOf(after + extra)), spreadOf(after + 1) / LEVEL_RATE);
  }
  const now = m.now, rate = m.rate;
  if (value <= 0) into.win = 1;
  else if (m.winValue === value && m.winDealer === dealer) into.win = m.win;
  else {
    into.win = ((now - placeAfterAnyWin(scores, seat, dealer, value, after)) * rate) / value;
    m.winValue = value; m.winDealer = dealer; m.win = into.win;
  }
  into.loss.fill(1);
  for (const th of t.threats) {
    if (th.loss <= 0) continue;
    const to = th.seat;
    if (m.lossOf[to] === th.loss) { into.loss[to] = m.loss[to]!; continue; }
    into.loss[to] = ((placeAfterLoss(scores, seat, to, th.loss, after) - now) * rate) / th.loss;
    m.lossOf[to] = th.loss; m.loss[to] = into.loss[to]!;
  }
  return into;
}

/** A seat's last placeWeights inputs and results: `now` and `rate` for a standing, the win for a value, each threat's loss multiplier for its loss. */
class PlaceMemo {
  private readonly scores = new Float64Array(4).fill(Number.NaN);
  private after = -1;
  private extra = Number.NaN;
  now = 0;
  rate = 0;
  winValue = Number.NaN;
  winDealer = -2;
  win = 1;
  readonly lossOf = new Float64Array(4).fill(Number.NaN);
  readonly loss = new Float64Array(4);

  sameStanding(s: number[], after: number, extra: number): boolean {
    const k = this.scores;
    return k[0] === s[0] && k[1] === s[1] && k[2] === s[2] && k[3] === s[3] && this.after === after && this.extra === extra;
  }

  /** A new standing: everything kept for the old one is dropped. */
  setStanding(s: number[], after: number, extra: number, now: number, rate: number): void {
    for (let i = 0; i < 4; i++) this.scores[i] = s[i]!;
    this.after = after; this.extra = extra; this.now = now; this.rate = rate;
    this.winValue = Number.NaN; this.winDealer = -2;
    this.lossOf.fill(Number.NaN);
  }
}

const MEMOS = [new PlaceMemo(), new PlaceMemo(), new PlaceMemo(), new PlaceMemo()];
const memoOf = (seat: number): PlaceMemo => MEMOS[seat]!;

/**
 * Riichi or dama by expected place, for the tenpai `hand` on `waits` after throwing `kind`: riichi
 * when dama has no yaku; else each way's chance to win from the measured rates of its waits
 * (wait-quality.ts), riichi's value × `riichiEv` (at least 1: ura, ippatsu, tsumo) after paying
 * its stick, lost when it does not win.
 */
export function riichiForPlace(t: Table, hand: number[], waits: number[], kind: number, o: Pick<StrongOptions, 'riichiEv' | 'placeExtra'>): boolean {
  const dama = tenpaiValueKept(t, hand, waits, false).ron;
  if (dama === 0) return true;
  const riichi = tenpaiValueKept(t, hand, waits, true).ron * Math.max(1, o.riichiEv);
  return riichiBeatsDama(t, waitWinChance(t, waits, kind, true), riichi, waitWinChance(t, waits, kind, false), dama, o.placeExtra);
}

/**
 * Riichi or dama by expected place: riichi wins `riichiValue` with chance `pR` after paying its
 * stick (lost when it does not win), dama wins `damaValue` with chance `pD`.
 */
export function riichiBeatsDama(t: Table, pR: number, riichiValue: number, pD: number, damaValue: number, extra: number): boolean {
  const scores = readScores(t);
  const after = handsAfter(t.view.game.round, t.view.game.max_round);
  const spread = spreadOf(after + extra);
  const dealer = dealerSeat(t);
  const dama = pD * placeAfterAnyWin(scores, t.seat, dealer, damaValue, after) + (1 - pD) * expectedPlace(scores, t.seat, spread);
  const paid = scores.slice();
  paid[t.seat]! -= 1000;
  // The stick comes back with the win (it stays on the table, taken by the winner).
  const riichi = pR * placeAfterAnyWin(scores, t.seat, dealer, riichiValue, after) + (1 - pR) * expectedPlace(paid, t.seat, spread);
  return riichi < dama;
}
