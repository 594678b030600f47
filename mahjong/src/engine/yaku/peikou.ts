import { chows } from './helpers';
import type { HandContext, Yaku } from './types';

/** Number of pairs of identical sequences (0, 1 or 2). */
function identicalChowPairs(h: HandContext): number {
  const byKind = new Map<number, number>();
  for (const c of chows(h)) byKind.set(c.kind, (byKind.get(c.kind) ?? 0) + 1);
  let n = 0;
  for (const v of byKind.values()) n += Math.floor(v / 2);
  return n;
}

// Iipeikou: "two identical sequences in the same suit" — 1 han, closed only; ryanpeikou replaces it.
export const iipeikou: Yaku = { id: 9, name: 'iipeikou', hanClosed: 1, hanOpen: 0, test: (h) => h.form === 'regular' && identicalChowPairs(h) === 1 };

// Ryanpeikou: "two different iipeikou" — 3 han, closed only (a reading beating chiitoitsu).
export const ryanpeikou: Yaku = { id: 32, name: 'ryanpeikou', hanClosed: 3, hanOpen: 0, test: (h) => h.form === 'regular' && identicalChowPairs(h) === 2 };
