import { suitsOf } from './helpers';
import type { Yaku } from './types';

// Chinitsu: "one suit only, no honors" — 6 han closed, 5 open.
export const chinitsu: Yaku = {
  id: 35, name: 'chinitsu', hanClosed: 6, hanOpen: 5,
  test(h) { const s = suitsOf(h); return s.suits === 1 && !s.honors; },
};
