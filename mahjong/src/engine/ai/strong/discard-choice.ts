/**
 * The strong AI's discard (agent.ts): for each candidate tile, the chance of winning times the
 * hand's value against the deal-in risk to every threat (danger.ts) — now and, while the hand
 * keeps pushing, for the discards still to come — so it pushes good hands, sidesteps with safe
 * tiles that keep shape, and folds poor ones. With no threat out, shanten, acceptance, shape and
 * the value leans (value-lean.ts) order the tiles; the learned discard order (learned-discard.ts)
 * may pick among them.
 */
import { kindOfDiscard } from '../../table/actions';
import { dealInChance } from './danger';
import { type DangerModel, type ModelThreat, modelRisk } from './danger-model';
import { discardTable, type DiscardTable } from './discard-table';
import { passedKinds } from './furiten-reads';
import { shape, winChance } from './guesses';
import { byExpectedScore, handEvModel, valueAfter } from './hand-ev-value';
import { candidateFeatures, pickCandidate, type DiscardNet } from './learned-discard';
import type { StrongOptions } from './options';
import { riskFactor } from './placement';
import { placeActs, placeWeights } from './place-utility';
import type { PlanChoice } from './plan';
import { measuredDealIn, measuredValue, measuredWin } from './push-fold';
import { isOpen, type Table } from './table';
import { estimateHan, hanToPoints, isYakuhai } from './value';
import { leanBonus, mainSuit, tanyaoLeanKinds } from './value-lean';
import { weightedWaits } from './wait-quality';

/** Discard index of the red copy of a kind (5m 34, 5p 35, 5s 36), else -1: a dense array, read per candidate. */
const RED_ACTION = new Int8Array(34).fill(-1);
RED_ACTION[4] = 34; RED_ACTION[13] = 35; RED_ACTION[22] = 36;

interface Row { kind: number; action: number; sh: number; accept: number; risk: number; score: number; bonus: number; shape: number }

// Module functions, not closures in `choose`: a closure there would move the locals it reads
// (the counted hand, the offered bits) into a heap scope for the whole decision.
/** Whether discard index `a` is among the offered ones (bits `lo`: 0–31, `hi`: 32–36). */
const isOffered = (lo: number, hi: number, a: number) => (a < 32 ? (lo >>> a) & 1 : (hi >>> (a - 32)) & 1) === 1;
/** A kind's slot in the discard table: its own, or 34 for a tile the plan set aside (the counted hand stays as it is). */
const slotOf = (c: number[], k: number) => (c[k]! > 0 ? k : 34);
const acceptBySlot = (table: DiscardTable, c: number[]) => (k: number) => table.accept(slotOf(c, k));

/** One discard's scoring, its scratch reused by every decision (read only while it runs). */
export class DiscardChoice {
  /** Set by the caller: the next `choose` keeps its candidates' feature rows in `sample` instead of picking. */
  collecting = false;
  /** The learned discard order's feature rows of the last collecting `choose` (one per candidate, its action). */
  sample: { actions: number[]; rows: number[][] } | null = null;
  private readonly counted = new Array<number>(34).fill(0);
  private readonly rows: Row[] = [];
  private readonly rowPool: Row[] = [];
  private readonly atBest: Row[] = [];
  private readonly loose: Row[] = [];
  /** Kinds each seat passed this turn (furiten-reads.ts `passedKinds`), seat × 34. */
  private readonly passed = new Uint8Array(4 * 34);

  /** `net`: the learned discard order's network; `danger`: the learned opponent model read when `dangerModel` is on. */
  constructor(private readonly o: StrongOptions, private readonly net: DiscardNet, private readonly danger: DangerModel) {}

