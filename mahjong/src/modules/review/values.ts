/**
 * The value of every legal option at a decision, from the seat's own view, with the strong AI's
 * models: shanten and ukeire (rules engine), the hand's value (exact through scoreHand when the
 * option leaves it tenpai or wins, else the han estimate), the chance to win from there
 * (`winChance`), the deal-in chance against every threat (`dealInChance`, danger.ts) and the
 * resulting expected points: ev = win × value − deal-in cost (− the riichi stick when it is lost).
 */
import { winChance } from '../../engine/ai/strong/guesses';
import { dealInChance } from '../../engine/ai/strong/danger';
import { choosePlan, meldKinds } from '../../engine/ai/strong/plan';
import { riskFactor } from '../../engine/ai/strong/placement';
import { readTable, type Table } from '../../engine/ai/strong/table';
import { estimateHan, hanToPoints, isYakuhai, tenpaiValue } from '../../engine/ai/strong/value';
import type { StateView } from '../../engine/game/view-schema';
import { scoreHand } from '../../engine/scoring/score-hand';
import { A, kindOfDiscard } from '../../engine/table/actions';
import { toRulesMeld } from '../../engine/table/win';
import { isRed, RED_FIVE_IDS } from '../../engine/tiles';
import { ukeire, waitingKinds } from '../../engine/ukeire';
import { discardText } from '../replay/analysis';
import type { ReviewOption, ThreatRisk } from './model';

/** Danger multipliers of the turns still to come while pushing, by shanten 0/1/2+ (the strong AI's). */
const AHEAD = [0.3, 0.6, 1];
/** What riichi adds on top of the exact riichi value: tsumo, ura and ippatsu on average. */
const RIICHI_BONUS = 1.3;
/** A riichi stick is lost unless the hand wins (a draw keeps it on the table for someone else). */
const STICK = 1000;

interface Ctx { t: Table; turns: number; unseen: number; mult: number; future: number; best: number }

const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

function context(view: StateView): Ctx {
  const t = readTable(view);
  let unseen = 136;
  for (let k = 0; k < 34; k++) unseen -= t.visible[k]!;
  return { t, turns: Math.max(0, t.tilesLeft / 4), unseen, mult: riskFactor(t), future: 0, best: 9 };
}

function risksOf(c: Ctx, kind: number | null): ThreatRisk[] {
  return c.t.threats.map((th) => ({
    seat: th.seat, riichi: th.riichi, tenpai: round3(th.tenpai),
    deal_in: kind === null ? 0 : round3(dealInChance(kind, th, c.t.visible)), loss: Math.round(th.loss),
  }));
}
const riskCost = (risk: ThreatRisk[]) => risk.reduce((s, r) => s + r.tenpai * r.deal_in * r.loss, 0);

/** The hand's ids without one copy of `kind` (the red copy when `red`). */
function without(hand: readonly number[], kind: number, red: boolean): number[] {
  const out = hand.slice();
  let at = red ? out.indexOf(RED_FIVE_IDS[[4, 13, 22].indexOf(kind)]!) : out.findIndex((id) => id >> 2 === kind && !isRed(id));
  if (at < 0) at = out.findIndex((id) => id >> 2 === kind);
  out.splice(at, 1);
  return out;
}

/** Points received for winning now on `tile` (exact, honba and sticks included); 0 without a yaku. */
function winPoints(t: Table, tile: number, tsumo: boolean, hand: number[]): number {
  const r = scoreHand({
    hand, melds: t.me.melds.map((m) => toRulesMeld(m, t.seat)), winTile: tile, tsumo, seatWind: t.seatWind - 27, roundWind: t.roundWind - 27,
    dealer: t.dealer, riichi: t.me.riichi, doraIndicators: t.view.dora, honba: t.view.honba, kyotaku: t.view.kyotaku, discarder: tsumo ? undefined : 1,
  }, { writeSets: false });
  return r.ok ? r.points.received : 0;
}

const opt = (action: number, riichi: boolean, text: string, o: Partial<ReviewOption>): ReviewOption => ({
  action, riichi, text, shanten: o.shanten ?? 8, ukeire: o.ukeire ?? 0, value: Math.round(o.value ?? 0), win: round3(o.win ?? 0),
  risk: o.risk ?? [], deal_in: round1(o.deal_in ?? 0), ev: round1(o.ev ?? 0),
});

