import type { Yaku } from './types';

// Chiihou: "a non-dealer wins on the first draw, before any call" — yakuman.
export const chiihou: Yaku = { id: 38, name: 'chiihou', hanClosed: 13, hanOpen: 0, yakuman: true, test: (h) => h.chiihou && !h.dealer && h.tsumo };