  /** Scores every discard; see the file comment. */
  choose(t: Table, plan: PlanChoice): number {
    const acts = t.view.valid_actions;
    const c = this.counted;
    for (let k = 0; k < 34; k++) c[k] = plan.dead[k] ? 0 : t.counts[k]!;
    for (let k = 27; k < 34; k++) if (plan.plan !== 'closed' && t.counts[k]! >= 2 && isYakuhai(t, k)) c[k] = t.counts[k]!;
    // Which discard indices are offered, as bits: one test per candidate instead of a list search.
    let lo = 0, hi = 0;
    for (let i = 0; i < acts.length; i++) { const a = acts[i]!; if (a < 32) lo |= 1 << a; else if (a < 37) hi |= 1 << (a - 32); }
    const rows = this.rows;
    rows.length = 0;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i]!;
      if (a >= 37) continue;
      const kind = kindOfDiscard(a);
      if (a < 34 && RED_ACTION[kind]! >= 0 && isOffered(lo, hi, RED_ACTION[kind]!) && t.counts[kind] === 1) continue;
      if (a >= 34 && isOffered(lo, hi, kind)) continue; // keep the red five, throw a plain copy
      const r = this.rowPool[rows.length] ??= { kind: 0, action: 0, sh: 0, accept: 0, risk: 0, score: 0, bonus: 0, shape: 0 };
      r.kind = kind; r.action = a; r.sh = 0; r.accept = 0; r.risk = 0; r.score = 0; r.bonus = 0; r.shape = shape(t, kind);
      rows.push(r);
    }
    if (rows.length === 0) return acts[0]!;
    // Shanten of every discard first (a tile the plan set aside leaves the counted hand as it is:
    // its slot is 34).
    let aside = false;
    for (let i = 0; i < rows.length; i++) if (c[rows[i]!.kind] === 0) aside = true;
    const table = discardTable(c, t.meldCount, plan.dead, t.visible, aside);
    const best = table.best;
    let atBest = this.atBest;
    atBest.length = 0;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      r.sh = table.shanten[slotOf(c, r.kind)]!;
      if (r.sh === best) atBest.push(r);
    }
    // Far from tenpai an isolated honour or terminal is the discard whatever the counts say:
    // skip the acceptance count among such tiles.
    if (best >= 2 && t.threats.length === 0) {
      const loose = this.loose;
      loose.length = 0;
      for (let i = 0; i < atBest.length; i++) if (atBest[i]!.shape >= 5) loose.push(atBest[i]!);
      if (loose.length > 0) atBest = loose;
    }
    const threatened = t.threats.length > 0;
    const measured = this.o.measured && threatened;
    if ((best <= this.o.ukeireShanten && atBest.length > 1) || (measured && best <= 2)) for (let i = 0; i < atBest.length; i++) atBest[i]!.accept = table.accept(slotOf(c, atBest[i]!.kind));
    // Tenpai: the waits weighed by how readily they are thrown (only the order uses it).
    if (best === 0 && this.o.ronWeight >= 0 && atBest.length > 1) for (let i = 0; i < atBest.length; i++) { const r = atBest[i]!; if (c[r.kind]! > 0) { const w = weightedWaits(t, c, r.kind, this.o.ronWeight); if (w >= 0) r.bonus = (w - r.accept) * 10; } }
    const han = threatened ? estimateHan(t) : 0;
    const turns = Math.max(0, t.tilesLeft / 4);
    // The unseen tiles only for the guessed win chance (threatened, not measured).
    let unseenTotal = 136;
    if (threatened && !measured) for (let k = 0; k < 34; k++) unseenTotal -= t.visible[k]!;
    let riichiThreat = false;
    for (let i = 0; i < t.threats.length; i++) if (t.threats[i]!.riichi) riichiThreat = true;
    const open = isOpen(t);
    const place = threatened && placeActs(t, this.o.placeSense) ? placeWeights(t, measuredValue(han, open, t.dealer), this.o.placeExtra) : null;
    const mult = (place ? 1 : riskFactor(t)) * this.o.caution;
    // Mean danger of the tiles we hold: what pushing on will cost in the turns to come.
    let future = 0;
    if (threatened) {
      const passed = this.o.passedRead > 0 && passedKinds(t, this.passed, this.o.passedRead >= 2) ? this.passed : null;
      for (const th of t.threats) {
        let sum = 0;
        for (const r of rows) {
          // A kind the threat passed this turn cannot deal in to it, whichever model reads the rest.
          const risk = (passed !== null && passed[th.seat * 34 + r.kind] === 1 ? 0
            : (th as ModelThreat).model && this.o.dangerModelWaits ? modelRisk(this.danger, th as ModelThreat, r.kind, t.visible, t.dora) : this.shapeRisk(th, r.kind, t.visible, measured)) * (place ? place.loss[th.seat]! : 1);
          r.risk += risk;
          sum += risk;
        }
        future += sum / rows.length;
      }
    }
    const evPush = measured && this.o.evPush > 0 && best <= 1 && t.meldCount === 0 ? handEvModel(t, this.o.evRate, this.o.evDraws) : null;
    // The value leans (value-lean.ts), with no threat out: one test per candidate when none applies.
    const lean = !threatened && this.o.tanyaoLean > 0 ? tanyaoLeanKinds(t, c, plan, this.o.tanyaoMax) : -1;
    const flushSuit = !threatened && this.o.flushSoft > 0 && t.meldCount === 0 ? mainSuit(c, this.o.flushSoftMin) : -1;
    const leans = !threatened && (lean >= 0 || flushSuit >= 0 || this.o.doraNear > 0 || (this.o.yakuhaiKeep !== 0 && best >= 2));
    for (const r of rows) {
      let eff = -r.sh * 1000 + r.accept * 10 + r.bonus + r.shape - this.o.doraKeep * t.dora[r.kind]! - (r.action >= 34 ? 15 : 0);
      if (leans) eff += leanBonus(t, this.o, c, r.kind, r.sh, best, lean, flushSuit);
      if (threatened) {
        const pushing = r.sh === best;
        const noYaku = this.o.keishiki > 0 && plan.plan === 'none';
        const value = noYaku ? this.o.keishikiValue : (measured ? measuredValue(han - t.dora[r.kind]! - (r.action >= 34 ? 1 : 0), open, t.dealer) : hanToPoints(han - t.dora[r.kind]! - (r.action >= 34 ? 1 : 0), t.dealer)) * (t.dealer ? this.o.dealerValue : 1);
        const win = noYaku ? (pushing && best === 0 ? 1 : 0) : !pushing ? (measured ? 0 : 0.01)
          : measured ? measuredWin(riichiThreat, best, r.accept, turns) * (t.me.furiten && best === 0 ? 0.5 : 1)
          : winChance(best, r.accept || 4, turns, unseenTotal, t.me.furiten && best === 0);
        const ahead = pushing ? future * this.o.ahead[Math.min(2, best)]! : 0;
        eff = (evPush && pushing ? this.o.evPush * valueAfter(evPush, c, r.kind, best) : win * value * (place ? place.win : 1)) - mult * (r.risk + ahead) + eff / 100;
      }
      r.score = eff;
    }
    if (!threatened && best <= this.o.handEv && t.meldCount === 0) byExpectedScore(t, c, rows, atBest, best, this.o, acceptBySlot(table, c));
    let top = 0;
    for (let i = 1; i < rows.length; i++) if (rows[i]!.score > rows[top]!.score) top = i;
    if (rows.length > 1 && (this.collecting || this.o.learnedDiscard)) {
      const accept: number[] = [];
      const shapes: number[] = [];
      for (const r of rows) {
        accept.push(r.sh !== best || best > 3 ? 0 : r.accept || table.accept(slotOf(c, r.kind)));
        shapes.push(shape(t, r.kind));
      }
      const features = candidateFeatures(t, rows, accept, shapes, top, best);
      if (this.collecting) this.sample = { actions: rows.map((r) => r.action), rows: features };
      else top = pickCandidate(this.net, features);
    }
    return rows[top]!.action;
  }

  /** A threat's risk from danger.ts's shape count (measured or guessed). */
  private shapeRisk(th: Table['threats'][number], kind: number, visible: number[], measured: boolean): number {
    const d = dealInChance(kind, th, visible);
    return th.tenpai * th.loss * (measured ? measuredDealIn(d, this.o.dealInOffset) : d > 0 ? d + this.o.dangerAdd : 0);
  }
}
