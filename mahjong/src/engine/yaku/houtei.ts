import type { Yaku } from './types';

// Houtei raoyui: "ron on the last discard of the hand" — 1 han.
export const houtei: Yaku = { id: 6, name: 'houtei raoyui', hanClosed: 1, hanOpen: 1, test: (h) => h.houtei && !h.tsumo };
