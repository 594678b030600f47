import type { StateView } from '../game/view-schema';
import { rng } from '../table/wall';
import type { Agent } from './types';

/** Uniform over the legal actions. */
export class RandomAgent implements Agent {
  readonly name = 'random';
  private readonly next: () => number;
  constructor(seed = 1) { this.next = rng(seed); }
  decide(view: StateView): number {
    return this.pick(view.valid_actions);
  }
  pick(acts: readonly number[]): number {
    return acts[this.pickIndex(acts.length)]!;
  }
  pickIndex(count: number): number {
    if (count === 0) throw new Error('invariant: asked to act with no legal action');
    return Math.floor(this.next() * count);
  }
}
