import type { StateView } from '../game/view-schema';

/** An AI seat: picks one of `view.valid_actions` from the seat's own view. Deterministic per seed. */
export interface Agent {
  readonly name: string;
  decide(view: StateView): number;
}
