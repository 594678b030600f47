import { suitedKindBits } from './helpers';
import type { Yaku } from './types';

// Ittsu (ikkitsuukan): "123, 456 and 789 of one suit" — 2 han closed, 1 open.
export const ittsu: Yaku = {
  id: 24, name: 'ittsu', hanClosed: 2, hanOpen: 1,
  test(h) {
    const lows = suitedKindBits(h, false);
    return ((lows & (lows >>> 3) & (lows >>> 6)) & (1 | (1 << 9) | (1 << 18))) !== 0;
  },
};
