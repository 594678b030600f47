import type { LimitName } from './types';

/**
 * Basic points (a = fu × 2^(han+2)) and limits, Tenhou rules (no kiriage mangan):
 * mangan 2000 (5 han, or a ≥ 2000), haneman 3000 (6–7), baiman 4000 (8–10), sanbaiman 6000 (11–12),
 * kazoe yakuman 8000 (13+ han without yakuman), yakuman 8000 per yakuman (stacked).
 */
export function basicPoints(han: number, fu: number, yakuman: number): { base: number; limit: LimitName; code: 0 | 1 | 2 | 3 | 4 | 5 } {
  if (yakuman > 0) return { base: 8000 * yakuman, limit: 'yakuman', code: 5 };
  if (han >= 13) return { base: 8000, limit: 'kazoe yakuman', code: 5 };
  if (han >= 11) return { base: 6000, limit: 'sanbaiman', code: 4 };
  if (han >= 8) return { base: 4000, limit: 'baiman', code: 3 };
  if (han >= 6) return { base: 3000, limit: 'haneman', code: 2 };
  const a = fu * 2 ** (han + 2);
  if (han >= 5 || a >= 2000) return { base: 2000, limit: 'mangan', code: 1 };
  return { base: a, limit: '', code: 0 };
}
