import { allSetsYaochuuWithChow, setHasHonor } from './helpers';
import type { Yaku } from './types';

// Junchan: "every set and the pair contain a terminal, no honors, at least one sequence" — 3 han closed, 2 open.
export const junchan: Yaku = {
  id: 33, name: 'junchan', hanClosed: 3, hanOpen: 2,
  test: (h) => allSetsYaochuuWithChow(h) && !h.sets.some(setHasHonor),
};
