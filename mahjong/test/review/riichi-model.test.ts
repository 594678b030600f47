/**
 * The review engine's learned riichi-or-dama (riichi-model.ts) on two turns of tuning-set Houou
 * logs (the model was trained on these logs; no held-out log is read): where the old value rule
 * and the players part, the engine now answers as the players did, and the rule alone (no model)
 * still answers the other way. Also the training on a separable set, and the averaged discard
 * networks (learned.ts averageModels) scoring the mean of their members.
 */
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StateView } from '../../src/engine/game/view-schema';
import { loadText } from '../../src/modules/replay/service';
import { averageModels, type ReviewModel, trainReviewModel } from '../../src/modules/review/learned';
import { forEachDecision, StrongEngine } from '../../src/modules/review/review';
import { RIICHI_FEATURES, riichiChance, riichiFeatures, trainRiichiModel } from '../../src/modules/review/riichi-model';
import { evaluateOptions } from '../../src/modules/review/values';
import { score } from '../../src/policy/model';

const LOGS = join(import.meta.dir, '../fixtures/data/mjlog');

/** `read` on the seat's view at that decision (read at once: the replay reuses its view), and whether the player then declared riichi. */
function atDecision<T>(file: string, step: number, seat: number, read: (view: StateView) => T): { value: T; declared: boolean } {
  const paipu = loadText(readFileSync(join(LOGS, file), 'utf8')).paipu;
  let value: { v: T } | null = null;
  let declared = false, current = false;
  // The riichi answer that follows this decision of the seat, not a later one.
  forEachDecision(paipu, (view, _k, s, _action, info) => {
    if (s !== seat) return;
    current = info.step === step;
    if (current) value = { v: read(view) };
  }, (s, yes) => { if (s === seat && current && yes) declared = true; });
  if (!value) throw new Error(`no decision of seat ${seat} at step ${step} in ${file}`);
  return { value: (value as { v: T }).v, declared };
}

const withModel = new StrongEngine();
const ruleOnly = new StrongEngine(undefined, undefined, undefined, null);
const riichiOf = (engine: StrongEngine, view: StateView) => engine.choose(view, 0, evaluateOptions(view)).riichi;

describe('riichi or dama as Houou players choose', () => {
  it('riichis a dealer in fourth whose 5,800 dama becomes 11,600, where the old rule stayed dama', () => {
    const { value, declared } = atDecision('2010112714gm-00a9-0000-d497e395.mjlog', 893, 1, (view) => [riichiOf(ruleOnly, view), riichiOf(withModel, view)]);
    expect(declared).toBe(true);
    expect(value).toEqual([false, true]);
  });

  it('keeps dama the leader 10,400 ahead on two live tiles without a yaku, where the old rule declared', () => {
    const { value, declared } = atDecision('2010110100gm-00a9-0000-de3472e8.mjlog', 638, 0, (view) => [riichiOf(ruleOnly, view), riichiOf(withModel, view)]);
    expect(declared).toBe(false);
    expect(value).toEqual([true, false]);
  });

  it('reads features only where riichi is possible', () => {
    const { value } = atDecision('2010112714gm-00a9-0000-d497e395.mjlog', 893, 1, (view) => [riichiFeatures(view), riichiFeatures({ ...view, riichi_tiles: [] })]);
    expect(value[0]).toHaveLength(RIICHI_FEATURES.length);
    expect(value[1]).toBeNull();
  });

  it('learns a separable rule: riichi exactly when the hand has no yaku', () => {
    const samples = Array.from({ length: 200 }, (_, i) => {
      const x = RIICHI_FEATURES.map((_, j) => ((i * 7 + j * 13) % 10) / 10);
      x[0] = i % 3 === 0 ? 1 : 0;
      return { x, riichi: x[0] === 0 };
    });
    const model = trainRiichiModel(samples, { epochs: 300, rate: 0.5, l2: 0.001, logs: 0 });
    expect(model.trained_on.accuracy).toBe(1);
    expect(riichiChance(model, samples[0]!.x)).toBeLessThan(0.5);
    expect(riichiChance(model, samples[1]!.x)).toBeGreaterThan(0.5);
  });
});

describe('averaged discard networks', () => {
  it('score the mean of their members', () => {
    const samples = Array.from({ length: 40 }, (_, i) => ({ rows: [[i % 2, 1 - (i % 2), 0.5], [1 - (i % 2), i % 2, 0.25]], label: 0 }));
    const members = [1, 2, 3].map((seed) => trainReviewModel(samples, { hidden: 4, epochs: 3, rate: 0.05, seed, logs: 0, features: ['a', 'b', 'c'] }));
    const merged: ReviewModel = averageModels(members);
    expect(merged.hidden).toBe(12);
    for (const row of [[1, 0, 0.5], [0, 1, 0.25], [0.3, 0.7, 0.1]]) {
      const mean = members.reduce((s, m) => s + score(m as never, row), 0) / members.length;
      expect(score(merged as never, row)).toBeCloseTo(mean, 12);
    }
  });
});
