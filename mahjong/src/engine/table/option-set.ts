/**
 * The seat on turn's options as bits (see `Options`): one object per hand, refilled at each step.
 * Its action list is built from the bits only when read, so a self-play loop that picks by index
 * (`legalCount`, `legalAt`) builds no list at all. The list is ascending, as the bits are read.
 */
import type { Options } from './hand-state';

export class OptionSet implements Options {
  lo = 0;
  hi = 0;
  readonly riichiDiscards: number[];
  /** False once the bits change: the list is built again at the next read. */
  listed = false;
  private list: number[] | null = null;

  /** `riichi` false: a set of answers, whose riichi list is the shared empty one (never changed). */
  constructor(riichi = true) {
    this.riichiDiscards = riichi ? [] : NO_RIICHI;
  }

  /** The actions the bits hold, ascending (the same array each time, refilled when the bits changed). */
  get actions(): number[] {
    if (!this.listed) {
      const out = this.list ??= [];
      if (out.length !== 0) out.length = 0;
      for (let m = this.lo; m !== 0; m &= m - 1) out.push(31 - Math.clz32(m & -m));
      for (let m = this.hi; m !== 0; m &= m - 1) out.push(58 - Math.clz32(m & -m));
      this.listed = true;
    }
    return this.list!;
  }
}

const NO_RIICHI: number[] = [];

const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
};

/** How many actions `o` offers. */
export const legalCount = (o: Options): number => popcount(o.lo) + popcount(o.hi);

/** The `i`-th (0-based, ascending) action `o` offers: `o.actions[i]` without building the list; -1 past the end. */
export function legalAt(o: Options, i: number): number {
  for (let m = o.lo; m !== 0; m &= m - 1) if (i-- === 0) return 31 - Math.clz32(m & -m);
  for (let m = o.hi; m !== 0; m &= m - 1) if (i-- === 0) return 58 - Math.clz32(m & -m);
  return -1;
}
