import { ModelLoadFailed } from '../../server/errors';
import type { AiPlayer, EngineGame } from './port';

/** Deterministic per seed and seat (mulberry32), so a seeded game replays the same. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `random`: uniform over the legal actions. */
export function randomAi(seed: number, seat: number): AiPlayer {
  const next = rng((seed ^ Math.imul(seat + 1, 0x9e3779b1)) >>> 0);
  return {
    name: 'random',
    decide(game: EngineGame, s: number) {
      const valid = game.validActions(s);
      return valid[Math.floor(next() * valid.length)] ?? -1;
    },
  };
}

/** DECISIONS.md, Mahjong, AI: null/"random", "heuristic", or a model file path. */
export function createAi(model: string | null, seat: number, seed: number): AiPlayer {
  const name = (model ?? 'random').trim();
  if (name === '' || name === 'random') return randomAi(seed, seat);
  if (name === 'heuristic') return randomAi(seed, seat);
  throw new ModelLoadFailed(name, 'model files are not supported yet');
}
