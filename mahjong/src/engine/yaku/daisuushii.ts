import { windTriplets } from './helpers';
import type { Yaku } from './types';

// Daisuushii: "pungs or kans of all four winds" — yakuman (single under Tenhou rules; pao applies).
export const daisuushii: Yaku = { id: 49, name: 'daisuushii', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => windTriplets(h) === 4 };
