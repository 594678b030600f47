import { identicalChowPairs } from './helpers';
import type { Yaku } from './types';

// Iipeikou: "two identical sequences in the same suit" — 1 han, closed only; ryanpeikou replaces it.
export const iipeikou: Yaku = { id: 9, name: 'iipeikou', hanClosed: 1, hanOpen: 0, test: (h) => h.form === 'regular' && identicalChowPairs(h) === 1 };
