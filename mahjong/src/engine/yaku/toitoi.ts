import { countSets } from './helpers';
import type { Yaku } from './types';

// Toitoi: "four pungs/kans and a pair" — 2 han, open or closed.
export const toitoi: Yaku = { id: 28, name: 'toitoi', hanClosed: 2, hanOpen: 2, test: (h) => h.form === 'regular' && countSets(h, 'pung') + countSets(h, 'kan') === 4 };
