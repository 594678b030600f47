/** Imitation training: softmax over each sample's candidate discards, plain SGD with back-propagation. */
import { FEATURE_COUNT } from './features';
import { randomPolicy, score, type PolicyFile } from './model';
import type { Sample } from './dataset';

export interface TrainOptions {
  hidden: number;
  epochs: number;
  rate: number;
  seed: number;
  onEpoch?: (epoch: number, loss: number, accuracy: number) => void;
}

/** Share of samples where the top-scoring candidate is the recorded discard. */
export function accuracy(p: PolicyFile, samples: Sample[]): number {
  let hit = 0;
  for (const s of samples) {
    const scores = s.rows.map((x) => score(p, x));
    if (scores.indexOf(Math.max(...scores)) === s.label) hit++;
  }
  return samples.length ? hit / samples.length : 0;
}

export function train(samples: Sample[], opts: TrainOptions): PolicyFile {
  const p = randomPolicy(opts.hidden, opts.seed);
  const order = samples.map((_, i) => i);
  let rnd = opts.seed >>> 0;
  const next = () => ((rnd = (Math.imul(rnd, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let loss = 0;
    const rate = opts.rate / (1 + epoch * 0.5);
    for (const idx of order) loss += step(p, samples[idx]!, rate);
    opts.onEpoch?.(epoch + 1, loss / Math.max(1, samples.length), accuracy(p, samples));
  }
  return p;
}

/** One SGD step on one sample; returns its cross-entropy. */
function step(p: PolicyFile, s: Sample, rate: number): number {
  const hs = s.rows.map(() => new Array<number>(p.hidden).fill(0));
  const scores = s.rows.map((x, i) => score(p, x, hs[i]));
  const max = Math.max(...scores);
  const exps = scores.map((v) => Math.exp(v - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  const probs = exps.map((e) => e / sum);
  s.rows.forEach((x, i) => {
    const g = probs[i]! - (i === s.label ? 1 : 0);
    if (g === 0) return;
    const h = hs[i]!;
    for (let j = 0; j < p.hidden; j++) {
      const back = g * p.w2[j]! * (1 - h[j]! * h[j]!);
      p.w2[j]! -= rate * g * h[j]!;
      const row = p.w1[j]!;
      for (let f = 0; f < FEATURE_COUNT; f++) row[f]! -= rate * back * x[f]!;
      p.b1[j]! -= rate * back;
    }
  });
  return -Math.log(Math.max(1e-12, probs[s.label]!));
}
