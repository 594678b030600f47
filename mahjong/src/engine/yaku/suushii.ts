import { EAST } from '../tiles';
import { hasTriplet, pairKind } from './helpers';
import type { Yaku } from './types';

const windTriplets = (h: Parameters<Yaku['test']>[0]): number => [0, 1, 2, 3].filter((w) => hasTriplet(h, EAST + w)).length;

// Daisuushii: "pungs or kans of all four winds" — yakuman (single under Tenhou rules; pao applies).
export const daisuushii: Yaku = { id: 49, name: 'daisuushii', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => windTriplets(h) === 4 };

// Shousuushii: "three wind pungs and a wind pair" — yakuman.
export const shousuushii: Yaku = {
  id: 50, name: 'shousuushii', hanClosed: 13, hanOpen: 13, yakuman: true,
  test(h) {
    const p = pairKind(h);
    return h.form === 'regular' && p !== undefined && p >= EAST && p < EAST + 4 && windTriplets(h) === 3;
  },
};
