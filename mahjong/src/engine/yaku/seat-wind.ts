import { EAST } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

const WIND_NAMES = ['east', 'south', 'west', 'north'];

// Yakuhai (seat wind): "a pung or kan of one's own seat wind" — 1 han, open allowed. Tenhou ids
// 10–13; a double wind also scores the round-wind yaku (14–17).
export const seatWinds: Yaku[] = WIND_NAMES.map((n, i) => ({
  id: 10 + i, name: `seat wind ${n}`, hanClosed: 1, hanOpen: 1,
  test: (h) => h.seatWind === EAST + i && hasTriplet(h, EAST + i),
}));
