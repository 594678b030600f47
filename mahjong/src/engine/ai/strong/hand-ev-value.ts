/**
 * The expected-score model (hand-ev.ts) in the strong AI's discard (`StrongOptions.handEv`): which
 * candidates it weighs, and its setup for one decision. The draw pool is
 * what the seat cannot see, the own draws left are a quarter of the wall, and a complete closed
 * hand is valued as the push-or-fold tables value a closed win (push-fold.ts measuredValue, read
 * by estimated han: riichi, tsumo and ura on average, dora, red fives kept, yakuhai sets, all
 * simples) plus the honba and riichi sticks on the table.
 */
import { isRed, isYaochuu } from '../../tiles';
import { HandEv } from './hand-ev';
import { measuredValue } from './push-fold';
import type { Table } from './table';
import { isYakuhai } from './value';
import { ronRates } from './wait-quality';

/** A closed hand's riichi, tsumo, ura and ippatsu on average (as estimateHan counts them). */
const CLOSED_HAN = 1.6;

// A model's setup arrays, shared by every model (one decision at a time, as hand-ev.ts's scratch).
const UNSEEN = new Float64Array(34);
const YAKUHAI = new Uint8Array(34);
const RIVER = new Uint8Array(34);
const RATES = new Float64Array(34);

export function handEvModel(t: Table, rate: number, drawScale = 1, byWait = false, approx = 0): HandEv {
  const unseen = UNSEEN;
  let total = 0;
  for (let k = 0; k < 34; k++) { const u = 4 - t.visible[k]!; unseen[k] = u > 0 ? u : 0; total += unseen[k]!; }
  const reds: number[] = [];
  for (const id of t.hand) if (isRed(id)) reds.push(id >> 2);
  const sticks = t.view.kyotaku * 1000 + t.view.honba * 300;
  const yakuhai = YAKUHAI;
  for (let k = 27; k < 34; k++) yakuhai[k] = isYakuhai(t, k) ? (k === t.seatWind && k === t.roundWind ? 2 : 1) : 0;
  const dealer = t.dealer;
  // The hand's han without the winning tile once, then what each wait adds.
  const values = (c: number[], waits: Int8Array, n: number, out: Float64Array): void => {
    let han = CLOSED_HAN, yao = 0;
    for (let k = 0; k < 34; k++) {
      const m = c[k]!;
      if (m === 0) continue;
      han += m * t.dora[k]!;
      if (isYaochuu(k)) yao += m;
      if (m >= 3) han += yakuhai[k]!;
    }
    for (let i = 0; i < reds.length; i++) if (c[reds[i]!]! > 0) han += 1;
    for (let i = 0; i < n; i++) {
      const w = waits[i]!;
      let h = han + t.dora[w]!;
      if (c[w] === 2) h += yakuhai[w]!;
      if (yao === 0 && !isYaochuu(w)) h += 1;
      out[i] = measuredValue(h, false, dealer) + sticks;
    }
  };
  const river = RIVER.fill(0);
  for (const d of t.me.river) river[d.tile >> 2] = 1;
  const rates = byWait ? ronRates(t, total, RATES) : undefined;
  return new HandEv({ unseen, total: Math.max(1, total), rate, values, river, rates }, Math.max(1, Math.floor((drawScale * t.tilesLeft) / 4)), t.meldCount, approx);
}

/** The model's options (agent.ts StrongOptions, where each is described). */
interface EvOptions { evRate: number; evDraws: number; evMargin: number; evMargin2: number; evApprox: number; evBreak: number; evBreakLeft: number; ronWeight: number }

/** What the model reads and writes of the discard's candidate rows (discard-choice.ts). */
interface Candidate { kind: number; sh: number; accept: number; score: number }

/**
 * Among the discards at the best shanten that the discard's score ranks within `evMargin` of the
 * top one (and at tenpai, with `evBreak`, the one-shanten discards with most acceptance), scores
 * the one whose 13 tiles have the highest expected score over the own draws left highest:
 * `score` becomes 1e6 + that score (+ the old score / 1000 to break ties). `c`: the hand's
 * counts (restored on return); `accept(k)`: acceptance after discarding k.
 */
export function byExpectedScore(t: Table, c: number[], rows: Candidate[], atBest: Candidate[], best: number, o: EvOptions, accept: (k: number) => number): void {
  let breaks: Candidate[] = [];
  if (best === 0 && o.evBreak > 0 && t.tilesLeft >= o.evBreakLeft) {
    for (const r of rows) if (r.sh === 1) { r.accept = accept(r.kind); breaks.push(r); }
    breaks = breaks.sort((x, y) => y.accept - x.accept).slice(0, o.evBreak);
  }
  let top = -Infinity;
  for (const r of atBest) if (r.score > top) top = r.score;
  const margin = best === 2 && o.evMargin2 >= 0 ? o.evMargin2 : o.evMargin;
  let close = breaks.length;
  for (const r of atBest) if (r.score >= top - margin) close++;
  if (close < 2) return;
  // With `ronWeight`, each wait of a hand reached is won at its measured rate (wait-quality.ts).
  const ev = handEvModel(t, o.evRate, o.evDraws, o.ronWeight >= 0, o.evApprox);
  const rescore = (r: Candidate, sh: number) => {
    c[r.kind]! -= 1;
    r.score = 1e6 + ev.value(c, sh) + r.score / 1000;
    c[r.kind]! += 1;
  };
  for (const r of atBest) if (r.score >= top - margin) rescore(r, best);
  for (const r of breaks) rescore(r, 1);
}

/** The model's expected score of hand `c` without one copy of `kind` (at `sh` shanten); `c` is restored. */
export function valueAfter(ev: HandEv, c: number[], kind: number, sh: number): number {
  c[kind]! -= 1;
  const v = ev.value(c, sh);
  c[kind]! += 1;
  return v;
}
