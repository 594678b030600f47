import { chuurenSuit, SHAPE } from './chuuren';
import type { Yaku } from './types';

// Junsei chuuren: "the nine-sided wait: the hand before the win was exactly 1112345678999" — yakuman
// (Tenhou lists it as id 46 but, with no double yakuman, scores it once).
export const junseiChuuren: Yaku = {
  id: 46, name: 'junsei chuuren poutou', hanClosed: 13, hanOpen: 0, yakuman: true,
  test(h) {
    const base = chuurenSuit(h);
    return base !== undefined && h.concealedCounts[h.winKind]! - SHAPE[h.winKind - base]! === 1;
  },
};
