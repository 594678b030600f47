/**
 * A learned opponent model (`StrongOptions.dangerModel`): for every opponent, the chance it is
 * tenpai, the chance that a kind is one of its winning tiles (with a yaku, not furiten) if it is,
 * and what a deal-in pays — three small linear models fitted on full-information self-play
 * (bench/mahjong-danger-fit.ts writes models/strong-danger.json). Every input is what the seat
 * sees: rivers with their tsumogiri flags, melds, dora, turn. The wait model takes today's shape
 * count (danger.ts dealInChance) as one input, so it refines that count rather than replaces it;
 * the rest is what the count cannot see: hands with one meld or none, a flush or all-simples route
 * against a kind outside it, late hand changes.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { isRed } from '../../tiles';
import { dealInChance, riverFacts, type Threat, windKind } from './danger';

export interface DangerModel {
  /** Logistic weights of P(tenpai) for a seat not in riichi (TENPAI_FEATURES). */
  tenpai: number[];
  /** Logistic weights of P(kind wins | tenpai) (WAIT_FEATURES). */
  wait: number[];
  /** Linear weights of the points a deal-in pays, in thousands (VALUE_FEATURES). */
  value: number[];
}

export const TENPAI_FEATURES = ['bias', 'closed', 'open1', 'open2', 'open3+', 'closedRiver', 'openRiver', 'yakuhaiMeld', 'tanyaoRoute', 'flushRoute', 'noRoute', 'tedashi6', 'tsumogiriStreak', 'middleTedashi6', 'doraShown', 'riverSquared', 'fourMelds'] as const;
export const WAIT_FEATURES = ['bias', 'shapeCount', 'honour', 'terminal', 'twoEight', 'left', 'riichi', 'riichiShape', 'openShape', 'flushSuit', 'flushOffSuit', 'tanyaoYao', 'yakuhaiHonour', 'suji', 'dora', 'twoPons', 'nearLastTedashi', 'riichiNeighbour', 'dama', 'logShape', 'suitShare'] as const;
export const VALUE_FEATURES = ['bias', 'riichi', 'dealer', 'doraShown', 'open', 'flushRoute', 'kindDora', 'yakuhaiMelds', 'dama'] as const;

/** What the model reads of one opponent once per decision; a Threat too (danger.ts reads safe, early, riichiKind). */
export interface ModelThreat extends Threat {
  model: true;
  open: number;
  pons: number;
  /** Suit (0–2) of a flush route, else −1; `tanyao`: every meld tile simple (with at least one meld). */
  flushSuit: number;
  tanyao: boolean;
  yakuhaiMelds: number;
  doraShown: number;
  dealer: boolean;
  seatWind: number;
  /** Kind of the last hand-changing discard, or −1. */
  lastTedashi: number;
  /** Share of its river in each suit (3: honours). */
  suitShare: Float64Array;
  tenpaiRow: Float64Array;
  valueBase: number;
  /** What a dora winning tile pays (valueOf with kindDora). */
  valueDora: number;
  /** The wait logit's terms that do not depend on the kind, and the shape count's weight for this seat. */
  waitBase: number;
  shapeWeight: number;
}

