import type { Yaku } from './types';

// Chiitoitsu: "seven different pairs" (four of a kind is not two pairs) — 2 han, always 25 fu.
export const chiitoitsu: Yaku = { id: 22, name: 'chiitoitsu', hanClosed: 2, hanOpen: 0, test: (h) => h.form === 'chiitoi' };
