import type { Yaku } from './types';

// Kokushi 13-sided wait: "all 13 terminals and honors held before the win" — Tenhou id 48, a single
// yakuman (no double yakuman).
export const kokushi13: Yaku = { id: 48, name: 'kokushi musou 13-wait', hanClosed: 13, hanOpen: 0, yakuman: true, test: (h) => h.form === 'kokushi' && h.wait === 'kokushi13' };
