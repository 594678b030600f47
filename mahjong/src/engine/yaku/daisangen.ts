import { HAKU } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

// Daisangen: "pungs or kans of all three dragons" — yakuman (pao applies, see scoring).
export const daisangen: Yaku = {
  id: 39, name: 'daisangen', hanClosed: 13, hanOpen: 13, yakuman: true,
  test: (h) => hasTriplet(h, HAKU) && hasTriplet(h, HAKU + 1) && hasTriplet(h, HAKU + 2),
};
