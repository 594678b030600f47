import { concealedTriplets } from './helpers';
import type { Yaku } from './types';

// Sanankou: "three concealed pungs/kans"; a pung completed by ron counts as open — 2 han.
export const sanankou: Yaku = { id: 29, name: 'sanankou', hanClosed: 2, hanOpen: 2, test: (h) => concealedTriplets(h) === 3 };
