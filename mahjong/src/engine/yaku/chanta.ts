import { chows, setHasHonor, setHasYaochuu } from './helpers';
import type { Yaku } from './types';

// Chanta: "every set and the pair contain a terminal or honor, at least one sequence and one honor"
// — 2 han closed, 1 open. Without honors it is junchan; without sequences it is honroutou.
export const chanta: Yaku = {
  id: 23, name: 'chanta', hanClosed: 2, hanOpen: 1,
  test: (h) => h.form === 'regular' && h.sets.every(setHasYaochuu) && chows(h).length > 0 && h.sets.some(setHasHonor),
};

// Junchan: "every set and the pair contain a terminal, no honors, at least one sequence" — 3 han closed, 2 open.
export const junchan: Yaku = {
  id: 33, name: 'junchan', hanClosed: 3, hanOpen: 2,
  test: (h) => h.form === 'regular' && h.sets.every(setHasYaochuu) && chows(h).length > 0 && !h.sets.some(setHasHonor),
};
