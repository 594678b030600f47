/**
 * Discard choice by expected value rather than by acceptance alone: among the discards that keep
 * the best shanten, the one that maximises (chance of winning) × (value of the win). Measured in
 * self-play (`strong` against itself, 400 hanchan, no threat on the table), the chance of winning
 * from a given shanten and number of turns grows about as the square root of the acceptance
 * (1 shanten, 12+ turns: 7 tiles 23 %, 14 tiles 33 %, 25 tiles 48 %; 2 shanten: 15 tiles 17 %,
 * 25 tiles 22 %, 35 tiles 28 %), so a score in logs, β·ln(acceptance) + ln(value), compares a
 * faster hand with a bigger one on one scale; β is `StrongOptions.evDiscard`.
 */

/** Ron value (points) of a hand worth `han` (fractional: an estimate), non-dealer, typical fu; linear between whole han. */
const POINTS = [1000, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000];

export function handPoints(han: number, dealer: boolean): number {
  const h = Math.max(1, Math.min(13, han));
  const lo = Math.floor(h);
  const v = lo >= 13 ? POINTS[13]! : POINTS[lo]! + (POINTS[lo + 1]! - POINTS[lo]!) * (h - lo);
  return dealer ? v * 1.5 : v;
}

/** Score of one discard on the log scale (×100): β·ln(1 + acceptance) + ln(value). */
export function evScore(accept: number, han: number, dealer: boolean, beta: number): number {
  return 100 * (beta * Math.log(1 + accept) + Math.log(handPoints(han, dealer)));
}
