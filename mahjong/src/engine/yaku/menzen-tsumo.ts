import type { Yaku } from './types';

// Menzen tsumo: "win by self-draw with a concealed hand" — 1 han, closed only.
export const menzenTsumo: Yaku = { id: 0, name: 'menzen tsumo', hanClosed: 1, hanOpen: 0, test: (h) => h.closed && h.tsumo };
