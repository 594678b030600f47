import { CHUN, EAST, HAKU, HATSU } from '../tiles';
import { hasTriplet } from './helpers';
import type { Yaku } from './types';

const WIND_NAMES = ['east', 'south', 'west', 'north'];

// Yakuhai: "a pung or kan of the seat wind, the round wind or a dragon" — 1 han each, open allowed.
// Tenhou lists seat wind (10–13) and round wind (14–17) separately, so a double wind gives both.
export const seatWinds: Yaku[] = WIND_NAMES.map((n, i) => ({
  id: 10 + i, name: `seat wind ${n}`, hanClosed: 1, hanOpen: 1,
  test: (h) => h.seatWind === EAST + i && hasTriplet(h, EAST + i),
}));

export const roundWinds: Yaku[] = WIND_NAMES.map((n, i) => ({
  id: 14 + i, name: `round wind ${n}`, hanClosed: 1, hanOpen: 1,
  test: (h) => h.roundWind === EAST + i && hasTriplet(h, EAST + i),
}));

export const dragons: Yaku[] = [
  { id: 18, name: 'haku', hanClosed: 1, hanOpen: 1, test: (h) => hasTriplet(h, HAKU) },
  { id: 19, name: 'hatsu', hanClosed: 1, hanOpen: 1, test: (h) => hasTriplet(h, HATSU) },
  { id: 20, name: 'chun', hanClosed: 1, hanOpen: 1, test: (h) => hasTriplet(h, CHUN) },
];
