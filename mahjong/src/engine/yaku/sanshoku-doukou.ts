import { inAllSuitsBits, suitedKindBits } from './helpers';
import type { Yaku } from './types';

// Sanshoku doukou: "pungs/kans of the same number in all three suits" — 2 han, open or closed.
export const sanshokuDoukou: Yaku = {
  id: 26, name: 'sanshoku doukou', hanClosed: 2, hanOpen: 2,
  test: (h) => inAllSuitsBits(suitedKindBits(h, true)),
};
