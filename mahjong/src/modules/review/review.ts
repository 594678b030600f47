/**
 * The game review: the engine replays the log (the replay's `buildSteps`) and before every action
 * the log implies — discards, riichi, wins taken or passed, calls made or passed — the seat's own
 * view is valued option by option (values.ts), an engine chooses (the strong AI, or an mjai bot
 * whose answers were collected beforehand, mjai-engine.ts), and the player's choice is set against
 * the engine's: agreement, the value lost and its severity; then a summary per seat.
 */
import { StrongAgent } from '../../engine/ai';
import { BEFORE_STRENGTH_ROUND, type StrongOptions } from '../../engine/ai/strong/agent';
import { stateView } from '../../engine/game/view';
import type { StateView } from '../../engine/game/view-schema';
import type { Paipu, RoundEvent } from '../../engine/paipu';
import { roundLabel } from '../../engine/game/game';
import { A, kindOfDiscard } from '../../engine/table/actions';
import type { Kyoku } from '../../engine/table/kyoku';
import { playerInfo, viewedGame } from '../replay/analysis';
import { buildSteps } from '../replay/steps';
import { Value } from '@sinclair/typebox/value';
import reviewModelFile from '../../../models/review-discard.json';
import callModelFile from '../../../models/review-calls.json';
import riichiModelFile from '../../../models/review-riichi.json';
import { callRows, discardRows, pickDiscard, ReviewModel } from './learned';
import { riichiChance, riichiFeatures, RiichiModel } from './riichi-model';
import type { DecisionKind, PlayerReview, ReviewDecision, ReviewOption, ReviewReport, Severity } from './model';
import { evaluateOptions } from './values';

/** Loss in points from which a disagreement is a small, medium or large mistake. */
export const THRESHOLDS = { small: 100, medium: 400, large: 1200 } as const;
/** Rating = 100 × exp(−mean loss per decision / RATING_SCALE). */
export const RATING_SCALE = 200;

/** What an engine would do on a view: the action, and for a riichi-able discard whether it declares. */
export interface EngineChoice { action: number; riichi: boolean }

/** Chooses at each decision; `key` numbers the decisions of the game in replay order; `options` are the decision's valued options. */
export interface ReviewEngine {
  readonly name: string;
  choose(view: StateView, key: number, options: readonly ReviewOption[]): EngineChoice;
}

/** A shipped model (learned.ts), checked once. */
function shippedModel(file: unknown, name: string): ReviewModel {
  if (!Value.Check(ReviewModel, file)) throw new Error(`models/${name} is not a mahjong-review-v1 model`);
  return file;
}
function shippedRiichiModel(file: unknown): RiichiModel {
  if (!Value.Check(RiichiModel, file)) throw new Error('models/review-riichi.json is not a mahjong-riichi-v1 model');
  return file;
}
let shipped: { discard: ReviewModel; calls: ReviewModel; riichi: RiichiModel } | null = null;
export const shippedModels = () => (shipped ??= {
  discard: shippedModel(reviewModelFile, 'review-discard.json'), calls: shippedModel(callModelFile, 'review-calls.json'), riichi: shippedRiichiModel(riichiModelFile),
});

/**
 * The built-in review engine: the strong AI (the riichi question asked on the stage-2 view, as a
 * live game does) with the riichi-or-dama judgment of Houou players (`hououDama`), their reluctance
 * to open a closed hand before one shanten (`firstCallShanten: 1`), and among discards (unless it
 * declares riichi) the order of a model learned from Houou games on top of the strong AI's values
 * and choice (learned.ts, models/review-discard.json); calls (chi, pon, kan or pass, when no ron is
 * offered) by a second such model (models/review-calls.json); riichi or dama, where riichi is
 * possible, by a third (riichi-model.ts, models/review-riichi.json).
 */
/** The strong AI's options under the review engine. */
export const REVIEW_STRONG: Partial<StrongOptions> = { ...BEFORE_STRENGTH_ROUND, hououDama: true, firstCallShanten: 1 };

export class StrongEngine implements ReviewEngine {
  readonly name: string;
  constructor(
    private readonly agent = new StrongAgent('strong', REVIEW_STRONG),
    private readonly model: ReviewModel | null = shippedModels().discard,
    private readonly callModel: ReviewModel | null = shippedModels().calls,
    private readonly riichiModel: RiichiModel | null = shippedModels().riichi,
  ) {
    this.name = agent.name;
  }

