import type { HandContext, Yaku } from './types';

export const SHAPE = [3, 1, 1, 1, 1, 1, 1, 1, 3];

/** The suit base (0, 9, 18) if the closed hand is 1112345678999 + one more of the same suit. */
export function chuurenSuit(h: HandContext): number | undefined {
  if (!h.closed || h.form !== 'regular' || h.sets.some((s) => s.type === 'kan')) return undefined;
  for (const base of [0, 9, 18]) {
    let extra = 0;
    let ok = true;
    for (let i = 0; i < 9 && ok; i++) {
      const d = h.concealedCounts[base + i]! - SHAPE[i]!;
      if (d < 0) ok = false;
      else extra += d;
    }
    if (ok && extra === 1) return base;
  }
  return undefined;
}

// Chuuren poutou: "closed 1112345678999 of one suit plus any tile of that suit" — yakuman.
export const chuuren: Yaku = {
  id: 45, name: 'chuuren poutou', hanClosed: 13, hanOpen: 0, yakuman: true,
  test(h) {
    const base = chuurenSuit(h);
    return base !== undefined && h.concealedCounts[h.winKind]! - SHAPE[h.winKind - base]! !== 1;
  },
};
