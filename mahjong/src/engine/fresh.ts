/**
 * Small arrays that are written or read on the table's hot paths, made without array literals of
 * constants: JavaScriptCore makes `[0, 0, 0, 0]` a copy-on-write array (its elements shared with
 * the literal until the first write), whose shape differs from a plain array's, so the same field
 * held either shape (the first hand of a game started from the game's literal scores; a
 * settlement whose deltas stayed all zero kept its literal) and the optimised code reading it
 * met two shapes. An array built from a variable is always a plain one. (The scores' other shape
 * change, to an array of doubles, is kept out by `applyDeltas`: table/kyoku-state.ts.)
 */

/** `[x, x, x, x]`: one value per seat, a plain (not copy-on-write) array. */
export const perSeat = <T>(x: T): T[] => [x, x, x, x];

/** A plain copy of a seat array (`slice` of a copy-on-write array is copy-on-write again). */
export const seatCopy = <T>(a: readonly T[]): T[] => [a[0]!, a[1]!, a[2]!, a[3]!];
