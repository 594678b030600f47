import type { Yaku } from './types';

// Ippatsu: "win within one go-around after riichi, no call in between" — 1 han (the caller sets the flag).
export const ippatsu: Yaku = { id: 2, name: 'ippatsu', hanClosed: 1, hanOpen: 0, test: (h) => h.ippatsu && (h.riichi || h.doubleRiichi) };
