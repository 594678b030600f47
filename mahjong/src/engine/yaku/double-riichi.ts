import type { Yaku } from './types';

// Double riichi: "riichi declared on the first discard, before any call" — 2 han, replaces riichi.
export const doubleRiichi: Yaku = { id: 21, name: 'double riichi', hanClosed: 2, hanOpen: 0, test: (h) => h.doubleRiichi };