  choose(view: StateView, _key?: number, options?: readonly ReviewOption[]): EngineChoice {
    const c = this.strong(view);
    // Houou players add a drawn fourth tile to their pon unless someone is in riichi.
    if (view.phase < 4 && view.valid_actions.includes(A.KAKAN) && c.action < 37 && !c.riichi && !view.players.some((p) => p.seat !== view.viewer && p.riichi)) return { action: A.KAKAN, riichi: false };
    if (view.phase >= 4 && this.callModel && options && options.length >= 2 && !view.valid_actions.includes(A.RON)) {
      const { actions, rows } = callRows(view, options, c.action);
      return { action: pickDiscard(this.callModel, actions, rows), riichi: false };
    }
    if (!this.model || !options || view.phase >= 4 || c.action >= 37) return c;
    const { actions, rows } = discardRows(view, options, c.action);
    if (actions.length < 2) return c;
    const x = this.riichiModel ? riichiFeatures(view) : null;
    const riichi = x ? riichiChance(this.riichiModel!, x) >= 0.5 : c.riichi;
    if (!riichi) return { action: pickDiscard(this.model, actions, rows), riichi: false };
    // Riichi: the model picks among the discards that keep tenpai.
    const ok = actions.map((a, i) => (view.riichi_tiles.includes(a) ? i : -1)).filter((i) => i >= 0);
    if (ok.length === 0) return c;
    return { action: ok.length === 1 ? actions[ok[0]!]! : pickDiscard(this.model, ok.map((i) => actions[i]!), ok.map((i) => rows[i]!)), riichi: true };
  }

  private strong(view: StateView): EngineChoice {
    const action = this.agent.decide(view);
    if (action >= 37 || !view.riichi_tiles.includes(action)) return { action, riichi: false };
    const mask = new Array<boolean>(54).fill(false);
    mask[A.RIICHI] = true;
    mask[A.RIICHI_CANCEL] = true;
    const stage2: StateView = { ...view, riichi_stage2: true, riichi_tile: action, valid_actions: [A.RIICHI, A.RIICHI_CANCEL], valid_actions_mask: mask };
    return { action, riichi: this.agent.decide(stage2) === A.RIICHI };
  }
}

export function severityOf(loss: number): Severity {
  if (loss >= THRESHOLDS.large) return 'large';
  if (loss >= THRESHOLDS.medium) return 'medium';
  if (loss >= THRESHOLDS.small) return 'small';
  return 'none';
}

/** The option an action picks: a discard by kind (and riichi), a chi by the called tile's place. */
export function optionOf(options: readonly ReviewOption[], action: number, riichi: boolean): number {
  const exact = options.findIndex((o) => o.action === action && o.riichi === riichi);
  if (exact >= 0) return exact;
  if (action < 37) return options.findIndex((o) => o.action < 37 && kindOfDiscard(o.action) === kindOfDiscard(action) && o.riichi === riichi);
  if (action <= 42) return options.findIndex((o) => o.action >= 37 && o.action <= 42 && (o.action - 37) % 3 === (action - 37) % 3);
  if (action === A.PON_RED || action === A.PON) return options.findIndex((o) => o.action === A.PON || o.action === A.PON_RED);
  return -1;
}

function kindOf(view: StateView): DecisionKind {
  const acts = view.valid_actions;
  if (acts.includes(A.RON) || acts.includes(A.TSUMO)) return 'win';
  if (view.phase < 4 && view.riichi_tiles.length > 0) return 'riichi';
  if (view.phase >= 4) return 'call';
  return 'discard';
}

interface Pending { decision: ReviewDecision; engineChoice: EngineChoice }

