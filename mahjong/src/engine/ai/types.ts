import type { StateView } from '../game/view-schema';

/** An AI seat: picks one of `view.valid_actions` from the seat's own view. Deterministic per seed. */
export interface Agent {
  readonly name: string;
  decide(view: StateView): number;
  /** Agents that only need the legal actions (random) may offer this; the simulator then skips building a view. */
  pick?(actions: readonly number[]): number;
}