const isYao = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;
const dot = (w: number[], x: ArrayLike<number>) => { let s = 0; for (let i = 0; i < w.length; i++) s += w[i]! * x[i]!; return s; };
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Reads opponent `p` from `view` (`visible`: copies the viewer sees, its hand included; `dora` per kind). */
export function readOpponent(view: StateView, p: PlayerView, dora: number[], m: DangerModel): ModelThreat {
  let open = 0, pons = 0, doraShown = 0, yakuhaiMelds = 0, suits = 0, tanyao = true;
  const sw = windKind(p.wind), rw = windKind(view.round_wind);
  for (const meld of p.melds) {
    if (meld.type !== 'ankan') open++;
    const k0 = meld.tiles[0]! >> 2;
    if (meld.type !== 'chi') pons++;
    if (meld.type !== 'chi' && k0 >= 27 && (k0 >= 31 || k0 === sw || k0 === rw)) yakuhaiMelds++;
    for (const id of meld.tiles) {
      const k = id >> 2;
      doraShown += dora[k]! + (isRed(id) ? 1 : 0);
      if (isYao(k)) tanyao = false;
      if (k < 27) suits |= 1 << ((k / 9) | 0);
    }
  }
  const hasMeld = p.melds.length > 0;
  if (!hasMeld) tanyao = false;
  const river = p.river;
  const suitShare = new Float64Array(4);
  for (const r of river) { const k = r.tile >> 2; suitShare[k >= 27 ? 3 : (k / 9) | 0]! += 1; }
  if (river.length > 0) for (let i = 0; i < 4; i++) suitShare[i]! /= river.length;
  // A flush route: the melds in one suit and none of that suit in six discards or more (any one meld is in one suit).
  const meldSuit = hasMeld && suits !== 0 && (suits & (suits - 1)) === 0 ? 31 - Math.clz32(suits) : -1;
  const flushSuit = meldSuit >= 0 && river.length >= 6 && suitShare[meldSuit] === 0 ? meldSuit : -1;
  const { safe, early, riichiKind } = riverFacts(view, p);
  let tedashi6 = 0, middle6 = 0, streak = 0, lastTedashi = -1;
  for (let i = river.length - 1, n = 0; i >= 0 && n < 6; i--, n++) {
    const r = river[i]!;
    if (!r.tsumogiri) { tedashi6++; const k = r.tile >> 2; if (k < 27 && k % 9 >= 1 && k % 9 <= 7) middle6++; }
  }
  for (let i = river.length - 1; i >= 0 && river[i]!.tsumogiri; i--) streak++;
  for (let i = river.length - 1; i >= 0; i--) if (!river[i]!.tsumogiri) { lastTedashi = river[i]!.tile >> 2; break; }
  const len = river.length / 18;
  const closed = open === 0 ? 1 : 0;
  const x = new Float64Array(TENPAI_FEATURES.length);
  x[0] = 1; x[1] = closed; x[2] = open === 1 ? 1 : 0; x[3] = open === 2 ? 1 : 0; x[4] = open >= 3 ? 1 : 0;
  x[5] = closed * len; x[6] = (1 - closed) * len;
  x[7] = yakuhaiMelds > 0 ? 1 : 0; x[8] = tanyao && open > 0 ? 1 : 0; x[9] = flushSuit >= 0 && open > 0 ? 1 : 0;
  x[10] = open > 0 && yakuhaiMelds === 0 && !tanyao && flushSuit < 0 ? 1 : 0;
  x[11] = tedashi6 / 6; x[12] = Math.min(6, streak) / 6; x[13] = middle6 / 6; x[14] = Math.min(4, doraShown) / 3;
  x[15] = len * len; x[16] = p.melds.length >= 4 ? 1 : 0;
  const tenpai = p.riichi ? 1 : sigmoid(dot(m.tenpai, x));
  const th: ModelThreat = {
    model: true, seat: p.seat, tenpai, loss: 0, riichi: p.riichi, safe, early, riichiKind,
    open, pons, flushSuit, tanyao, yakuhaiMelds, doraShown, dealer: p.is_oya, seatWind: sw, lastTedashi, suitShare, tenpaiRow: x, valueBase: 0, valueDora: 0, waitBase: 0, shapeWeight: 0,
  };
  th.valueBase = valueOf(m, th, false);
  th.valueDora = valueOf(m, th, true);
  th.loss = th.valueBase;
  const w = m.wait;
  th.waitBase = w[0]! + (p.riichi ? w[6]! : 0) + (pons >= 2 ? w[15]! : 0) + (!p.riichi && open === 0 ? w[18]! : 0);
  th.shapeWeight = w[1]! + (p.riichi ? w[7]! : 0) + (open > 0 ? w[8]! : 0);
  return th;
}

/** The value model's inputs (VALUE_FEATURES) for a deal-in to `th`; `kindDora`: the winning tile is a dora. */
export function valueRow(th: ModelThreat, kindDora: boolean): number[] {
  return [1, th.riichi ? 1 : 0, th.dealer ? 1 : 0, Math.min(4, th.doraShown), th.open > 0 ? 1 : 0, th.flushSuit >= 0 && th.open > 0 ? 1 : 0, kindDora ? 1 : 0, th.yakuhaiMelds, !th.riichi && th.open === 0 ? 1 : 0];
}

/** Points (not thousands) a deal-in to `th` pays; `kindDora`: the winning tile is a dora. */
export function valueOf(m: DangerModel, th: ModelThreat, kindDora: boolean): number {
  return Math.max(1, dot(m.value, valueRow(th, kindDora))) * 1000;
}

const WAIT_ROW = new Float64Array(WAIT_FEATURES.length);

