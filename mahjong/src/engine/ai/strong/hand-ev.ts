/**
 * Expected score of a closed hand's future from its own draws (`StrongOptions.handEv`), in the
 * style of the public expected-score calculators: for a 13-tile hand at `sh` ≤ 2 shanten and n own
 * draws left, what it scores on average if every draw is kind k with chance unseen[k] / total (the
 * same each turn), a draw that lowers shanten is kept with the discard that gives the best future,
 * and any other draw is thrown. A tenpai hand wins on a draw of a wait w with chance
 * `rate` × unseen[w] / total (`rate` > 1 stands for the ron chances between own draws) and then
 * scores `values(hand, w)`. The curve over n comes from a DP over draws:
 *   tenpai: E0(n) = (Σ_w q_w V_w) / p · (1 − (1 − p)^n),   p = Σ_w q_w;
 *   sh ≥ 1: E(n) = Σ_k q_k · max_e E'(hand + k − e)(n − 1) + (1 − Σ_k q_k) · E(n − 1),
 * the sum over the draws k that lower shanten and the max over the discards e that keep the lower
 * shanten. test/engine/ai/strong-hand-ev.test.ts checks it against a brute-force expectimax over
 * every draw sequence. Lateral changes (a draw that keeps shanten but improves the shape) and calls
 * are not modelled.
 *
 * Hands reached more than once (discard a then draw b, or discard b then draw a) are evaluated
 * once: each hand is keyed by Σ count·Z[kind] with random 47-bit weights Z (exact integers below
 * 2^53; two hands share a key only by a coincidence of about 2^-47 per pair).
 */
import { handKey, Z } from './hand-key';
import { ARENA, ARENA_WAITS, DRAW_MASKS, evCacheStats, handMoves, movesFound, WAIT_MASKS } from './hand-ev-cache';
import { KeyIndex } from './key-cache';
import { MASK_HIGH, tenpaiDraws, waitMask } from './tenpai-groups';

export interface EvSetup {
  /** Copies of each kind the hand may still draw (4 − copies visible to us, ≥ 0). */
  unseen: ArrayLike<number>;
  /** Tiles in the draw pool (Σ unseen, or the real unseen total). */
  total: number;
  /** Multiplier on a tenpai hand's per-draw win chance (ron between own draws). */
  rate: number;
  /**
   * Points of tenpai hand `c` (13 tiles, not to be changed) completed by each of `waits[0..n)`,
   * into `out[0..n)`.
   */
  values: (c: number[], waits: Int8Array, n: number, out: Float64Array) => void;
  /** Kinds in the seat's own river (1): a tenpai hand waiting on one is furiten and wins by its own draws only (rate 1). */
  river?: ArrayLike<number>;
  /** Per kind, the multiplier on a wait's per-draw chance instead of `rate` (a hand that is not furiten). */
  rates?: ArrayLike<number>;
}

// Scratch shared by every model (one decision at a time): the waits and their values.
const WAITS = new Int8Array(34);
const WAIT_VALUES = new Float64Array(34);
/** Per shanten level, the DP's sums (a level's are used before the level above reads them). */
const MAX_DRAWS = 40;
const BEST = Array.from({ length: 4 }, () => new Float64Array(MAX_DRAWS + 1));
const TAKE = Array.from({ length: 4 }, () => new Float64Array(MAX_DRAWS + 1));

/**
 * Expected-score model of one decision: one setup, one memo of the hands reached.
 */
export class HandEv {
  /** Hands met in this decision, by key: a tenpai hand's index in tenpaiP / tenpaiMean (≥ 0), another's curve as −2 − its index in `curves`. */
  private readonly memo = new KeyIndex();
  /** Tenpai hands: per-draw win chance and mean value. */
  private readonly tenpaiP: number[] = [];
  private readonly tenpaiMean: number[] = [];
  private readonly curves: Float64Array[] = [];
  private readonly closed: boolean;
  /** Hands evaluated (tenpai and not), for the tests and the cost check. */
  evaluated = 0;

