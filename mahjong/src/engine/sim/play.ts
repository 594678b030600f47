/**
 * Headless play: agents decide from their own seat's view until the game is over. Each seat's
 * shallow view is refreshed in place for its next decision (an agent reads it only while deciding).
 */
import type { Agent } from '../ai/types';
import { Game, type GameOptions } from '../game/game';
import { legalAt, legalCount } from '../table/option-set';

export interface PlayLimits {
  /** Safety net against a broken invariant; a hanchan takes a few thousand steps. */
  maxSteps?: number;
}

export function playGame(agents: Agent[], opts: GameOptions, limits: PlayLimits = {}): Game {
  const game = new Game({ ...opts, autoNextHand: true });
  const maxSteps = limits.maxSteps ?? 200_000;
  for (let steps = 0; !game.isOver(); steps++) {
    if (steps >= maxSteps) throw new Error(`invariant: game ${game.seed} did not finish in ${maxSteps} steps`);
    const seat = game.actor();
    const agent = agents[seat]!;
    let action: number;
    if (agent.pickIndex) {
      const o = game.liveOptions(seat);
      action = legalAt(o, agent.pickIndex(legalCount(o)));
    } else action = agent.pick ? agent.pick(game.liveActions(seat)) : agent.decide(game.stateView(seat, { shallow: true, reuse: true }));
    const r = game.step(seat, action);
    if (!r.ok) throw new Error(`invariant: agent ${agent.name} chose illegal ${action} (${r.code})`);
  }
  return game;
}
