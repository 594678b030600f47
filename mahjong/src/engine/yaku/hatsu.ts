import { HATSU } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

// Yakuhai (hatsu (green dragon)): "a pung or kan of a dragon" — 1 han, open allowed.
export const hatsu: Yaku = { id: 19, name: 'hatsu', hanClosed: 1, hanOpen: 1, test: (h) => hasTriplet(h, HATSU) };
