import { EAST, NORTH } from '../tiles';
import { pairKind, windTriplets } from './helpers';
import type { Yaku } from './types';

// Shousuushii: "three wind pungs and a wind pair" — yakuman.
export const shousuushii: Yaku = {
  id: 50, name: 'shousuushii', hanClosed: 13, hanOpen: 13, yakuman: true,
  test(h) {
    const p = pairKind(h);
    return h.form === 'regular' && p !== undefined && p >= EAST && p <= NORTH && windTriplets(h) === 3;
  },
};
