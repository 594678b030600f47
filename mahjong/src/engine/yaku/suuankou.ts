import { concealedTriplets } from './helpers';
import type { Yaku } from './types';

// Suuankou: "four concealed pungs/kans"; on ron the shanpon wait makes one pung open, so it must be
// a tsumo or a pair (tanki) wait — yakuman. Tenhou lists the tanki wait as its own id (41) but,
// having no double yakuman, scores it as a single yakuman.
export const suuankou: Yaku = {
  id: 40, name: 'suuankou', hanClosed: 13, hanOpen: 0, yakuman: true,
  test: (h) => concealedTriplets(h) === 4 && h.wait !== 'tanki',
};

export const suuankouTanki: Yaku = {
  id: 41, name: 'suuankou tanki', hanClosed: 13, hanOpen: 0, yakuman: true,
  test: (h) => concealedTriplets(h) === 4 && h.wait === 'tanki',
};
