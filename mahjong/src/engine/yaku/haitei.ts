import type { Yaku } from './types';

// Haitei raoyue: "tsumo on the last tile of the live wall" — 1 han (not on a rinshan draw).
export const haitei: Yaku = { id: 5, name: 'haitei raoyue', hanClosed: 1, hanOpen: 1, test: (h) => h.haitei && h.tsumo && !h.rinshan };
