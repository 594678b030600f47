/**
 * The review engine's discard order, learned from Houou games (`mahjong-review-v1`): one small
 * network scores each discard from the trained policy's features (src/policy/features.ts) plus
 * what the review already knows about it — its ev, win chance, deal-in cost and value against
 * the best option, its shanten and ukeire against the best, and whether the strong AI picks it.
 * So the network learns where to follow the strong AI's model and where players order tiles
 * otherwise. Trained by `bun bench/mahjong-review-agreement.ts --train OUT` on the tuning logs only.
 */
import { t } from 'elysia';
import type { StateView } from '../../engine/game/view-schema';
import { A, kindOfDiscard } from '../../engine/table/actions';
import { doraFromIndicator } from '../../engine/tiles';

const WIND: Record<string, number> = { E: 0, S: 1, W: 2, N: 3, East: 0, South: 1, West: 2, North: 3 };
import { contextFromView } from '../../policy/agent';
import { discardFeatures, FEATURE_NAMES } from '../../policy/features';
import { score } from '../../policy/model';
import type { ReviewOption } from './model';

export const REVIEW_FEATURES = [
  ...FEATURE_NAMES, 'ev_gap', 'win', 'deal_in', 'value', 'shanten_gap', 'ukeire_share', 'strong_choice', 'tiles_left', 'threatened', 'open',
  'number_edge', 'dragon', 'guest_wind', 'dealer',
] as const;

export const ReviewModel = t.Object({
  format: t.Literal('mahjong-review-v1'),
  features: t.Array(t.String()),
  hidden: t.Integer({ minimum: 1, maximum: 256 }),
  w1: t.Array(t.Array(t.Number())),
  b1: t.Array(t.Number()),
  w2: t.Array(t.Number()),
  trained_on: t.Object({ logs: t.Integer(), samples: t.Integer(), accuracy: t.Number() }),
});
export type ReviewModel = typeof ReviewModel.static;

/** The discards of a turn (one per kind, without riichi) and their feature rows. */
export function discardRows(view: StateView, options: readonly ReviewOption[], strongAction: number): { actions: number[]; rows: number[][] } {
  const discards = options.filter((o) => !o.riichi && o.action < 37);
  const actions = discards.map((o) => o.action);
  const base = discardFeatures(contextFromView(view), actions);
  const bestEv = Math.max(...discards.map((o) => o.ev));
  const minSh = Math.min(...discards.map((o) => o.shanten));
  const maxUk = Math.max(1, ...discards.map((o) => o.ukeire));
  const strongKind = strongAction < 37 ? kindOfDiscard(strongAction) : -1;
  const me = view.players[view.viewer ?? view.turn]!;
  const threatened = discards.some((o) => o.risk.length > 0) ? 1 : 0;
  const open = me.melds.some((m) => m.type !== 'ankan') ? 1 : 0;
  const rows = discards.map((o, i) => [
    ...base[i]!, (o.ev - bestEv) / 1000, o.win, o.deal_in / 1000, o.value / 8000, o.shanten - minSh, o.ukeire / maxUk,
    kindOfDiscard(o.action) === strongKind ? 1 : 0, view.tiles_left / 70, threatened, open,
    ...kindFeatures(kindOfDiscard(o.action), me.wind, view.round_wind), me.is_oya ? 1 : 0,
  ]);
  return { actions, rows };
}

export const CALL_FEATURES = [
  'skip', 'chi', 'pon', 'kan', 'shanten_gap', 'ukeire_share', 'value', 'win', 'ev_gap', 'deal_in', 'yakuhai', 'dora', 'open',
  'tiles_left', 'threatened', 'riichi_threat', 'strong_choice', 'skip_shanten', 'melds',
] as const;

/** The options of a call decision (no ron offered) and their feature rows for the call model. */
export function callRows(view: StateView, options: readonly ReviewOption[], strongAction: number): { actions: number[]; rows: number[][] } {
  const me = view.players[view.viewer ?? view.turn]!;
  const skip = options.find((o) => o.action === A.SKIP);
  const target = view.target ? view.target.tile >> 2 : -1;
  const dora = view.dora.map((d) => doraFromIndicator(d >> 2));
  const seatWind = 27 + (WIND[me.wind] ?? 0), roundWind = 27 + (WIND[view.round_wind] ?? 0);
  const yakuhai = target >= 31 || target === seatWind || target === roundWind ? 1 : 0;
  const bestEv = Math.max(...options.map((o) => o.ev));
  const maxUk = Math.max(1, ...options.map((o) => o.ukeire));
  const open = me.melds.some((m) => m.type !== 'ankan') ? 1 : 0;
  const threatened = options.some((o) => o.risk.length > 0) ? 1 : 0;
  const riichiThreat = view.players.some((p) => p.seat !== me.seat && p.riichi) ? 1 : 0;
  const rows = options.map((o) => {
    const pon = o.action === A.PON || o.action === A.PON_RED;
    const chi = o.action >= 37 && o.action <= 42;
    return [
      o.action === A.SKIP ? 1 : 0, chi ? 1 : 0, pon ? 1 : 0, o.action === A.DAIMINKAN ? 1 : 0,
      o.shanten - (skip?.shanten ?? o.shanten), o.ukeire / maxUk, o.value / 8000, o.win, (o.ev - bestEv) / 1000, o.deal_in / 1000,
      pon ? yakuhai : 0, dora.includes(target) ? 1 : 0, open, view.tiles_left / 70, threatened, riichiThreat,
      o.action === strongAction ? 1 : 0, (skip?.shanten ?? 0) / 4, me.melds.length / 4,
    ];
  });
  return { actions: options.map((o) => o.action), rows };
}