/** A discard (with or without riichi) from the 14-tile hand. */
function discardOption(c: Ctx, action: number, riichi: boolean): ReviewOption {
  const t = c.t;
  const kind = kindOfDiscard(action);
  const counts = t.counts.slice();
  counts[kind]! -= 1;
  const seen = t.seen.slice();
  seen[kind]! += 1;
  const u = ukeire(counts, t.meldCount, seen);
  const sh = u.shanten;
  const risk = risksOf(c, kind);
  const pushing = sh <= c.best;
  const threatened = t.threats.length > 0;
  let value: number;
  let win: number;
  let extra = 0;
  if (sh === 0) {
    const hand = without(t.hand, kind, action >= 34);
    const waits = waitingKinds(counts, t.meldCount);
    const closed = t.me.melds.every((m) => m.type === 'ankan');
    const dama = tenpaiValue(t, hand, waits, t.me.riichi);
    if (riichi) {
      value = tenpaiValue(t, hand, waits, true).ron * RIICHI_BONUS;
      win = winChance(0, u.total, c.turns, c.unseen, false) * 0.95;
      extra = STICK * (1 - win);
    } else if (dama.ron > 0) {
      value = dama.ron;
      win = winChance(0, u.total, c.turns, c.unseen, t.me.furiten);
    } else {
      // No yaku to ron with: only a closed hand's tsumo wins (menzen tsumo, worth about one more han).
      value = closed ? hanToPoints(estimateHan(t, counts) - 1, t.dealer) : 0;
      win = closed ? winChance(0, u.total, c.turns, c.unseen, true) : 0;
    }
  } else {
    value = hanToPoints(estimateHan(t, counts), t.dealer);
    win = winChance(sh, u.total || 4, c.turns, c.unseen, false);
  }
  // Retreating against a threat means folding the turns after it too: a small share of the win.
  if (threatened && !pushing) win *= 0.25;
  const ahead = threatened && pushing ? c.future * AHEAD[Math.min(2, c.best)]! * (riichi ? 1.5 : 1) : 0;
  const dealIn = c.mult * (riskCost(risk) + ahead);
  const text = `${riichi ? 'riichi, ' : ''}discard ${discardText(action)}`;
  return opt(action, riichi, text, { shanten: sh, ukeire: u.total, value, win, risk, deal_in: dealIn, ev: win * value - dealIn - extra });
}

/** The options of a seat on its own turn: every discard kind (riichi or not), tsumo, kans, nine terminals. */
function turnOptions(c: Ctx): ReviewOption[] {
  const t = c.t;
  const acts = t.view.valid_actions;
  const byKind = new Map<number, number>();
  for (const a of acts) {
    if (a >= 37) continue;
    const kind = kindOfDiscard(a);
    if (!byKind.has(kind) || (a < 34 && t.counts[kind]! > 1)) byKind.set(kind, a);
  }
  // The hand's best shanten and the mean danger of its tiles: what pushing on costs later.
  for (const kind of byKind.keys()) {
    const counts = t.counts.slice();
    counts[kind]! -= 1;
    c.best = Math.min(c.best, ukeire(counts, t.meldCount).shanten);
  }
  if (t.threats.length > 0 && byKind.size > 0) {
    for (const th of t.threats) {
      let sum = 0;
      for (const kind of byKind.keys()) sum += th.tenpai * th.loss * dealInChance(kind, th, t.visible);
      c.future += sum / byKind.size;
    }
  }
  const out: ReviewOption[] = [];
  const riichiKinds = new Set(t.view.riichi_tiles.map(kindOfDiscard));
  for (const [kind, action] of byKind) {
    out.push(discardOption(c, action, false));
    if (riichiKinds.has(kind)) out.push(discardOption(c, t.view.riichi_tiles.find((a) => kindOfDiscard(a) === kind)!, true));
  }
  const bestDiscard = out.reduce<ReviewOption | null>((a, b) => (!a || b.ev > a.ev ? b : a), null);
  if (acts.includes(A.TSUMO)) {
    const drawn = t.me.drawn ?? t.hand[t.hand.length - 1]!;
    const points = winPoints(t, drawn, true, t.hand);
    out.push(opt(A.TSUMO, false, 'tsumo', { shanten: -1, value: points, win: 1, ev: points }));
  }
  for (const [a, text] of [[A.ANKAN, 'closed kan'], [A.KAKAN, 'added kan']] as const) {
    if (acts.includes(a) && bestDiscard) out.push({ ...bestDiscard, action: a, riichi: false, text });
  }
  if (acts.includes(A.KYUUSHU)) out.push(opt(A.KYUUSHU, false, 'nine terminals (abort)', { shanten: 8, ev: 0 }));
  return out;
}

const CHI_USED: Record<number, number[]> = { 0: [1, 2], 1: [-1, 1], 2: [-2, -1] };

/** Best shanten and ukeire of an 11/8/5/2-tile hand after a call, over its discards. */
function afterCall(t: Table, counts: number[], meldCount: number): { sh: number; acc: number } {
  let sh = 9, acc = 0;
  for (let k = 0; k < 34; k++) {
    if (counts[k] === 0) continue;
    counts[k]! -= 1;
    const u = ukeire(counts, meldCount, t.seen);
    counts[k]! += 1;
    if (u.shanten < sh || (u.shanten === sh && u.total > acc)) { sh = u.shanten; acc = u.total; }
  }
  return { sh, acc };
}

