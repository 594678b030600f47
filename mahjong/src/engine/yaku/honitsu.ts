import { suitsOf } from './helpers';
import type { Yaku } from './types';

// Honitsu: "one suit plus honors" — 3 han closed, 2 open.
export const honitsu: Yaku = {
  id: 34, name: 'honitsu', hanClosed: 3, hanOpen: 2,
  test(h) { const s = suitsOf(h); return s.suits === 1 && s.honors; },
};
