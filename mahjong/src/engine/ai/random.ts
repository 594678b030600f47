import type { StateView } from '../game/view-schema';
import type { Agent } from './types';

/** Uniform over the legal actions. */
export class RandomAgent implements Agent {
  readonly name = 'random';
  /** The state of the agent's splitmix32 stream (as int32): the numbers `rng(seed)` (table/wall.ts) draws, one step per choice. */
  private s: number;
  constructor(seed = 1) { this.s = seed | 0; }
  decide(view: StateView): number {
    return this.pick(view.valid_actions);
  }
  pick(acts: readonly number[]): number {
    return acts[this.pickIndex(acts.length)]!;
  }
  pickIndex(count: number): number {
    if (count === 0) throw new Error('invariant: asked to act with no legal action');
    // rng(seed)'s step written out on a field: no closure call per decision (it runs at every step
    // of random self-play). The state is int32 (`| 0`: rng's 32 bits, never a double to the JIT).
    const s = (this.s = (this.s + 0x9e3779b9) | 0);
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    const u = z ^ (z >>> 16);
    // floor(u / 2^32 · count) in 16-bit halves (as the wall's shuffle): exact, and no double, for counts below 2^15.
    if (count < 32768) return (Math.imul(u >>> 16, count) + (Math.imul(u & 0xffff, count) >>> 16)) >>> 16;
    return Math.floor(((u >>> 0) / 4294967296) * count);
  }
}