/** The options of a seat answering a discard or a kan: ron, chi, pon, kan, skip. */
function responseOptions(c: Ctx): ReviewOption[] {
  const t = c.t;
  const acts = t.view.valid_actions;
  const target = t.view.target;
  const out: ReviewOption[] = [];
  const kind = target ? target.tile >> 2 : -1;
  const u = ukeire(t.counts, t.meldCount, t.seen);
  const open = t.me.melds.some((m) => m.type !== 'ankan');
  const threatened = t.threats.length > 0;
  let future = 0;
  for (const th of t.threats) {
    let sum = 0, n = 0;
    for (let k = 0; k < 34; k++) if (t.counts[k]! > 0) { sum += t.counts[k]! * th.tenpai * th.loss * dealInChance(k, th, t.visible); n += t.counts[k]!; }
    future += n ? sum / n : 0;
  }
  const aheadCost = (sh: number) => (threatened ? c.mult * future * AHEAD[Math.min(2, Math.max(0, sh))]! : 0);
  // Skip: the hand as it is.
  let skipValue = hanToPoints(estimateHan(t), t.dealer);
  let skipWin = winChance(u.shanten, u.total || 4, c.turns, c.unseen, false);
  if (u.shanten === 0) {
    const waits = waitingKinds(t.counts, t.meldCount);
    const tv = tenpaiValue(t, t.hand, waits, t.me.riichi);
    skipValue = tv.ron > 0 ? tv.ron : skipValue;
    // Passing a winning tile makes the hand furiten until its next draw (riichi: for good).
    skipWin = winChance(0, u.total, c.turns, c.unseen, acts.includes(A.RON) || t.me.furiten);
  }
  const skipCost = aheadCost(u.shanten);
  if (acts.includes(A.RON) && target) {
    const points = winPoints(t, target.tile, false, [...t.hand, target.tile]);
    out.push(opt(A.RON, false, 'ron', { shanten: -1, value: points, win: 1, ev: points }));
  }
  const calls: { a: number; text: string; used: number[] }[] = [];
  for (const a of [A.PON, A.PON_RED]) if (acts.includes(a)) calls.push({ a, text: a === A.PON ? 'pon' : 'pon (red five)', used: [kind, kind] });
  if (acts.includes(A.DAIMINKAN)) calls.push({ a: A.DAIMINKAN, text: 'kan', used: [kind, kind, kind] });
  for (let a = 37; a <= 42; a++) {
    if (!acts.includes(a)) continue;
    const used = CHI_USED[(a - 37) % 3]!.map((o) => kind + o);
    const tiles = [...used, kind].sort((x, y) => x - y).map((k) => `${(k % 9) + 1}`).join('');
    calls.push({ a, text: `chi ${tiles}${'mps'[Math.floor(kind / 9)] ?? ''}${a >= 40 ? ' (red five)' : ''}`, used });
  }
  for (const call of calls) {
    const counts = t.counts.slice();
    for (const k of call.used) counts[k]! -= 1;
    const melds = [...meldKinds(t), [...call.used, kind].sort((x, y) => x - y).slice(0, 3)];
    const plan = choosePlan(t, counts, melds, true);
    const { sh, acc } = call.a === A.DAIMINKAN ? { sh: u.shanten, acc: u.total } : afterCall(t, counts, t.meldCount + 1);
    let han = estimateHan(t, counts) - (open ? 0 : 1.6) + (isYakuhai(t, kind) && call.used[0] === call.used[1] ? 1 : 0) + t.dora[kind]! + (target && isRed(target.tile) ? 1 : 0);
    for (const k of call.used) han += t.dora[k]!;
    const value = plan.plan === 'none' ? 0 : hanToPoints(han, t.dealer);
    const win = plan.plan === 'none' ? 0 : winChance(Math.max(sh, plan.shanten - 1 > sh ? plan.shanten - 1 : sh), acc || 4, c.turns, c.unseen, false);
    const cost = aheadCost(sh);
    out.push(opt(call.a, false, call.text, { shanten: sh, ukeire: acc, value, win, risk: risksOf(c, null), deal_in: cost, ev: win * value - cost }));
  }
  out.push(opt(A.SKIP, false, 'skip', { shanten: u.shanten, ukeire: u.total, value: skipValue, win: skipWin, risk: risksOf(c, null), deal_in: skipCost, ev: skipWin * skipValue - skipCost }));
  return out;
}

/** Every legal option of the seat whose view this is, highest ev first. */
export function evaluateOptions(view: StateView): ReviewOption[] {
  const c = context(view);
  const options = view.phase < 4 ? turnOptions(c) : responseOptions(c);
  return options.sort((a, b) => b.ev - a.ev);
}
