/**
 * The scoring entry point: validates a win, tries every reading and returns the best score
 * (most points, then most han, then most fu — Tenhou's choice).
 */
import type { ScoreError, ScoreResult, WinInput } from './types';

export function scoreHand(input: WinInput): ScoreResult | ScoreError {
  void input;
  return { ok: false, code: 'NOT_AGARI', message: 'not implemented yet' };
}