/** Walks the game and calls `visit` at every decision with more than one legal option (replay order). */
export function forEachDecision(
  paipu: Paipu,
  visit: (view: StateView, k: Kyoku, seat: number, action: number, info: { kyokuIndex: number; step: number }) => void,
  onRiichi?: (seat: number, declared: boolean) => void,
  onHandEnd?: (kyokuIndex: number, events: readonly RoundEvent[]) => void,
): void {
  buildSteps(paipu, {
    step: () => null,
    after(k, info) { onHandEnd?.(info.kyokuIndex, k.events.slice(0, Math.max(0, info.end - info.first - 1))); },
    act(k, seat, action, info) {
      if (k.stage2) { onRiichi?.(seat, action === A.RIICHI); return; }
      const view = stateView(viewedGame(k, paipu, info.kyokuIndex), seat, { shallow: true });
      if (view.valid_actions.length <= 1) return;
      visit(view, k, seat, action, info);
    },
  });
}

export interface ReviewOptions { seats?: number[]; engine?: ReviewEngine }

export function reviewGame(paipu: Paipu, opts: ReviewOptions = {}): ReviewReport {
  const started = performance.now();
  const engine = opts.engine ?? new StrongEngine();
  const seats = opts.seats ?? [0, 1, 2, 3];
  const pending: Pending[] = [];
  const lastOf: (Pending | null)[] = [null, null, null, null];
  let key = 0;
  forEachDecision(paipu, (view, k, seat, action, info) => {
    const n = key++;
    if (!seats.includes(seat)) { lastOf[seat] = null; return; }
    const options = evaluateOptions(view);
    const engineChoice = engine.choose(view, n, options);
    const played = optionOf(options, action, false);
    const decision: ReviewDecision = {
      index: pending.length, seat, step: info.step, kyoku_index: info.kyokuIndex, round_label: roundLabel(k.init.round, k.init.honba),
      kind: kindOf(view), hand: [...(k.players[seat]!.hand)].sort((a, b) => a - b), target: view.target ? view.target.tile : null,
      options, engine: { option: 0, text: '' }, played: { option: Math.max(0, played), text: '' }, agrees: false, loss: 0, severity: 'none',
    };
    const p = { decision, engineChoice };
    pending.push(p);
    lastOf[seat] = p;
  }, (seat, declared) => {
    const p = lastOf[seat];
    if (!p || !declared) return;
    const d = p.decision;
    const plain = d.options[d.played.option]!;
    const withRiichi = optionOf(d.options, plain.action, true);
    if (withRiichi >= 0) d.played.option = withRiichi;
  });
  const decisions = pending.map(({ decision: d, engineChoice }) => {
    let e = optionOf(d.options, engineChoice.action, engineChoice.riichi);
    if (e < 0) e = optionOf(d.options, engineChoice.action, false);
    d.engine.option = Math.max(0, e);
    d.engine.text = d.options[d.engine.option]!.text;
    d.played.text = d.options[d.played.option]!.text;
    d.agrees = d.engine.option === d.played.option;
    d.loss = d.agrees ? 0 : Math.max(0, Math.round(d.options[d.engine.option]!.ev - d.options[d.played.option]!.ev));
    d.severity = d.agrees ? 'none' : severityOf(d.loss);
    return d;
  });
  const players = playerInfo(paipu.players);
  return {
    engine: engine.name, players, seats, summary: seats.map((s) => summarise(s, players[s]!.name, decisions.filter((d) => d.seat === s))),
    decisions, thresholds: { ...THRESHOLDS }, elapsed_ms: Math.round(performance.now() - started),
  };
}

function rate(ds: readonly ReviewDecision[]) {
  const agreed = ds.filter((d) => d.agrees).length;
  return { decisions: ds.length, agreed, rate: ds.length ? Math.round((agreed / ds.length) * 1000) / 1000 : null };
}

export function summarise(seat: number, name: string, ds: readonly ReviewDecision[]): PlayerReview {
  const all = rate(ds);
  const loss = ds.reduce((s, d) => s + d.loss, 0);
  const count = (sev: Severity) => ds.filter((d) => d.severity === sev).length;
  const byKind = (kind: DecisionKind) => rate(ds.filter((d) => d.kind === kind));
  return {
    seat, name, decisions: all.decisions, agreed: all.agreed, agreement: all.rate,
    by_kind: { discard: byKind('discard'), riichi: byKind('riichi'), win: byKind('win'), call: byKind('call') },
    mistakes: { small: count('small'), medium: count('medium'), large: count('large') },
    loss, rating: ds.length ? Math.round(1000 * Math.exp(-loss / ds.length / RATING_SCALE)) / 10 : 100,
  };
}
