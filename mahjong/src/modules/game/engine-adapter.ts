import { Game, stateView } from '../../engine/game';
import type { StateView, WallInfo } from '../../engine/game/view-schema';
import type { MjaiBots } from '../../mjai/config';
import { createAi, listedModels } from './ai-factory';
import type { EngineGame } from './port';
import type { GameFactories } from './service';

/** The wall's origin, for every state the server sends: the secret only once the game is over. */
export function wallInfo(game: Game): WallInfo {
  if (game.secret === null) return { kind: 'seeded', seeded: true, seed: game.seed, commitment: null, secret: null };
  return { kind: 'committed', seeded: false, seed: null, commitment: game.commitment, secret: game.isOver() ? game.secret : null };
}

const withWall = (view: StateView, game: Game): StateView => ({ ...view, game: { ...view.game, wall: wallInfo(game) } });

/** The engine's Game API behind the server's port. */
export function adaptGame(game: Game): EngineGame {
  return {
    engine: game,
    isOver: () => game.isOver(),
    toAct: () => game.actor(),
    nextHand: () => game.nextHand(),
    validActions: (p) => game.validActions(p),
    step: (p, a, tile) => game.step(p, a, tile),
    view: (viewer) => withWall(stateView(game, viewer), game),
    handsFinished: () => game.log.length,
    toPaipu: () => game.toPaipu(),
    toMjlog: () => game.toMjlog(),
  };
}

/** The engine behind the server, with the named mjai bots a request may seat. */
export function factoriesWith(bots: MjaiBots = {}): GameFactories {
  return {
    newGame: (seed, maxRound, secret) => adaptGame(new Game({ seed, maxRound: maxRound === 0 ? 0 : 1, ...(secret ? { secret } : {}) })),
    newAi: (model, seat, seed) => createAi(model, seat, seed, bots),
    models: () => listedModels(bots),
  };
}

export const engineFactories: GameFactories = factoriesWith();
