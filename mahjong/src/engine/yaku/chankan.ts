import type { Yaku } from './types';

// Chankan: "ron on a tile another player adds to a pon (kakan)" — 1 han, open or closed.
export const chankan: Yaku = { id: 3, name: 'chankan', hanClosed: 1, hanOpen: 1, test: (h) => h.chankan && !h.tsumo };
