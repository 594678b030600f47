import type { StateView } from '../game/view-schema';

/** An AI seat: picks one of `view.valid_actions` from the seat's own view. Deterministic per seed. */
export interface Agent {
  readonly name: string;
  decide(view: StateView): number;
  /** Agents that only need the legal actions (random) may offer this; the simulator then skips building a view. */
  pick?(actions: readonly number[]): number;
  /**
   * Agents whose choice depends only on how many actions are legal (random) may offer this: the
   * index of the chosen one in the ascending list of `count` — the simulator then builds no list.
   * It must choose as `pick` would (the same index, drawing the same random numbers).
   */
  pickIndex?(count: number): number;
}
