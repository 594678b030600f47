import { chows, triplets } from './helpers';
import type { Yaku } from './types';

const inAllSuits = (kinds: Set<number>): boolean => {
  for (let n = 0; n < 9; n++) if (kinds.has(n) && kinds.has(n + 9) && kinds.has(n + 18)) return true;
  return false;
};

// Sanshoku doujun: "the same sequence in all three suits" — 2 han closed, 1 open.
export const sanshokuDoujun: Yaku = {
  id: 25, name: 'sanshoku doujun', hanClosed: 2, hanOpen: 1,
  test: (h) => inAllSuits(new Set(chows(h).map((c) => c.kind))),
};

// Sanshoku doukou: "pungs/kans of the same number in all three suits" — 2 han, open or closed.
export const sanshokuDoukou: Yaku = {
  id: 26, name: 'sanshoku doukou', hanClosed: 2, hanOpen: 2,
  test: (h) => inAllSuits(new Set(triplets(h).filter((t) => t.kind < 27).map((t) => t.kind))),
};
