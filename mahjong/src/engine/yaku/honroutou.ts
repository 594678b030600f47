import { isYaochuu } from '../tiles';
import { allKinds } from './helpers';
import type { Yaku } from './types';

// Honroutou: "only terminals and honors" (toitoi or chiitoitsu shape) — 2 han; all-terminal is chinroutou
// and all-honor is tsuuiisou, both yakuman.
export const honroutou: Yaku = {
  id: 31, name: 'honroutou', hanClosed: 2, hanOpen: 2,
  test: (h) => h.form !== 'kokushi' && allKinds(h, isYaochuu),
};
