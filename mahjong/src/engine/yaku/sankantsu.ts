import { countSets } from './helpers';
import type { Yaku } from './types';

// Sankantsu: "three kans (open or closed)" — 2 han.
export const sankantsu: Yaku = { id: 27, name: 'sankantsu', hanClosed: 2, hanOpen: 2, test: (h) => countSets(h, 'kan') === 3 };