/** Where a kind sits: distance of a number from the middle (0 for 5, 1 for 1 and 9), dragon, a wind neither the seat's nor the round's. */
function kindFeatures(kind: number, seatWind: string, roundWind: string): number[] {
  if (kind < 27) return [Math.abs((kind % 9) - 4) / 4, 0, 0];
  const wind = kind - 27;
  const guest = kind < 31 && wind !== (WIND[seatWind] ?? -1) && wind !== (WIND[roundWind] ?? -1);
  return [0, kind >= 31 ? 1 : 0, guest ? 1 : 0];
}

/** The discard the model scores highest. */
export function pickDiscard(model: ReviewModel, actions: readonly number[], rows: readonly number[][]): number {
  let best = 0, bestScore = -Infinity;
  rows.forEach((x, i) => {
    const s = score(model as never, x);
    if (s > bestScore) { bestScore = s; best = i; }
  });
  return actions[best]!;
}

export interface Sample { rows: number[][]; label: number }

/** Imitation training as `mahjong train` does it (softmax over the candidates, plain SGD), on these features. */
export function trainReviewModel(samples: readonly Sample[], opts: { hidden: number; epochs: number; rate: number; seed: number; logs: number; features?: readonly string[] }): ReviewModel {
  const names = opts.features ?? REVIEW_FEATURES;
  const n = names.length;
  let s = opts.seed >>> 0;
  const rand = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return (s / 2 ** 32 - 0.5) * 0.2; };
  const m: ReviewModel = {
    format: 'mahjong-review-v1', features: [...names], hidden: opts.hidden,
    w1: Array.from({ length: opts.hidden }, () => Array.from({ length: n }, rand)), b1: Array.from({ length: opts.hidden }, rand),
    w2: Array.from({ length: opts.hidden }, rand), trained_on: { logs: opts.logs, samples: samples.length, accuracy: 0 },
  };
  const order = samples.map((_, i) => i);
  let r = opts.seed >>> 0;
  const next = () => ((r = (Math.imul(r, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(next() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
    const rate = opts.rate / (1 + epoch * 0.5);
    for (const idx of order) step(m, samples[idx]!, rate);
  }
  let hit = 0;
  for (const x of samples) if (pickDiscard(m, x.rows.map((_, i) => i), x.rows) === x.label) hit++;
  m.trained_on.accuracy = Math.round((hit / Math.max(1, samples.length)) * 10000) / 10000;
  return m;
}

/**
 * Several models of the same features as one: their hidden units side by side, each output weight
 * divided by their number, so the one network scores the average of theirs (an ensemble of seeds
 * varies less from the training logs than any one of them).
 */
export function averageModels(models: readonly ReviewModel[]): ReviewModel {
  const k = models.length;
  const first = models[0]!;
  return {
    format: 'mahjong-review-v1', features: [...first.features], hidden: models.reduce((n, m) => n + m.hidden, 0),
    w1: models.flatMap((m) => m.w1.map((row) => [...row])), b1: models.flatMap((m) => [...m.b1]), w2: models.flatMap((m) => m.w2.map((w) => w / k)),
    trained_on: { ...first.trained_on, accuracy: 0 },
  };
}

function step(p: ReviewModel, x: Sample, rate: number): void {
  const hs = x.rows.map(() => new Array<number>(p.hidden).fill(0));
  const scores = x.rows.map((row, i) => score(p as never, row, hs[i]));
  const max = Math.max(...scores);
  const exps = scores.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  x.rows.forEach((row, i) => {
    const g = exps[i]! / sum - (i === x.label ? 1 : 0);
    if (g === 0) return;
    const h = hs[i]!;
    for (let j = 0; j < p.hidden; j++) {
      const back = g * p.w2[j]! * (1 - h[j]! * h[j]!);
      p.w2[j]! -= rate * g * h[j]!;
      const w = p.w1[j]!;
      for (let f = 0; f < row.length; f++) w[f]! -= rate * back * row[f]!;
      p.b1[j]! -= rate * back;
    }
  });
}