  /** Approximate one-shanten curves under a two-shanten hand, by key (index in `curves`); made on first use. */
  private approxMemo: KeyIndex | null = null;

  /**
   * `approx` > 0: under a two-shanten hand, a one-shanten hand's curve is approximated
   * (approxOne) instead of searched, with its tenpai's per-draw win chance `approx` × its acceptance.
   */
  constructor(private readonly s: EvSetup, readonly draws: number, private readonly meldCount = 0, private readonly approx = 0) {
    if (draws > MAX_DRAWS) this.draws = MAX_DRAWS;
    this.closed = meldCount === 0;
  }

  /** Expected score of 13-tile (3n+1) hand `c` (at `sh` shanten) with all own draws left. */
  value(c: number[], sh: number): number {
    if (sh === 0) { const i = this.tenpai(c, handKey(c)); return this.tenpaiMean[i]! * (1 - (1 - this.tenpaiP[i]!) ** this.draws); }
    return this.away(c, sh, handKey(c))[this.draws]!;
  }

  /** The curve over 0..draws own draws of hand `c` at `sh` ≥ 0 shanten. */
  curve(c: number[], sh: number): Float64Array {
    if (sh > 0) return this.away(c, sh, handKey(c));
    const i = this.tenpai(c, handKey(c));
    const out = new Float64Array(this.draws + 1);
    let miss = 1;
    for (let n = 1; n <= this.draws; n++) { miss *= 1 - this.tenpaiP[i]!; out[n] = this.tenpaiMean[i]! * (1 - miss); }
    return out;
  }

  /** Index of tenpai hand `c` (key `key`; its waits `known` when given, as waitMask gives them) in tenpaiP / tenpaiMean. */
  private tenpai(c: number[], key: number, known = -1): number {
    const hit = this.memo.get(key);
    if (hit >= 0) return hit;
    this.evaluated++;
    const s = this.s;
    let mask = known;
    if (mask < 0) { mask = WAIT_MASKS.get(key); evCacheStats.waits++; }
    if (mask < 0) {
      evCacheStats.waitMisses++;
      mask = waitMask(c, this.meldCount);
      WAIT_MASKS.set(key, mask);
    }
    let n = 0;
    if (mask !== 0) {
      const hi = Math.floor(mask / MASK_HIGH);
      // Set bits, lowest first (kinds in increasing order).
      for (let lo = mask - hi * MASK_HIGH; lo !== 0; lo &= lo - 1) { const w = 31 - Math.clz32(lo & -lo); if (s.unseen[w]! > 0) WAITS[n++] = w; }
      for (let h = hi; h !== 0; h &= h - 1) { const w = 48 - Math.clz32(h & -h); if (s.unseen[w]! > 0) WAITS[n++] = w; }
    }
    let p = 0, pv = 0;
    if (n > 0) {
      s.values(c, WAITS, n, WAIT_VALUES);
      let furiten = false;
      if (s.river) for (let i = 0; i < n; i++) if (s.river[WAITS[i]!]) furiten = true;
      const rates = furiten ? null : s.rates;
      const rate = furiten ? 1 : s.rate;
      for (let i = 0; i < n; i++) { const w = WAITS[i]!; const q = ((rates ? rates[w]! : rate) * s.unseen[w]!) / s.total; p += q; pv += q * WAIT_VALUES[i]!; }
    }
    const i = this.tenpaiP.length;
    this.tenpaiP.push(p > 1 ? 1 : p);
    this.tenpaiMean.push(p > 0 ? pv / p : 0);
    this.memo.add(key, i);
    return i;
  }

