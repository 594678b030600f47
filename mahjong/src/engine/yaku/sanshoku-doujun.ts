import { inAllSuitsBits, suitedKindBits } from './helpers';
import type { Yaku } from './types';

// Sanshoku doujun: "the same sequence in all three suits" — 2 han closed, 1 open.
export const sanshokuDoujun: Yaku = {
  id: 25, name: 'sanshoku doujun', hanClosed: 2, hanOpen: 1,
  test: (h) => inAllSuitsBits(suitedKindBits(h, false)),
};
