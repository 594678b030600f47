import { chows } from './helpers';
import type { Yaku } from './types';

// Ittsu (ikkitsuukan): "123, 456 and 789 of one suit" — 2 han closed, 1 open.
export const ittsu: Yaku = {
  id: 24, name: 'ittsu', hanClosed: 2, hanOpen: 1,
  test(h) {
    const lows = new Set(chows(h).map((c) => c.kind));
    return [0, 9, 18].some((b) => lows.has(b) && lows.has(b + 3) && lows.has(b + 6));
  },
};
