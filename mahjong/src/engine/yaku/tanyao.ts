import { isSimple } from '../tiles';
import { allKinds } from './helpers';
import type { Yaku } from './types';

// Tanyao: "only simples (2–8), no terminals or honors" — 1 han, open allowed (kuitan, Tenhou rules).
export const tanyao: Yaku = { id: 8, name: 'tanyao', hanClosed: 1, hanOpen: 1, test: (h) => allKinds(h, isSimple) };
