import { EAST } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

const WIND_NAMES = ['east', 'south', 'west', 'north'];

// Yakuhai (round wind): "a pung or kan of the round wind" — 1 han, open allowed. Tenhou ids 14–17.
export const roundWinds: Yaku[] = WIND_NAMES.map((n, i) => ({
  id: 14 + i, name: `round wind ${n}`, hanClosed: 1, hanOpen: 1,
  test: (h) => h.roundWind === EAST + i && hasTriplet(h, EAST + i),
}));
