import { CHUN } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

// Yakuhai (chun (red dragon)): "a pung or kan of a dragon" — 1 han, open allowed.
export const chun: Yaku = { id: 20, name: 'chun', hanClosed: 1, hanOpen: 1, test: (h) => hasTriplet(h, CHUN) };
