/**
 * What follows a hand under Tenhou's rules (as mjx replays them): dealer repeat, honba, sticks,
 * and the end of the game — anyone below zero; after the last regular round as soon as the top
 * has 30,000 (the all-last dealer who is top after a win or tenpai ends it; one who is not top
 * plays on); the extension stops after its fourth round (West 4 in a hanchan, no North).
 * Abortive draws never end the game. Sticks left at the end go to the top (ties: seat order).
 */
import type { Owari } from '../paipu/types';
import type { HandResult } from '../table/settle';

export interface TableState {
  round: number;
  honba: number;
  kyotaku: number;
  scores: number[];
}

export interface Advance {
  over: boolean;
  /** The next hand's state, or the final state when over (sticks paid to the top). */
  next: TableState;
  owari: Owari | null;
}

/** The highest score; ties go to the lower seat. */
function topSeat(s: number[]): number {
  let best = 0;
  for (let q = 1; q < 4; q++) if (s[q]! > s[best]!) best = q;
  return best;
}

/** How final points are computed: return points (30,000 on Tenhou), uma by place, decimals kept or not. */
export interface OwariRules {
  returnPoints: number;
  uma: readonly [number, number, number, number];
  /** Keep tenths ((score − return)/1,000 exactly) instead of rounding each score to thousands. */
  decimal: boolean;
}

export const TENHOU_OWARI: OwariRules = { returnPoints: 30000, uma: [20, 10, -10, -20], decimal: false };
/** East-only games (Tenhou's GO type without the hanchan bit 0x08): uma +10/+5/−5/−10. */
export const EAST_ONLY_OWARI: OwariRules = { returnPoints: 30000, uma: [10, 5, -5, -10], decimal: false };
/** The final-points rules of a game by its length. */
export const owariRulesFor = (eastSouth: boolean): OwariRules => (eastSouth ? TENHOU_OWARI : EAST_ONLY_OWARI);

/** `x` thousands rounded half away from zero (−500 → −1, 10,500 → 11); exact on multiples of 100. */
export function roundThousands(points: number): number {
  const hundreds = Math.round(points / 100);
  return Math.sign(hundreds) * Math.floor((Math.abs(hundreds) + 5) / 10);
}

/**
 * Tenhou's final points: each non-top score rounded to thousands half away from zero, minus the
 * return (30), plus uma (+20/+10/−10/−20); first place takes what keeps the sum at zero.
 * Examples: −500 → −1 − 30 = −31 before uma; −3,500 → −34; 10,500 → −19; 26,500 → −3.
 */
export function owariOf(scores: number[], rules: OwariRules = TENHOU_OWARI): Owari {
  const order = [0, 1, 2, 3].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const points = [0, 0, 0, 0];
  const ret = rules.returnPoints / 1000;
  for (let r = 1; r < 4; r++) {
    const s = order[r]!;
    const base = rules.decimal ? Math.round((scores[s]! - rules.returnPoints) / 100) / 10 : roundThousands(scores[s]!) - ret;
    // Tenths are not exact in binary: round the sum again (−6.9 + 10 would be 3.0999999999999996).
    points[s] = rules.decimal ? Math.round((base + rules.uma[r]!) * 10) / 10 : base + rules.uma[r]!;
  }
  const rest = -points.reduce((a, b) => a + b, 0);
  points[order[0]!] = rules.decimal ? Math.round(rest * 10) / 10 : rest;
  return { scores: [...scores], points };
}

export function gameEnds(after: TableState, dealerKeeps: boolean, eastSouth: boolean): boolean {
  const s = after.scores;
  if (s[0]! < 0 || s[1]! < 0 || s[2]! < 0 || s[3]! < 0) return true;
  const last = eastSouth ? 7 : 3;
  if (after.round < last) return false;
  const dealerNotTop = topSeat(s) !== after.round % 4;
  if (after.round >= last + 4) return !(dealerKeeps && dealerNotTop);
  if (s[topSeat(s)]! < 30000) return false;
  return !(dealerKeeps && dealerNotTop);
}

/** `after` holds the scores and sticks once the hand is settled, with that hand's round and honba. */
export function advance(after: TableState, res: HandResult, eastSouth: boolean, owariRules: OwariRules = owariRulesFor(eastSouth)): Advance {
  const abortive = res.kind === 'ryuukyoku' && res.ryuukyoku !== 'exhaustive' && res.ryuukyoku !== 'nm';
  if (!abortive && gameEnds(after, res.renchan, eastSouth)) {
    const scores = after.scores.slice();
    scores[topSeat(scores)]! += after.kyotaku * 1000;
    return { over: true, next: { round: after.round, honba: after.honba, kyotaku: 0, scores }, owari: owariOf(scores, owariRules) };
  }
  const round = res.renchan ? after.round : after.round + 1;
  const honba = res.renchan || res.kind !== 'agari' ? after.honba + 1 : 0;
  return { over: false, next: { round, honba, kyotaku: after.kyotaku, scores: after.scores.slice() }, owari: null };
}
