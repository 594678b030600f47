import { isDragon } from '../tiles';
import { pairKind } from './helpers';
import type { Yaku } from './types';

// Pinfu: "closed hand of four sequences and a non-value pair, won on a two-sided wait"
// (no fu except menzen ron / tsumo) — 1 han, closed only. A seat- or round-wind or dragon pair breaks it.
export const pinfu: Yaku = {
  id: 7, name: 'pinfu', hanClosed: 1, hanOpen: 0,
  test(h) {
    if (h.form !== 'regular' || !h.closed || h.wait !== 'ryanmen') return false;
    if (!h.sets.every((s) => s.type === 'chow' || s.type === 'pair')) return false;
    const p = pairKind(h)!;
    return !isDragon(p) && p !== h.seatWind && p !== h.roundWind;
  },
};
