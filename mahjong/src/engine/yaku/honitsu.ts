import { suitsOf } from './helpers';
import type { Yaku } from './types';

// Honitsu: "one suit plus honors" — 3 han closed, 2 open.
export const honitsu: Yaku = {
  id: 34, name: 'honitsu', hanClosed: 3, hanOpen: 2,
  test(h) { const s = suitsOf(h); return s.suits.size === 1 && s.honors; },
};

// Chinitsu: "one suit only, no honors" — 6 han closed, 5 open.
export const chinitsu: Yaku = {
  id: 35, name: 'chinitsu', hanClosed: 6, hanOpen: 5,
  test(h) { const s = suitsOf(h); return s.suits.size === 1 && !s.honors; },
};
