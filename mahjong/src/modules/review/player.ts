/**
 * The review engine as a player (an experiment of the strength round, mahjong/README.md "AI
 * players"): at each discard and call the options are valued (values.ts) and the review engine
 * chooses (review.ts StrongEngine: the Houou-learned discard order and call model on top of a
 * strong AI, by default the playing one with STRONG_DEFAULTS but its own order); wins, kans and nine terminals are
 * the strong AI's, and the riichi confirm follows the engine's choice made with the discard.
 * About 17 times slower than the strong AI (values and features are computed per decision).
 */
import { StrongAgent } from '../../engine/ai';
import type { StrongOptions } from '../../engine/ai/strong/agent';
import type { Agent } from '../../engine/ai/types';
import type { StateView } from '../../engine/game/view-schema';
import { A } from '../../engine/table/actions';
import { score } from '../../policy/model';
import { discardRows, type ReviewModel } from './learned';
import type { ReviewOption } from './model';
import { REVIEW_STRONG, shippedModels, StrongEngine } from './review';
import { evaluateOptions } from './values';

export interface LearnedPlayerOptions {
  /** Options of the strong AI under the models (default: STRONG_DEFAULTS without its own learned discard order). */
  strong?: Partial<StrongOptions>;
  /** The reviewer's own engine unchanged (its strong options, Houou riichi-or-dama and calls) instead. */
  reviewEngine?: boolean;
  /**
   * Which discards the model orders: 'all'; 'safe' keeps the strong AI's discard when it folds (a
   * threat is out and its discard is off the best shanten); 'calm' keeps it whenever a threat is
   * out; 'threat' keeps it whenever none is.
   */
  mode?: 'all' | 'safe' | 'calm' | 'threat';
  /** Instead of the engine's pick: model score + blend × ev / 1000 among the discards (riichi left to the strong AI). */
  blend?: number;
  /** Models other than the shipped ones (e.g. retrained by bench/mahjong-review-agreement.ts --train). */
  models?: { discard: ReviewModel; calls: ReviewModel };
  /** false: the strong AI's own calls (or discards). */
  calls?: boolean;
  discards?: boolean;
}

export class LearnedPlayer implements Agent {
  readonly name: string;
  private readonly engine: StrongEngine;
  private readonly agent: StrongAgent;
  /** The riichi confirm decided with the discard: true/false, or null to ask the strong AI. */
  private riichi: boolean | null = null;
  constructor(name = 'learned', private readonly o: LearnedPlayerOptions = {}) {
    this.name = name;
    this.agent = new StrongAgent('strong', o.reviewEngine ? REVIEW_STRONG : { learnedDiscard: false, ...o.strong });
    this.engine = new StrongEngine(this.agent, o.models?.discard, o.models?.calls);
  }

  decide(view: StateView): number {
    const acts = view.valid_actions;
    if (acts.length === 1) return acts[0]!;
    if (view.riichi_stage2) return this.riichi === null ? this.agent.decide(view) : this.riichi ? A.RIICHI : A.RIICHI_CANCEL;
    this.riichi = null;
    if (acts.includes(A.RON) || acts.includes(A.TSUMO) || acts.includes(A.KYUUSHU)) return this.agent.decide(view);
    if (view.phase >= 4 && this.o.calls === false) return this.agent.decide(view);
    if (view.phase < 4 && this.o.discards === false) return this.agent.decide(view);
    const options = evaluateOptions(view);
    const threatened = options.some((o) => o.risk.length > 0);
    if (view.phase < 4 && ((this.o.mode === 'threat' && !threatened) || (this.o.mode === 'calm' && threatened))) return this.agent.decide(view);
    if (view.phase < 4 && this.o.blend !== undefined) return this.blended(view, options);
    if (view.phase < 4 && this.o.mode === 'safe' && threatened) {
      const a = this.agent.decide(view);
      let best = 9;
      for (const o of options) if (o.action < 37 && o.shanten < best) best = o.shanten;
      const mine = options.find((o) => o.action === a);
      if (mine && mine.shanten > best) return a;
    }
    const c = this.engine.choose(view, 0, options);
    this.riichi = c.riichi;
    return c.action;
  }

  /** Model logit + blend × ev / 1000 over the discards (riichi left to the strong AI). */
  private blended(view: StateView, options: readonly ReviewOption[]): number {
    const a = this.agent.decide(view);
    if (a >= 37) return a;
    const { actions, rows } = discardRows(view, options, a);
    if (actions.length < 2) return a;
    const ev = new Map(options.filter((o) => !o.riichi).map((o) => [o.action, o.ev]));
    let best = a, top = -Infinity;
    for (let i = 0; i < actions.length; i++) {
      const s = score((this.o.models ?? shippedModels()).discard as never, rows[i]!) + this.o.blend! * (ev.get(actions[i]!) ?? 0) / 1000;
      if (s > top) { top = s; best = actions[i]!; }
    }
    return best;
  }
}
