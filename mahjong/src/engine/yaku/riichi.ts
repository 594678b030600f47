import type { Yaku } from './types';

// Riichi: "declared ready with a concealed hand" — 1 han, closed only. Double riichi replaces it.
export const riichi: Yaku = { id: 1, name: 'riichi', hanClosed: 1, hanOpen: 0, test: (h) => h.riichi && !h.doubleRiichi };
