import { concealedTriplets } from './helpers';
import type { Yaku } from './types';

// Suuankou tanki: "four concealed pungs won on the pair wait" — Tenhou id 41; with no double
// yakuman under Tenhou rules it scores as a single yakuman.
export const suuankouTanki: Yaku = {
  id: 41, name: 'suuankou tanki', hanClosed: 13, hanOpen: 0, yakuman: true,
  test: (h) => concealedTriplets(h) === 4 && h.wait === 'tanki',
};
