import { readFileSync, statSync } from 'node:fs';
import { AppError } from '@devhub/shared';
import type { MjaiBots } from '../../mjai/config';
import { MjaiPlayer } from './mjai-player';
import { BUILTIN_AIS, createAgent, type Agent } from '../../engine/ai';
import shippedPolicy from '../../../models/discard-policy.json' with { type: 'file' };
import { PolicyAgent } from '../../policy/agent';
import { isPolicyText, parsePolicy } from '../../policy/model';
import { ModelLoadFailed } from '../../server/errors';
import type { AiPlayer, EngineGame } from './port';
import { ownValue } from '../../engine/own-key';

/** The AIs a client can pick from, strongest first (GET /api/ai/models). */
export const LISTED_MODELS = [
  { name: 'strong', description: 'Push/fold from deal-in risk and hand value, riichi or dama, calls onto a yaku, placement sense' },
  { name: 'heuristic', description: 'Tile efficiency; folds only against riichi (the baseline)' },
  { name: 'random', description: 'Uniform over the legal actions' },
] as const;

const MJAI_PREFIX = 'mjai:';

export class UnknownBot extends AppError {
  constructor(name: string, known: string[]) {
    super('UNKNOWN_BOT', 400, `no mjai bot named ${JSON.stringify(name)} is configured${known.length ? ` (configured: ${known.join(', ')})` : ' (start the server with --bots <file>)'}`);
  }
}

/** Built-in AIs, then one `mjai:<name>` per configured bot. */
export function listedModels(bots: MjaiBots): { name: string; description: string }[] {
  return [
    ...LISTED_MODELS.map((m) => ({ ...m })),
    ...Object.entries(bots).map(([name, b]) => ({ name: `${MJAI_PREFIX}${name}`, description: b.description ?? 'external mjai bot' })),
  ];
}

/** `ai_model: "policy"` = the discard policy trained by `mahjong train` that ships in mahjong/models/. */
// Imported as a file so the compiled binary embeds it; the value is a readable path.
export const SHIPPED_POLICY = shippedPolicy as unknown as string;

/** A model file larger than this is not a policy we know how to read. */
const MAX_MODEL_BYTES = 5 * 1024 * 1024;

/**
 * Every reason a request's model path fails (missing, unreadable, too large, not JSON, not a
 * model) gets this one answer: a request must learn nothing about the server's files, not even
 * whether one exists. The operator sees the reason with `mahjong arena --ai <path>`.
 */
const unusableModel = (path: string) =>
  new ModelLoadFailed(path, 'not a readable mahjong model file (a .json file in the mahjong-heuristic-v1 or mahjong-policy-v1 format; `mahjong arena --ai strong,<path> --games 4` on the server says why)');

function readModel(path: string): string | null {
  try {
    if (statSync(path).size > MAX_MODEL_BYTES) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The engine's agent seen through the server's port: it decides from its own seat's view. */
function asPlayer(agent: Agent): AiPlayer {
  return {
    name: agent.name,
    decide: (game: EngineGame, seat: number) =>
      agent.pick ? agent.pick(game.validActions(seat)) : agent.decide(game.view(seat)),
    // Only the random AI keeps state between decisions (its generator); the others decide from the view alone.
    ...(agent.pick ? { replayed: (game: EngineGame, seat: number) => void agent.pick!(game.validActions(seat)) } : {}),
  };
}

/**
 * null/"random" uniform over legal actions, "heuristic" the rule-based baseline, "strong" the
 * push/fold player (engine/ai/strong), "policy" the shipped trained policy (weaker than the
 * heuristic, so not listed by GET /api/ai/models), anything else a model file path: a
 * `mahjong-policy-v1` network or a `mahjong-heuristic-v1` weight set (mahjong/README.md).
 */
export function createAi(model: string | null, seat: number, seed: number, bots: MjaiBots = {}): AiPlayer {
  const kind = model?.trim() || 'random';
  if (kind.startsWith(MJAI_PREFIX)) {
    // Only bots named in the server's configuration: a request never runs a command of its own.
    const name = kind.slice(MJAI_PREFIX.length);
    const spec = ownValue(bots, name);
    if (!spec) throw new UnknownBot(name, Object.keys(bots));
    return new MjaiPlayer(name, spec);
  }
  const agentSeed = (seed ^ Math.imul(seat + 1, 0x9e3779b1)) >>> 0;
  if ((BUILTIN_AIS as readonly string[]).includes(kind)) return asPlayer(createAgent(kind, agentSeed));
  const path = kind === 'policy' ? SHIPPED_POLICY : kind;
  // Only .json files are read, and a file that is not JSON is refused without quoting it, so a
  // request cannot use the AI loader to peek at other files on the server.
  if (!path.toLowerCase().endsWith('.json')) throw new ModelLoadFailed(path, 'model files are JSON files ending in .json');
  const text = readModel(path);
  if (text === null) throw unusableModel(path);
  // Both loaders parse the JSON themselves and throw on anything unusable (caught below).
  try {
    if (isPolicyText(text)) return asPlayer(new PolicyAgent(parsePolicy(text)));
    return asPlayer(createAgent(path, agentSeed, text));
  } catch {
    throw unusableModel(kind);
  }
}
