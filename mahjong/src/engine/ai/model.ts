/** Model files: JSON in the `mahjong-heuristic-v1` format, validated by the ModelFile schema. */
import { AppError } from '@devhub/shared/errors';
import { Value } from '@sinclair/typebox/value';
import { HeuristicAgent } from './heuristic';
import { ModelFile } from './weights';

export class InvalidModel extends AppError {
  constructor(message: string) { super('INVALID_MODEL', 400, message); }
}

export function parseModel(text: string, source = 'model'): ModelFile {
  let data: unknown;
  try { data = JSON.parse(text); } catch (e) { throw new InvalidModel(`${source}: not JSON (${(e as Error).message})`); }
  if (!Value.Check(ModelFile, data)) {
    const problems = [...Value.Errors(ModelFile, data)].slice(0, 5).map((er) => `${er.path || '/'}: ${er.message}`);
    throw new InvalidModel(`${source}: not a mahjong-heuristic-v1 model (${problems.join('; ')})`);
  }
  return data;
}

export function agentFromModel(model: ModelFile): HeuristicAgent {
  return new HeuristicAgent(model.weights, model.name ?? 'model');
}
