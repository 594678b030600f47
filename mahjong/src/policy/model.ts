/**
 * `mahjong-policy-v1`: a small neural network that scores each legal discard. Input: the
 * FEATURE_NAMES row of a candidate; one tanh hidden layer; output: a score. The discard with the
 * highest score is played (softmax over candidates during training).
 */
import { AppError } from '@devhub/shared';
import { t } from 'elysia';
import { Value } from '@sinclair/typebox/value';
import { FEATURE_COUNT, FEATURE_NAMES } from './features';

export const PolicyFile = t.Object({
  format: t.Literal('mahjong-policy-v1'),
  name: t.Optional(t.String()),
  features: t.Array(t.String()),
  hidden: t.Integer({ minimum: 1, maximum: 256 }),
  /** hidden × features */
  w1: t.Array(t.Array(t.Number())),
  b1: t.Array(t.Number()),
  w2: t.Array(t.Number()),
  /** The training games (files, samples, agreement on them) and, when games were held out, the same for those. */
  trained_on: t.Optional(t.Object({
    files: t.Integer(), samples: t.Integer(), accuracy: t.Number(),
    holdout: t.Optional(t.Number()),
    held_out: t.Optional(t.Object({ files: t.Integer(), samples: t.Integer(), accuracy: t.Number() })),
  })),
});
export type PolicyFile = typeof PolicyFile.static;

/** A file that is not a usable `mahjong-policy-v1` network. */
export class InvalidPolicy extends AppError {
  constructor(reason: string) {
    super('INVALID_POLICY', 400, reason);
  }
}

export const isPolicyText = (text: string): boolean => /"format"\s*:\s*"mahjong-policy-v1"/.test(text);

/** Parses and checks a policy file; the message names the first bad field. */
export function parsePolicy(text: string): PolicyFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InvalidPolicy(`not JSON (${(e as Error).message})`);
  }
  if (!Value.Check(PolicyFile, data)) {
    const first = Value.Errors(PolicyFile, data).First();
    throw new InvalidPolicy(`not a mahjong-policy-v1 file (${first?.path || '/'}: ${first?.message})`);
  }
  if (data.features.join() !== FEATURE_NAMES.join()) throw new InvalidPolicy(`features must be ${FEATURE_NAMES.join(', ')}`);
  const shapeOk = data.w1.length === data.hidden && data.w1.every((r) => r.length === FEATURE_COUNT)
    && data.b1.length === data.hidden && data.w2.length === data.hidden;
  if (!shapeOk) throw new InvalidPolicy(`weights must be w1 ${data.hidden}×${FEATURE_COUNT}, b1 and w2 of ${data.hidden}`);
  return data;
}

export function randomPolicy(hidden: number, seed: number): PolicyFile {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 2 ** 32 - 0.5) * 0.2;
  };
  return {
    format: 'mahjong-policy-v1', features: [...FEATURE_NAMES], hidden,
    w1: Array.from({ length: hidden }, () => Array.from({ length: FEATURE_COUNT }, rand)),
    b1: Array.from({ length: hidden }, rand), w2: Array.from({ length: hidden }, rand),
  };
}

/** Score of one feature row; `h` receives the hidden activations (for back-propagation). */
export function score(p: PolicyFile, x: number[], h?: number[]): number {
  let out = 0;
  for (let j = 0; j < p.hidden; j++) {
    const row = p.w1[j]!;
    let z = p.b1[j]!;
    for (let i = 0; i < x.length; i++) z += row[i]! * x[i]!;
    const a = Math.tanh(z);
    if (h) h[j] = a;
    out += p.w2[j]! * a;
  }
  return out;
}