/** The wait model's inputs for `kind` against `th` into `x` (false: genbutsu or no copy left, chance 0). */
export function waitRow(th: ModelThreat, kind: number, visible: number[], dora: number[], x: Float64Array): boolean {
  if (th.safe[kind]) return false;
  const left = 4 - visible[kind]!;
  if (left <= 0) return false;
  const d = dealInChance(kind, th, visible) * 10;
  const honour = kind >= 27, n = kind % 9, suit = (kind / 9) | 0;
  x[0] = 1; x[1] = d; x[2] = honour ? 1 : 0; x[3] = !honour && (n === 0 || n === 8) ? 1 : 0; x[4] = !honour && (n === 1 || n === 7) ? 1 : 0;
  x[5] = left / 4; x[6] = th.riichi ? 1 : 0; x[7] = th.riichi ? d : 0; x[8] = th.open > 0 ? d : 0;
  x[9] = th.flushSuit >= 0 && !honour && suit === th.flushSuit ? 1 : 0;
  x[10] = th.flushSuit >= 0 && !honour && suit !== th.flushSuit ? 1 : 0;
  x[11] = th.tanyao && isYao(kind) ? 1 : 0;
  x[12] = honour && (kind >= 31 || kind === th.seatWind) ? 1 : 0;
  let suji = 0;
  if (!honour) {
    const lo = n >= 3 ? th.safe[kind - 3] === 1 : true, hi = n <= 5 ? th.safe[kind + 3] === 1 : true;
    suji = lo && hi ? 1 : 0;
  }
  x[13] = suji; x[14] = dora[kind]! > 0 ? 1 : 0; x[15] = th.pons >= 2 ? 1 : 0;
  const lt = th.lastTedashi;
  x[16] = !honour && lt >= 0 && lt < 27 && ((lt / 9) | 0) === suit && Math.abs(lt - kind) <= 2 && lt !== kind ? 1 : 0;
  const rk = th.riichiKind;
  x[17] = !honour && rk >= 0 && rk < 27 && ((rk / 9) | 0) === suit && Math.abs(rk - kind) <= 2 && rk !== kind ? 1 : 0;
  x[18] = !th.riichi && th.open === 0 ? 1 : 0;
  x[19] = Math.log(d + 0.05);
  x[20] = th.suitShare[honour ? 3 : suit]!;
  return true;
}

/** P(kind is a winning tile of `th` | tenpai), from the feature row (what the fit reads). */
export function waitChanceByRow(m: DangerModel, th: ModelThreat, kind: number, visible: number[], dora: number[]): number {
  return waitRow(th, kind, visible, dora, WAIT_ROW) ? sigmoid(dot(m.wait, WAIT_ROW)) : 0;
}

/**
 * The same, summed term by term without the row (read per threat and candidate discard: the
 * kind-free terms come from the threat; the test holds it equal to waitChanceByRow).
 */
export function waitChance(m: DangerModel, th: ModelThreat, kind: number, visible: number[], dora: number[]): number {
  if (th.safe[kind]) return 0;
  const left = 4 - visible[kind]!;
  if (left <= 0) return 0;
  const w = m.wait;
  const d = dealInChance(kind, th, visible) * 10;
  let z = th.waitBase + th.shapeWeight * d + w[5]! * (left / 4) + w[19]! * Math.log(d + 0.05);
  if (kind >= 27) {
    z += w[2]! + w[20]! * th.suitShare[3]!;
    if (th.tanyao) z += w[11]!;
    if (kind >= 31 || kind === th.seatWind) z += w[12]!;
  } else {
    const n = kind % 9, suit = (kind / 9) | 0;
    z += w[20]! * th.suitShare[suit]!;
    if (n === 0 || n === 8) { z += w[3]!; if (th.tanyao) z += w[11]!; } else if (n === 1 || n === 7) z += w[4]!;
    if (th.flushSuit >= 0) z += suit === th.flushSuit ? w[9]! : w[10]!;
    if ((n < 3 || th.safe[kind - 3] === 1) && (n > 5 || th.safe[kind + 3] === 1)) z += w[13]!;
    const lt = th.lastTedashi;
    if (lt >= 0 && lt < 27 && lt !== kind && ((lt / 9) | 0) === suit && (lt > kind ? lt - kind : kind - lt) <= 2) z += w[16]!;
    const rk = th.riichiKind;
    if (rk >= 0 && rk < 27 && rk !== kind && ((rk / 9) | 0) === suit && (rk > kind ? rk - kind : kind - rk) <= 2) z += w[17]!;
  }
  if (dora[kind]! > 0) z += w[14]!;
  return 1 / (1 + Math.exp(-z));
}

/** Expected points lost to `th` by throwing `kind`: P(tenpai) × P(wait) × value. */
export function modelRisk(m: DangerModel, th: ModelThreat, kind: number, visible: number[], dora: number[]): number {
  const p = waitChance(m, th, kind, visible, dora);
  if (p === 0) return 0;
  return th.tenpai * p * (dora[kind]! > 0 ? th.valueDora : th.valueBase);
}
