import type { Yaku } from './types';

// Kokushi musou: "one of each terminal and honor plus one duplicate" — yakuman.
export const kokushi: Yaku = { id: 47, name: 'kokushi musou', hanClosed: 13, hanOpen: 0, yakuman: true, test: (h) => h.form === 'kokushi' && h.wait !== 'kokushi13' };
