import { allSetsYaochuuWithChow, setHasHonor } from './helpers';
import type { Yaku } from './types';

// Chanta: "every set and the pair contain a terminal or honor, at least one sequence and one honor"
// — 2 han closed, 1 open. Without honors it is junchan; without sequences it is honroutou.
export const chanta: Yaku = {
  id: 23, name: 'chanta', hanClosed: 2, hanOpen: 1,
  test: (h) => allSetsYaochuuWithChow(h) && h.sets.some(setHasHonor),
};
