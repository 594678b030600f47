import { HAKU } from '../tiles';
import { hasTriplet, pairKind } from './helpers';
import type { Yaku } from './types';

// Shousangen: "two dragon pungs and a dragon pair" — 2 han (the dragon pungs score as yakuhai too).
export const shousangen: Yaku = {
  id: 30, name: 'shousangen', hanClosed: 2, hanOpen: 2,
  test(h) {
    const p = pairKind(h);
    if (p === undefined || p < HAKU || h.form !== 'regular') return false;
    return [0, 1, 2].filter((d) => hasTriplet(h, HAKU + d)).length === 2;
  },
};
