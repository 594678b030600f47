import { readFileSync, statSync } from 'node:fs';
import { isAppError } from '@devhub/shared';
import { createAgent, type Agent } from '../../engine/ai';
import type { StateView } from '../../engine/game';
import shippedPolicy from '../../../models/discard-policy.json' with { type: 'file' };
import { PolicyAgent } from '../../policy/agent';
import { isPolicyText, parsePolicy } from '../../policy/model';
import { ModelLoadFailed } from '../../server/errors';
import type { AiPlayer, EngineGame } from './port';

/** `ai_model: "policy"` = the discard policy trained by `mahjong train` that ships in mahjong/models/. */
// Imported as a file so the compiled binary embeds it; the value is a readable path.
export const SHIPPED_POLICY = shippedPolicy as unknown as string;

/** A model file larger than this is not a policy we know how to read. */
const MAX_MODEL_BYTES = 5 * 1024 * 1024;

function readModel(path: string): string {
  try {
    const size = statSync(path).size;
    if (size > MAX_MODEL_BYTES) throw new ModelLoadFailed(path, `file is ${size} bytes (limit ${MAX_MODEL_BYTES})`);
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (isAppError(err)) throw err;
    throw new ModelLoadFailed(path, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message);
  }
}

/** The engine's agent seen through the server's port: it decides from its own seat's view. */
function asPlayer(agent: Agent): AiPlayer {
  return {
    name: agent.name,
    decide: (game: EngineGame, seat: number) =>
      agent.pick ? agent.pick(game.validActions(seat)) : agent.decide(game.view(seat) as unknown as StateView),
  };
}

/**
 * DECISIONS.md, Mahjong, AI: null/"random" uniform over legal actions, "heuristic" the rule-based
 * player, "policy" the shipped trained policy, anything else a model file path: a
 * `mahjong-policy-v1` network or a `mahjong-heuristic-v1` weight set (mahjong/README.md).
 */
export function createAi(model: string | null, seat: number, seed: number): AiPlayer {
  const kind = model?.trim() || 'random';
  const agentSeed = (seed ^ Math.imul(seat + 1, 0x9e3779b1)) >>> 0;
  if (kind === 'random' || kind === 'heuristic') return asPlayer(createAgent(kind, agentSeed));
  const path = kind === 'policy' ? SHIPPED_POLICY : kind;
  // Only .json files are read, and a file that is not JSON is refused without quoting it, so a
  // request cannot use the AI loader to peek at other files on the server.
  if (!path.toLowerCase().endsWith('.json')) throw new ModelLoadFailed(path, 'model files are JSON files ending in .json');
  const text = readModel(path);
  try {
    JSON.parse(text);
  } catch {
    throw new ModelLoadFailed(path, 'not a JSON file');
  }
  try {
    if (isPolicyText(text)) return asPlayer(new PolicyAgent(parsePolicy(text)));
    return asPlayer(createAgent(path, agentSeed, text));
  } catch (err) {
    throw new ModelLoadFailed(kind, (err as Error).message);
  }
}
