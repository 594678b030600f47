/** AI players behind one interface: `decide(view) → action`. */
import { HeuristicAgent } from './heuristic';
import { InvalidModel, agentFromModel, parseModel } from './model';
import { RandomAgent } from './random';
import { StrongAgent } from './strong/agent';
import { StrongV1Agent } from './strong-v1/agent';
import type { Agent } from './types';

export type { Agent } from './types';
export { RandomAgent } from './random';
export { HeuristicAgent } from './heuristic';
export { StrongAgent } from './strong/agent';
export { StrongV1Agent } from './strong-v1/agent';
export { DEFAULT_WEIGHTS, HeuristicWeights, ModelFile } from './weights';
export { InvalidModel, agentFromModel, parseModel } from './model';

/** The AIs built into the engine (no model file); `strong-v1` is a frozen copy of an earlier `strong`, the arena's baseline. */
export const BUILTIN_AIS = ['random', 'heuristic', 'strong', 'strong-v1'] as const;

/**
 * `kind`: 'random' | 'heuristic' | 'strong' | the text of a model file (the caller reads the file; the
 * engine stays free of file access). `seed` makes random agents reproducible.
 */
export function createAgent(kind: string | null, seed = 1, modelText?: string): Agent {
  if (kind === null || kind === 'random') return new RandomAgent(seed);
  if (kind === 'heuristic') return new HeuristicAgent();
  if (kind === 'strong') return new StrongAgent();
  if (kind === 'strong-v1') return new StrongV1Agent();
  if (modelText !== undefined) return agentFromModel(parseModel(modelText, kind));
  throw new InvalidModel(`unknown AI "${kind}": use random, heuristic, strong or a model file`);
}
