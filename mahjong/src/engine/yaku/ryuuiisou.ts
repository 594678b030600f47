import { HATSU } from '../tiles';
import { allKinds } from './helpers';
import type { Yaku } from './types';

// 2s 3s 4s 6s 8s and Hatsu.
const GREEN = new Set([19, 20, 21, 23, 25, HATSU]);
const isGreen = (k: number) => GREEN.has(k);

// Ryuuiisou: "only green tiles: 2, 3, 4, 6, 8 sou and Hatsu" (Tenhou: Hatsu not required) — yakuman.
export const ryuuiisou: Yaku = { id: 43, name: 'ryuuiisou', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => h.form === 'regular' && allKinds(h, isGreen) };
