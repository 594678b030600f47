import type { Yaku } from './types';

// Kokushi musou: "one of each terminal and honor plus one duplicate" — yakuman; the 13-sided wait
// (all 13 held before the win) is Tenhou id 48, still a single yakuman.
export const kokushi: Yaku = { id: 47, name: 'kokushi musou', hanClosed: 13, hanOpen: 0, yakuman: true, test: (h) => h.form === 'kokushi' && h.wait !== 'kokushi13' };

export const kokushi13: Yaku = { id: 48, name: 'kokushi musou 13-wait', hanClosed: 13, hanOpen: 0, yakuman: true, test: (h) => h.form === 'kokushi' && h.wait === 'kokushi13' };
