import type { GameFactories } from './service';

/** Placeholder until the engine's Game API lands (issue #8). */
export const engineFactories: GameFactories = {
  newGame() {
    throw new Error('engine not available yet');
  },
  newAi() {
    throw new Error('engine not available yet');
  },
};
