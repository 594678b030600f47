/**
 * A model of the final place from the standings: every pair of seats' score gap moves as a random
 * walk, so seat j ends above seat i with chance Φ((s_j − s_i) / (σ √(hands))), where `hands` is the
 * hands still to be played (the current one counted as `start` hands at its start) and σ the spread
 * of a pair's gap per hand. Ties go to the seat nearer the starting dealer (seat 0), as at the end of
 * a game. A seat's expected place is 1 + Σ_j P(j above it), exactly; the distribution over places
 * treats the three pairs as independent (a Poisson binomial). σ and `start` were fitted on the
 * final places of `strong` against `strong-v1` (bench/mahjong-place-model.ts prints the fit).
 */

export interface PlaceModel {
  /** Spread of one pair's score gap per hand, in points. */
  sigma: number;
  /** Hands' worth of spread in a hand at its start (it includes the dealer's repeats and the extension). */
  start: number;
}

/** Fitted by bench/mahjong-place-model.ts on 2,000 games (mahjong/README.md, "Eighth strength round"). */
export const PLACE_MODEL: PlaceModel = { sigma: 7750, start: 1.25 };

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 on erf: error under 1.5e-7). */
export function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const k = 1 / (1 + 0.3275911 * z);
  const e = k * (0.254829592 + k * (-0.284496736 + k * (1.421413741 + k * (-1.453152027 + k * 1.061405429)))) * Math.exp(-z * z);
  return x >= 0 ? 1 - 0.5 * e : 0.5 * e;
}

/** Hands of a game left after the current one (round 0 = East 1; 0 in the last hand and beyond). */
export function handsAfter(round: number, maxRound: number): number {
  return Math.max(0, (maxRound + 1) * 4 - 1 - round);
}

/** The spread (points) of a pair's gap over `hands` hands still to come (0: the order is final). */
export const spreadOf = (hands: number, m: PlaceModel = PLACE_MODEL): number => m.sigma * Math.sqrt(Math.max(0, hands));

/** Chance seat `j` (score `sj`) ends above seat `i` (score `si`) with `spread` still to come. */
export function aboveChance(sj: number, j: number, si: number, i: number, spread: number): number {
  // Half a point decides ties: the lower seat is above.
  const gap = sj - si + (j < i ? 0.5 : -0.5);
  if (spread <= 0) return gap > 0 ? 1 : 0;
  return phi(gap / spread);
}

/** Expected final place (1–4) of `seat`. */
export function expectedPlace(scores: ArrayLike<number>, seat: number, spread: number): number {
  let e = 1;
  for (let j = 0; j < scores.length; j++) if (j !== seat) e += aboveChance(scores[j]!, j, scores[seat]!, seat, spread);
  return e;
}

/** P(final place = 1..4) of `seat`, as [p1, p2, p3, p4]; the pairs are taken as independent. */
export function placeChances(scores: ArrayLike<number>, seat: number, spread: number): number[] {
  let dist = [1];
  for (let j = 0; j < scores.length; j++) {
    if (j === seat) continue;
    const p = aboveChance(scores[j]!, j, scores[seat]!, seat, spread);
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) { next[k]! += dist[k]! * (1 - p); next[k + 1]! += dist[k]! * p; }
    dist = next;
  }
  return dist;
}
