/**
 * A hint to Bun's JavaScriptCore JIT for code that runs less than once per hand: a kan (about one
 * a hanchan), a win's or an abortive draw's settlement. Such code turns hot only after thousands
 * of games, and its top-tier (FTL) compile costs 10–160 ms of CPU each (a kan's 160 ms), more than
 * its FTL code saves in a run of 10,000 hanchan. `rarelyRun` keeps it in the optimizing DFG tier
 * (which still compiles it, at a tenth of the cost): see mahjong/README.md, "ninth speed pass".
 * The code run once per hand (dealing, the table's constructor, an exhaustive draw, the game's
 * advance) was marked too, but in a long run (20,000 hanchan and more) its FTL code is worth its
 * compile. It changes no result, only which machine code runs; nothing in the step loop is marked.
 */
import { noFTL } from 'bun:jsc';

/** A function or a class (its constructor). */
type Code = ((...args: never[]) => unknown) | (abstract new (...args: never[]) => unknown);

export function rarelyRun(...fns: Code[]): void {
  for (const f of fns) noFTL(f as (...args: unknown[]) => unknown);
}
