/**
 * The review engine's riichi-or-dama, learned from Houou games (`mahjong-riichi-v1`): a logistic
 * model over what the hand and the table say at a turn where riichi is possible — the hand's value
 * with and without riichi, its wait, the measured win chance each way, the turn, the threats, the
 * standing. Read for the tenpai discard with the most live tiles, so the answer does not depend on
 * which discard the engine is weighing. Trained by `bun bench/mahjong-riichi-fit.ts --write DIR`
 * on the tuning logs only.
 */
import { t } from 'elysia';
import { readTable } from '../../engine/ai/strong/table';
import { waitKinds } from '../../engine/ai/strong/tenpai-groups';
import { tenpaiValue } from '../../engine/ai/strong/value';
import { waitWinChance } from '../../engine/ai/strong/wait-quality';
import type { StateView } from '../../engine/game/view-schema';
import { kindOfDiscard } from '../../engine/table/actions';
import { isRed, RED_FIVE_IDS } from '../../engine/tiles';

export const RIICHI_FEATURES = [
  'yaku', 'dama_value', 'riichi_value', 'riichi_gain', 'live', 'wait_kinds', 'win_riichi', 'win_dama', 'tiles_left',
  'riichi_out', 'open_threats', 'dealer', 'first', 'fourth', 'all_last', 'gap_up', 'gap_down', 'south', 'dora', 'furiten', 'turn',
] as const;

export const RiichiModel = t.Object({
  format: t.Literal('mahjong-riichi-v1'),
  features: t.Array(t.String()),
  mean: t.Array(t.Number()),
  scale: t.Array(t.Number()),
  weights: t.Array(t.Number()),
  bias: t.Number(),
  trained_on: t.Object({ logs: t.Integer(), samples: t.Integer(), accuracy: t.Number() }),
});
export type RiichiModel = typeof RiichiModel.static;

/** The features of a turn where riichi is possible (null when it is not, or no tenpai discard leaves a live tile). */
export function riichiFeatures(view: StateView): number[] | null {
  if (view.phase >= 4 || view.riichi_tiles.length === 0) return null;
  const tb = readTable(view);
  let best: { kind: number; waits: number[]; live: number; action: number } | null = null;
  for (const action of view.riichi_tiles) {
    const kind = kindOfDiscard(action);
    const counts = tb.counts.slice();
    counts[kind]! -= 1;
    const waits = waitKinds(counts, tb.meldCount);
    let live = 0;
    for (const k of waits) live += Math.max(0, 4 - tb.visible[k]!);
    if (!best || live > best.live) best = { kind, waits, live, action };
  }
  // No live tile: nothing to decide (the rule declines riichi on a dead wait).
  if (!best || best.live === 0) return null;
  const hand = tb.hand.slice();
  const at = best.action >= 34 ? hand.findIndex((id) => id === RED_FIVE_IDS[best.action - 34]) : hand.findIndex((id) => id >> 2 === best.kind && !isRed(id));
  hand.splice(at >= 0 ? at : hand.findIndex((id) => id >> 2 === best.kind), 1);
  const dama = tenpaiValue(tb, hand, best.waits, false).ron;
  const riichi = tenpaiValue(tb, hand, best.waits, true).ron;
  let dora = 0;
  for (const id of hand) dora += tb.dora[id >> 2]! + (isRed(id) ? 1 : 0);
  let riichiOut = 0, open = 0;
  for (const th of tb.threats) if (th.riichi) riichiOut++; else open++;
  const river = tb.me.river;
  let furiten = 0;
  for (const w of best.waits) for (const r of river) if (r.tile >> 2 === w) furiten = 1;
  return [
    dama > 0 ? 1 : 0, Math.log1p(dama) / 10, Math.log1p(riichi) / 10, (riichi - dama) / 8000, best.live / 8, best.waits.length / 3,
    waitWinChance(tb, best.waits, best.kind, true), waitWinChance(tb, best.waits, best.kind, false), tb.tilesLeft / 70,
    riichiOut, open, tb.dealer ? 1 : 0, tb.place === 1 ? 1 : 0, tb.place === 4 ? 1 : 0, tb.allLast ? 1 : 0,
    Math.min(3, tb.gapUp / 10000), Math.min(3, tb.gapDown / 10000), view.game.round >= 4 ? 1 : 0, dora / 3, furiten, river.length / 18,
  ];
}

/** The model's chance that a Houou player declares riichi here. */
export function riichiChance(model: RiichiModel, x: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += model.weights[i]! * ((x[i]! - model.mean[i]!) / model.scale[i]!);
  return 1 / (1 + Math.exp(-z));
}

export interface RiichiSample { x: number[]; riichi: boolean }

/** Logistic regression (standardised features, L2 `l2`), full-batch gradient descent. */
export function trainRiichiModel(samples: readonly RiichiSample[], o: { epochs: number; rate: number; l2: number; logs: number }): RiichiModel {
  const n = samples.length, d = RIICHI_FEATURES.length;
  const mean = new Array<number>(d).fill(0), scale = new Array<number>(d).fill(0);
  for (const s of samples) for (let i = 0; i < d; i++) mean[i]! += s.x[i]! / n;
  for (const s of samples) for (let i = 0; i < d; i++) scale[i]! += (s.x[i]! - mean[i]!) ** 2 / n;
  for (let i = 0; i < d; i++) scale[i] = Math.sqrt(scale[i]!) || 1;
  const model: RiichiModel = { format: 'mahjong-riichi-v1', features: [...RIICHI_FEATURES], mean, scale, weights: new Array<number>(d).fill(0), bias: 0, trained_on: { logs: o.logs, samples: n, accuracy: 0 } };
  for (let e = 0; e < o.epochs; e++) {
    const grad = new Array<number>(d).fill(0);
    let gb = 0;
    for (const s of samples) {
      const err = riichiChance(model, s.x) - (s.riichi ? 1 : 0);
      gb += err / n;
      for (let i = 0; i < d; i++) grad[i]! += (err * ((s.x[i]! - mean[i]!) / scale[i]!)) / n;
    }
    for (let i = 0; i < d; i++) model.weights[i]! -= o.rate * (grad[i]! + o.l2 * model.weights[i]!);
    model.bias -= o.rate * gb;
  }
  model.trained_on.accuracy = samples.filter((s) => (riichiChance(model, s.x) >= 0.5) === s.riichi).length / Math.max(1, n);
  return model;
}
