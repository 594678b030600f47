import { isHonor } from '../tiles';
import { allKinds } from './helpers';
import type { Yaku } from './types';

// Tsuuiisou: "only honor tiles" (sets or seven pairs) — yakuman.
export const tsuuiisou: Yaku = { id: 42, name: 'tsuuiisou', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => allKinds(h, isHonor) };
