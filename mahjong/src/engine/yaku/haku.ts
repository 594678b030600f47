import { HAKU } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

// Yakuhai (haku (white dragon)): "a pung or kan of a dragon" — 1 han, open allowed.
export const haku: Yaku = { id: 18, name: 'haku', hanClosed: 1, hanOpen: 1, test: (h) => hasTriplet(h, HAKU) };