  private away(c: number[], sh: number, key: number): Float64Array {
    const hit = this.memo.get(key);
    if (hit <= -2) return this.curves[-2 - hit]!;
    this.evaluated++;
    const s = this.s, T = this.draws;
    const out = new Float64Array(T + 1);
    let from = handMoves(c, sh, key, this.meldCount, this.closed), end = from + movesFound();
    // Deeper levels write the ring too: above one shanten, read a copy.
    const moves = sh === 1 ? ARENA : ARENA.slice(from, end);
    if (sh > 1) { end -= from; from = 0; }
    // best[n]: Σ over improving draws k of q_k · max over discards e of the next hand's E(n − 1).
    const best = BEST[sh]!.fill(0, 0, T + 1);
    const take = TAKE[sh]!;
    let q = 0;
    for (let i = from; i < end;) {
      const k = moves[i]! >> 6;
      const u = s.unseen[k]!;
      if (u <= 0) { while (i < end && moves[i]! >> 6 === k) i++; continue; }
      const qk = u / s.total;
      q += qk;
      take.fill(0, 0, T + 1);
      c[k]!++;
      for (; i < end && moves[i]! >> 6 === k; i++) {
        const e = moves[i]! & 63;
        c[e]!--;
        const nextKey = key + Z[k]! - Z[e]!;
        if (sh === 1) {
          const j = this.tenpai(c, nextKey, ARENA_WAITS[i]!);
          const p = this.tenpaiP[j]!, mean = this.tenpaiMean[j]!;
          // take[n] = E0(n − 1) = mean · (1 − (1 − p)^(n − 1)).
          let miss = 1;
          for (let n = 2; n <= T; n++) { miss *= 1 - p; const v = mean * (1 - miss); if (v > take[n]!) take[n] = v; }
        } else {
          const next = sh === 2 && this.approx > 0 ? this.approxOne(c, nextKey) : this.away(c, sh - 1, nextKey);
          for (let n = 1; n <= T; n++) if (next[n - 1]! > take[n]!) take[n] = next[n - 1]!;
        }
        c[e]!++;
      }
      c[k]!--;
      for (let n = 1; n <= T; n++) best[n]! += qk * take[n]!;
    }
    for (let n = 1; n <= T; n++) out[n] = best[n]! + (1 - q) * out[n - 1]!;
    this.memo.add(key, -2 - this.curves.length);
    this.curves.push(out);
    return out;
  }

  /**
   * Approximate curve of one-shanten hand `c` (key `key`): its draws to tenpai (tenpaiDraws, a
   * function of the hand, cached across decisions) have chance Q per draw together, each worth
   * `values` as if the hand waited on it (dora, all simples with it), V̄ their mean; the tenpai then
   * reached wins with chance p = approx × Q per draw: E(n) = Q · V̄ (1 − (1 − p)^(n − 1)) + (1 − Q) E(n − 1).
   */
  private approxOne(c: number[], key: number): Float64Array {
    const memo = (this.approxMemo ??= new KeyIndex());
    const hit = memo.get(key);
    if (hit >= 0) return this.curves[hit]!;
    this.evaluated++;
    const s = this.s, T = this.draws;
    let mask = DRAW_MASKS.get(key);
    evCacheStats.draws++;
    if (mask < 0) { evCacheStats.drawMisses++; mask = tenpaiDraws(c, this.meldCount); DRAW_MASKS.set(key, mask); }
    let n = 0;
    if (mask !== 0) {
      const hi = Math.floor(mask / MASK_HIGH);
      for (let lo = mask - hi * MASK_HIGH; lo !== 0; lo &= lo - 1) { const w = 31 - Math.clz32(lo & -lo); if (s.unseen[w]! > 0) WAITS[n++] = w; }
      for (let h = hi; h !== 0; h &= h - 1) { const w = 48 - Math.clz32(h & -h); if (s.unseen[w]! > 0) WAITS[n++] = w; }
    }
    const out = new Float64Array(T + 1);
    if (n > 0) {
      s.values(c, WAITS, n, WAIT_VALUES);
      let q = 0, qv = 0;
      for (let i = 0; i < n; i++) { const u = s.unseen[WAITS[i]!]! / s.total; q += u; qv += u * WAIT_VALUES[i]!; }
      const mean = qv / q;
      let p = this.approx * q;
      if (p > 1) p = 1;
      let miss = 1;
      for (let m = 1; m <= T; m++) { out[m] = q * mean * (1 - miss) + (1 - q) * out[m - 1]!; miss *= 1 - p; }
    }
    memo.add(key, this.curves.length);
    this.curves.push(out);
    return out;
  }
}
