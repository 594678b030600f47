import { Game, stateView } from '../../engine/game';
import { createAi } from './ai-factory';
import type { EngineGame } from './port';
import type { GameFactories } from './service';

/** The engine's Game API behind the server's port. */
export function adaptGame(game: Game): EngineGame {
  return {
    isOver: () => game.isOver(),
    toAct: () => game.actor(),
    nextHand: () => game.nextHand(),
    validActions: (p) => game.validActions(p),
    step: (p, a) => game.step(p, a),
    view: (viewer) => stateView(game, viewer) as unknown as Record<string, unknown>,
    handsFinished: () => game.log.length,
    lastHandResult: () => game.kyoku.result ? stateView(game, null).result : null,
    toPaipu: () => game.toPaipu(),
    toMjlog: () => game.toMjlog(),
  };
}

export const engineFactories: GameFactories = {
  newGame: (seed, maxRound) => adaptGame(new Game({ seed, maxRound: maxRound === 0 ? 0 : 1 })),
  newAi: createAi,
};
