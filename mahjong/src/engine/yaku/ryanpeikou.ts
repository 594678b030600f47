import { identicalChowPairs } from './helpers';
import type { Yaku } from './types';

// Ryanpeikou: "two different iipeikou" — 3 han, closed only (the reading beats chiitoitsu).
export const ryanpeikou: Yaku = { id: 32, name: 'ryanpeikou', hanClosed: 3, hanOpen: 0, test: (h) => h.form === 'regular' && identicalChowPairs(h) === 2 };
