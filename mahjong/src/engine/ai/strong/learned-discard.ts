/**
 * The strong AI's discard order learned from Houou players (`learnedDiscard`): a small network
 * scores every candidate discard from what the strong AI already computed for it (shanten, tiles
 * that advance the hand, deal-in cost, its own score and choice) plus cheap facts about the tile,
 * and the candidate scored highest is thrown. Trained by imitation on the tuning logs only
 * (`bun bench/mahjong-review-agreement.ts --set tune --train-strong mahjong/models`), so the
 * weights ship inside the engine as a JSON module: no file is read at run time.
 */
import type { Table } from './table';
import { isYakuhai } from './value';

export const LEARNED_DISCARD_FEATURES = [
  'shanten_gap', 'accept_share', 'accept', 'shape', 'dora', 'red', 'honor', 'terminal', 'yakuhai', 'in_hand', 'seen',
  'risk', 'genbutsu', 'score_gap', 'strong_choice', 'tsumogiri', 'neighbours', 'tiles_left', 'threatened', 'open', 'dealer',
  'edge', 'riichi_threats',
] as const;

/** One candidate as the strong AI scored it (discard-choice.ts). */
export interface Candidate { kind: number; action: number; sh: number; risk: number; score: number }

/** A network in the review models' format (`mahjong-review-v1`: tanh hidden layer, one output). */
export interface DiscardNet { hidden: number; w1: number[][]; b1: number[]; w2: number[] }

/**
 * Feature rows of the candidates. `accept[i]`: tiles that advance the hand after candidate i (0
 * off the best shanten); `shape[i]`: the strong AI's shape preference; `top`: its choice.
 */
export function candidateFeatures(t: Table, rows: readonly Candidate[], accept: readonly number[], shape: readonly number[], top: number, best: number): number[][] {
  const threatened = t.threats.length > 0;
  let riichi = 0;
  for (const th of t.threats) if (th.riichi) riichi++;
  let maxAccept = 1;
  for (const a of accept) if (a > maxAccept) maxAccept = a;
  const topScore = rows[top]!.score;
  const drawn = t.me.drawn === null || t.me.drawn === undefined ? -1 : t.me.drawn >> 2;
  const open = t.me.melds.some((m) => m.type !== 'ankan') ? 1 : 0;
  const c = t.counts;
  const out: number[][] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const k = r.kind;
    const honor = k >= 27;
    const n = k % 9;
    let safe = riichi > 0 ? 1 : 0;
    for (const th of t.threats) if (th.riichi && !th.safe[k]) safe = 0;
    let nb = 0;
    if (!honor) for (const d of [-2, -1, 1, 2]) if (n + d >= 0 && n + d <= 8 && c[k + d]! > 0) nb++;
    const gap = r.score - topScore;
    out.push([
      Math.min(3, r.sh - best), accept[i]! / maxAccept, accept[i]! / 40, shape[i]! / 10, t.dora[k]!, r.action >= 34 ? 1 : 0,
      honor ? 1 : 0, !honor && (n === 0 || n === 8) ? 1 : 0, honor && isYakuhai(t, k) ? 1 : 0, c[k]! / 4, t.seen[k]! / 4,
      r.risk / 1000, safe, threatened ? Math.max(-5, gap / 1000) : Math.max(-10, gap / 100), i === top ? 1 : 0, k === drawn ? 1 : 0,
      nb / 4, t.tilesLeft / 70, threatened ? 1 : 0, open, t.dealer ? 1 : 0, honor ? 0 : Math.abs(n - 4) / 4, riichi / 3,
    ]);
  }
  return out;
}

/**
 * tanh by Lambert's continued fraction (7th order) clamped to ±1 beyond 4.97: within 1e-4 of
 * Math.tanh everywhere, and Math.tanh was two thirds of a pick's time.
 */
export function tanh(z: number): number {
  if (z > 4.97) return 1;
  if (z < -4.97) return -1;
  const x2 = z * z;
  return (z * (135135 + x2 * (17325 + x2 * (378 + x2)))) / (135135 + x2 * (62370 + x2 * (3150 + x2 * 28)));
}

/** Index of the row the network scores highest. */
export function pickCandidate(net: DiscardNet, rows: readonly number[][]): number {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < rows.length; i++) {
    const x = rows[i]!;
    let s = 0;
    for (let j = 0; j < net.hidden; j++) {
      const w = net.w1[j]!;
      let z = net.b1[j]!;
      for (let f = 0; f < x.length; f++) z += w[f]! * x[f]!;
      s += net.w2[j]! * tanh(z);
    }
    if (s > bestScore) { bestScore = s; best = i; }
  }
  return best;
}
