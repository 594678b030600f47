import type { Yaku } from './types';

// Rinshan kaihou: "win on the replacement tile drawn after a kan" — 1 han, open or closed.
export const rinshan: Yaku = { id: 4, name: 'rinshan kaihou', hanClosed: 1, hanOpen: 1, test: (h) => h.rinshan && h.tsumo };
