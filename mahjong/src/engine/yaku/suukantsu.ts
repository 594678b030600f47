import type { Yaku } from './types';

// Suukantsu: "four kans" — yakuman.
export const suukantsu: Yaku = { id: 51, name: 'suukantsu', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => h.sets.filter((s) => s.type === 'kan').length === 4 };
