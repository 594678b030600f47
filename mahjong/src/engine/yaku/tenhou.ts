import type { Yaku } from './types';

// Tenhou: "the dealer wins on the first draw, before any call" — yakuman.
export const tenhou: Yaku = { id: 37, name: 'tenhou', hanClosed: 13, hanOpen: 0, yakuman: true, test: (h) => h.tenhou && h.dealer && h.tsumo };
