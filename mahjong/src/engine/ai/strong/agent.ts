/**
 * The "strong" built-in AI. Discards weigh, for each candidate tile, the chance of winning times
 * the hand's value against the deal-in risk to every threat (discard-choice.ts); riichi or dama by
 * value and wait (riichi-choice.ts); calls only onto a yaku route and when they buy speed
 * (call-choice.ts); all-last placement sense (placement.ts).
 */
import type { StateView } from '../../game/view-schema';
import { shanten } from '../../shanten';
import { A } from '../../table/actions';
import type { Agent } from '../types';
import type { DiscardNet } from './learned-discard';
import SHIPPED_NET from '../../../../models/strong-discard.json';
import SHIPPED_DANGER from '../../../../models/strong-danger.json';
import type { DangerModel } from './danger-model';
import { modelThreats } from './model-threats';
import { choosePlan, CLOSED_PLAN, deadKinds, meldKinds } from './plan';
import { skipWin } from './placement';
import { isOpen, readTable, type Table, tableBuffers } from './table';
import { addOneMeldThreats, closedFlush } from './value-lean';
import { BEFORE_STRENGTH_ROUND, STRONG_DEFAULTS, type StrongOptions } from './options';
import { riichiOrDama } from './riichi-choice';
import { DiscardChoice } from './discard-choice';
import { chooseCall } from './call-choice';

export { BEFORE_STRENGTH_ROUND, STRONG_DEFAULTS, type StrongOptions };

export class StrongAgent implements Agent {
  readonly name: string;
  private readonly o: StrongOptions;
  /** The arrays of this agent's table: a table lives only while the agent decides. */
  private readonly buffers = tableBuffers();
  private readonly discards: DiscardChoice;
  /** chooseCall's counts of the hand after a call (read only while it runs). */
  private readonly callCounts = new Array<number>(34).fill(0);
  /** `net`: the learned discard order's network (default: the shipped one). */
  /** `danger`: the learned opponent model read when `dangerModel` is on (default: the shipped one). */
  constructor(name = 'strong', options: Partial<StrongOptions> = {}, net: DiscardNet = SHIPPED_NET, private readonly danger: DangerModel = SHIPPED_DANGER) {
    this.name = name;
    this.o = { ...STRONG_DEFAULTS, ...options };
    this.discards = new DiscardChoice(this.o, net, danger);
  }

  /**
   * The learned discard order's feature rows on a view (one per candidate discard, its action),
   * or null when the strong AI would not discard there: for training (bench/mahjong-review-agreement.ts).
   */
  discardSample(view: StateView): { actions: number[]; rows: number[][] } | null {
    const d = this.discards;
    d.collecting = true;
    d.sample = null;
    try { this.decide(view); } finally { d.collecting = false; }
    return d.sample;
  }

  decide(view: StateView): number {
    const acts = view.valid_actions;
    if (acts.length === 1) return acts[0]!;
    const t = readTable(view, this.buffers);
    if (acts.includes(A.TSUMO) || acts.includes(A.RON)) {
      const win = acts.includes(A.TSUMO) ? A.TSUMO : A.RON;
      if (!skipWin(t, win === A.TSUMO)) return win;
      if (win === A.RON) return A.SKIP;
    }
    if (view.riichi_stage2) return riichiOrDama(t, this.o);
    if (acts.includes(A.KYUUSHU)) return shanten(t.counts, 0) >= 4 ? A.KYUUSHU : this.selfTurn(t);
    if (acts.includes(A.SKIP)) return chooseCall(t, this.o, this.callCounts);
    return this.selfTurn(t);
  }

  private selfTurn(t: Table): number {
    const acts = t.view.valid_actions;
    if (this.o.oneMeld > 0 && t.tilesLeft <= this.o.oneMeldLeft) addOneMeldThreats(t, this.o.oneMeld);
    if (this.o.dangerModel) t.threats = modelThreats(t.view, t.seat, t.dora, this.danger, this.o.dangerModelMin, this.o.dangerModelKeep, t.threats);
    // A closed hand has one plan; its shanten is only needed for a kan (discardTable counts the rest).
    const open = isOpen(t);
    let plan = open ? choosePlan(t, t.counts, meldKinds(t), true) : (this.o.flushLean > 0 && closedFlush(t, this.o)) || CLOSED_PLAN;
    // An open hand with no yaku route left was a call for tenpai at the draw (`keishiki`): every tile counts.
    if (open && this.o.keishiki > 0 && t.tilesLeft <= this.o.keishiki && (plan.plan === 'none' || plan.shanten > 0)) {
      const plain = shanten(t.counts, t.meldCount);
      if (plan.plan === 'none' || plain <= 0) plan = { plan: 'none', dead: deadKinds('closed'), shanten: plain };
    }
    if (acts.includes(A.ANKAN)) {
      const kind = t.counts.indexOf(4);
      const c = t.counts.slice();
      c[kind] = 0;
      if (t.me.riichi || (kind >= 0 && t.threats.length === 0 && shanten(c, t.meldCount + 1) <= (open ? plan.shanten : shanten(t.counts, t.meldCount)))) return A.ANKAN;
    }
    if (acts.includes(A.KAKAN) && t.threats.length === 0 && plan.shanten >= 1) {
      const kind = t.me.melds.find((m) => m.type === 'pon' && t.counts[m.tiles[0]! >> 2]! > 0)?.tiles[0];
      if (kind !== undefined) {
        const c = t.counts.slice();
        c[kind >> 2]! -= 1;
        if (shanten(c, t.meldCount) <= plan.shanten) return A.KAKAN;
      }
    }
    return this.discards.choose(t, plan);
  }
}
