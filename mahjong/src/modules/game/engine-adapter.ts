import { Game, stateView } from '../../engine/game';
import type { MjaiBots } from '../../mjai/config';
import { createAi, listedModels } from './ai-factory';
import type { EngineGame } from './port';
import type { GameFactories } from './service';

/** The engine's Game API behind the server's port. */
export function adaptGame(game: Game): EngineGame {
  return {
    engine: game,
    isOver: () => game.isOver(),
    toAct: () => game.actor(),
    nextHand: () => game.nextHand(),
    validActions: (p) => game.validActions(p),
    step: (p, a, tile) => game.step(p, a, tile),
    view: (viewer) => stateView(game, viewer),
    handsFinished: () => game.log.length,
    toPaipu: () => game.toPaipu(),
    toMjlog: () => game.toMjlog(),
  };
}

/** The engine behind the server, with the named mjai bots a request may seat. */
export function factoriesWith(bots: MjaiBots = {}): GameFactories {
  return {
    newGame: (seed, maxRound) => adaptGame(new Game({ seed, maxRound: maxRound === 0 ? 0 : 1 })),
    newAi: (model, seat, seed) => createAi(model, seat, seed, bots),
    models: () => listedModels(bots),
  };
}

export const engineFactories: GameFactories = factoriesWith();
