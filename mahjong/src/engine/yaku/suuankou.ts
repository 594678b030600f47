import { concealedTriplets } from './helpers';
import type { Yaku } from './types';

// Suuankou: "four concealed pungs/kans"; on ron the shanpon wait makes one pung open, so it needs a
// tsumo or a pair (tanki) wait — yakuman. The tanki wait is its own id (41).
export const suuankou: Yaku = {
  id: 40, name: 'suuankou', hanClosed: 13, hanOpen: 0, yakuman: true,
  test: (h) => concealedTriplets(h) === 4 && h.wait !== 'tanki',
};
