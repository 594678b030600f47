/**
 * A hint to Bun's JavaScriptCore JIT for code that runs a few times per hand or per game: dealing
 * a new hand (the table's constructor, the wall, the record's entry), settling and advancing the
 * game, a kan. Such code turns hot only after thousands of games, and its top-tier (FTL) compile,
 * which inlines the whole set-up of a hand into one function, costs 10–160 ms of CPU each (a
 * kan's 160 ms) — measured, the compiles of these functions were about half of all the JIT's work
 * between the 3,000th and the 13,000th random hanchan, more than their FTL code saves in a run of
 * that length. `rarelyRun` keeps them in the optimizing DFG tier (which still compiles them, at a
 * tenth of the cost): see mahjong/README.md, "ninth speed pass". It changes no result, only which
 * machine code runs; nothing in the step loop (draws, discards, answers, options) is marked.
 */
import { noFTL } from 'bun:jsc';

/** A function or a class (its constructor). */
type Code = ((...args: never[]) => unknown) | (abstract new (...args: never[]) => unknown);

export function rarelyRun(...fns: Code[]): void {
  for (const f of fns) noFTL(f as (...args: unknown[]) => unknown);
}
