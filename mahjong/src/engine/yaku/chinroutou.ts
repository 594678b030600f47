import { isTerminal } from '../tiles';
import { allKinds } from './helpers';
import type { Yaku } from './types';

// Chinroutou: "only terminals (1s and 9s)" — yakuman.
export const chinroutou: Yaku = { id: 44, name: 'chinroutou', hanClosed: 13, hanOpen: 13, yakuman: true, test: (h) => allKinds(h, isTerminal) };
