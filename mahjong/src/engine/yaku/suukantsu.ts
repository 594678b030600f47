import { countSets } from './helpers';
import type { Yaku } from './types';

// Suukantsu: "four kans" — yakuman.
export const suukantsu: Yaku = { id: 51, name: 'suukantsu', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => countSets(h, 'kan') === 4 };
