/**
 * Expected score of a closed hand's future from its own draws (`StrongOptions.handEv`), in the
 * style of the public expected-score calculators: for a 13-tile hand at `sh` ≤ 2 shanten and n own
 * draws left, what it scores on average if every draw is kind k with chance unseen[k] / total (the
 * same each turn), a draw that lowers shanten is kept with the discard that gives the best future,
 * and any other draw is thrown. A tenpai hand wins on a draw of a wait w with chance
 * `rate` × unseen[w] / total (`rate` > 1 stands for the ron chances between own draws) and then
 * scores `value(hand + w, w)`. The curve over n comes from a DP over draws:
 *   tenpai: E0(n) = (Σ_w q_w V_w) / p · (1 − (1 − p)^n),   p = Σ_w q_w;
 *   sh ≥ 1: E(n) = Σ_k q_k · max_e E'(hand + k − e)(n − 1) + (1 − Σ_k q_k) · E(n − 1),
 * the sum over the draws k that lower shanten and the max over the discards e that keep the lower
 * shanten. test/engine/ai/strong-hand-ev.test.ts checks it against a brute-force expectimax over
 * every draw sequence. Lateral changes (a draw that keeps shanten but improves the shape) and calls
 * are not modelled.
 */
import { HandGroups } from '../../shanten';

export interface EvSetup {
  /** Copies of each kind the hand may still draw (4 − copies visible to us, ≥ 0). */
  unseen: ArrayLike<number>;
  /** Tiles in the draw pool (Σ unseen, or the real unseen total). */
  total: number;
  /** Multiplier on a tenpai hand's per-draw win chance (ron between own draws). */
  rate: number;
  /** Points of the complete 14-tile hand `c` won on kind `win`. */
  value: (c: number[], win: number) => number;
}

/** Whether a draw of k can join anything in `c` (held, a suit neighbour within two, or seven pairs). */
function mayUse(c: ArrayLike<number>, k: number, pairsForm: boolean): boolean {
  if (c[k]! > 0) return true;
  if (pairsForm) return true;
  if (k >= 27) return false;
  const n = k % 9;
  return (n >= 1 && c[k - 1]! > 0) || (n >= 2 && c[k - 2]! > 0) || (n <= 7 && c[k + 1]! > 0) || (n <= 6 && c[k + 2]! > 0);
}

const GROUPS: HandGroups[] = [];
const groupsAt = (depth: number): HandGroups => (GROUPS[depth] ??= new HandGroups());

/**
 * Expected-score model of one decision: one setup, one memo of the hands reached (a hand reached
 * from several discards or draws is evaluated once).
 */
export class HandEv {
  private readonly memo = new Map<string, Float64Array>();
  /** Hands evaluated (tenpai and not), for the tests and the cost check. */
  evaluated = 0;

  constructor(private readonly s: EvSetup, private readonly draws: number, private readonly meldCount = 0) {}

  /** Expected score of 13-tile (3n+1) hand `c` at `sh` shanten over 0..draws own draws (index n). */
  curve(c: number[], sh: number): Float64Array {
    const key = c.join('');
    let out = this.memo.get(key);
    if (!out) {
      out = sh === 0 ? this.tenpai(c, sh) : this.away(c, sh);
      this.memo.set(key, out);
      this.evaluated++;
    }
    return out;
  }

  /** Expected score of `c` with all own draws left. */
  value(c: number[], sh: number): number { return this.curve(c, sh)[this.draws]!; }

  private tenpai(c: number[], sh: number): Float64Array {
    const s = this.s;
    const out = new Float64Array(this.draws + 1);
    const g = groupsAt(sh * 2);
    g.set(c, this.meldCount);
    let p = 0, pv = 0;
    const pairsForm = this.meldCount === 0;
    for (let w = 0; w < 34; w++) {
      const u = s.unseen[w]!;
      if (u <= 0 || c[w]! >= 4 || !mayUse(c, w, pairsForm)) continue;
      if (g.changed(c, w, 1) !== -1) continue;
      const q = (s.rate * u) / s.total;
      c[w]!++;
      const v = s.value(c, w);
      c[w]!--;
      p += q;
      pv += q * v;
    }
    if (p <= 0) return out;
    if (p > 1) { pv /= p; p = 1; }
    const mean = pv / p;
    let miss = 1;
    for (let n = 1; n <= this.draws; n++) { miss *= 1 - p; out[n] = mean * (1 - miss); }
    return out;
  }

  private away(c: number[], sh: number): Float64Array {
    const s = this.s, T = this.draws;
    const out = new Float64Array(T + 1);
    const g13 = groupsAt(sh * 2);
    g13.set(c, this.meldCount);
    // best[n]: Σ over improving draws of q_k · max over discards of the next hand's E(n − 1).
    const best = new Float64Array(T + 1);
    const take = new Float64Array(T + 1);
    let q = 0;
    const pairsForm = this.meldCount === 0;
    for (let k = 0; k < 34; k++) {
      const u = this.s.unseen[k]!;
      if (u <= 0 || c[k]! >= 4 || !mayUse(c, k, pairsForm)) continue;
      if (g13.changed(c, k, 1) >= sh) continue;
      const qk = u / s.total;
      q += qk;
      c[k]!++;
      take.fill(0);
      const g14 = groupsAt(sh * 2 + 1);
      g14.set(c, this.meldCount);
      for (let e = 0; e < 34; e++) {
        if (c[e] === 0 || e === k) continue;
        if (g14.changed(c, e, -1) !== sh - 1) continue;
        c[e]!--;
        const next = this.curve(c, sh - 1);
        c[e]!++;
        for (let n = 1; n <= T; n++) if (next[n - 1]! > take[n]!) take[n] = next[n - 1]!;
      }
      c[k]!--;
      for (let n = 1; n <= T; n++) best[n]! += qk * take[n]!;
    }
    for (let n = 1; n <= T; n++) out[n] = best[n]! + (1 - q) * out[n - 1]!;
    return out;
  }
}
