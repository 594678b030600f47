/**
 * The "strong" built-in AI. Discards weigh, for each candidate tile, the chance of winning times
 * the hand's value against the deal-in risk to every threat (danger.ts) — now and, while the hand
 * keeps pushing, for the discards still to come — so it pushes good hands, sidesteps with safe
 * tiles that keep shape, and folds poor ones. Riichi or dama by value and wait; calls only onto a
 * yaku route (plan.ts) and when they buy speed; all-last placement sense (placement.ts).
 */
import type { StateView } from '../../game/view-schema';
import { ShantenPlusOne, shanten, shantenKokushi } from '../../shanten';
import { A } from '../../table/actions';
import { waitingKinds } from '../../ukeire';
import type { Agent } from '../types';
import { dealInChance } from './danger';
import { choosePlan, meldKinds, type PlanChoice } from './plan';
import { riskFactor, skipWin } from './placement';
import { readTable, type Table } from './table';
import { estimateHan, hanToPoints, isYakuhai, tenpaiValue } from './value';

const RED_ACTION: Record<number, number> = { 4: 34, 13: 35, 22: 36 };
const RED_KIND = [4, 13, 22];
const isYaochuu = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;
const kindOfAction = (a: number) => (a < 34 ? a : RED_KIND[a - 34]!);

interface Row { kind: number; action: number; sh: number; accept: number; risk: number; score: number }

export class StrongAgent implements Agent {
  readonly name: string;
  constructor(name = 'strong') { this.name = name; }

  decide(view: StateView): number {
    const acts = view.valid_actions;
    if (acts.length === 1) return acts[0]!;
    if (acts.includes(A.TSUMO) || acts.includes(A.RON)) {
      const t = readTable(view);
      const win = acts.includes(A.TSUMO) ? A.TSUMO : A.RON;
      if (!skipWin(t, win === A.TSUMO)) return win;
      if (win === A.RON) return A.SKIP;
    }
    const t = readTable(view);
    if (view.riichi_stage2) return this.riichiOrDama(t);
    if (acts.includes(A.KYUUSHU)) return shanten(t.counts, 0) >= 4 ? A.KYUUSHU : this.selfTurn(t);
    if (acts.includes(A.SKIP)) return this.respond(t);
    return this.selfTurn(t);
  }

  private selfTurn(t: Table): number {
    const acts = t.view.valid_actions;
    const plan = choosePlan(t, t.counts, meldKinds(t), this.open(t));
    if (acts.includes(A.ANKAN)) {
      const kind = t.counts.indexOf(4);
      const c = t.counts.slice();
      c[kind] = 0;
      if (t.me.riichi || (kind >= 0 && t.threats.length === 0 && shanten(c, t.meldCount + 1) <= plan.shanten)) return A.ANKAN;
    }
    if (acts.includes(A.KAKAN) && t.threats.length === 0 && plan.shanten >= 1) {
      const kind = t.me.melds.find((m) => m.type === 'pon' && t.counts[m.tiles[0]! >> 2]! > 0)?.tiles[0];
      if (kind !== undefined) {
        const c = t.counts.slice();
        c[kind >> 2]! -= 1;
        if (shanten(c, t.meldCount) <= plan.shanten) return A.KAKAN;
      }
    }
    return this.discard(t, plan);
  }

  private open(t: Table): boolean { return t.me.melds.some((m) => m.type !== 'ankan'); }

  /** Scores every discard; see the file comment. */
  private discard(t: Table, plan: PlanChoice): number {
    const acts = t.view.valid_actions;
    const c = t.counts.map((n, k) => (plan.dead[k] ? 0 : n));
    for (let k = 27; k < 34; k++) if (plan.plan !== 'closed' && t.counts[k]! >= 2 && isYakuhai(t, k)) c[k] = t.counts[k]!;
    const rows: Row[] = [];
    for (const a of acts) {
      if (a >= 37) continue;
      const kind = kindOfAction(a);
      if (a < 34 && RED_ACTION[kind] !== undefined && acts.includes(RED_ACTION[kind]!) && t.counts[kind] === 1) continue;
      if (a >= 34 && acts.includes(kind)) continue; // keep the red five, throw a plain copy
      let sh: number;
      if (c[kind]! > 0) { c[kind]! -= 1; sh = shanten(c, t.meldCount); c[kind]! += 1; } else sh = shanten(c, t.meldCount);
      rows.push({ kind, action: a, sh, accept: 0, risk: 0, score: 0 });
    }
    if (rows.length === 0) return acts[0]!;
    let best = 99;
    for (const r of rows) if (r.sh < best) best = r.sh;
    const atBest = rows.filter((r) => r.sh === best);
    if (best <= 2 && atBest.length > 1) {
      const cache = new Map<number, number>();
      for (const r of atBest) {
        const key = c[r.kind]! > 0 ? r.kind : -1;
        let u = cache.get(key);
        if (u === undefined) {
          if (key >= 0) c[key]! -= 1;
          u = acceptance(c, t, plan.dead, best);
          if (key >= 0) c[key]! += 1;
          cache.set(key, u);
        }
        r.accept = u;
      }
    }
    const threatened = t.threats.length > 0;
    const han = threatened ? estimateHan(t) : 0;
    const turns = Math.max(0, t.tilesLeft / 4);
    let unseenTotal = 136;
    for (let k = 0; k < 34; k++) unseenTotal -= t.visible[k]!;
    const mult = riskFactor(t);
    // Mean danger of the tiles we hold: what pushing on will cost in the turns to come.
    let future = 0;
    if (threatened) {
      for (const th of t.threats) {
        let sum = 0, n = 0;
        for (const r of rows) { sum += dealInChance(r.kind, th, t.visible); n++; }
        future += th.tenpai * th.loss * (sum / Math.max(1, n));
      }
    }
    for (const r of rows) {
      let eff = -r.sh * 1000 + r.accept * 10 + shape(t, r.kind) - 15 * t.dora[r.kind]! - (r.action >= 34 ? 15 : 0);
      if (threatened) {
        for (const th of t.threats) r.risk += th.tenpai * th.loss * dealInChance(r.kind, th, t.visible);
        const pushing = r.sh === best;
        const value = hanToPoints(han - t.dora[r.kind]! - (r.action >= 34 ? 1 : 0), t.dealer);
        const win = pushing ? winChance(best, r.accept || 4, turns, unseenTotal, t.me.furiten && best === 0) : 0.01;
        const ahead = pushing ? future * (best === 0 ? 1.5 : best === 1 ? 3 : 5) : 0;
        eff = win * value - mult * (r.risk + ahead) + eff / 100;
      }
      r.score = eff;
    }
    return rows.reduce((a, b) => (b.score > a.score ? b : a)).action;
  }

  private riichiOrDama(t: Table): number {
    const idx = t.view.riichi_tile ?? -1;
    const kind = idx >= 34 ? RED_KIND[idx - 34]! : idx;
    const hand = t.hand.slice();
    const at = idx >= 34 ? hand.findIndex((id) => id === [16, 52, 88][idx - 34]) : hand.findIndex((id) => id >> 2 === kind && id !== 16 && id !== 52 && id !== 88);
    hand.splice(at >= 0 ? at : hand.findIndex((id) => id >> 2 === kind), 1);
    const counts = t.counts.slice();
    counts[kind]! -= 1;
    const waits = waitingKinds(counts, t.meldCount);
    const dama = tenpaiValue(t, hand, waits, false);
    const riichi = tenpaiValue(t, hand, waits, true);
    if (riichi.live === 0) return A.RIICHI_CANCEL;
    if (dama.ron === 0) return A.RIICHI;
    if (t.allLast && t.place === 1) return A.RIICHI_CANCEL;
    if (dama.ron >= (t.dealer ? 11600 : 7700)) return A.RIICHI_CANCEL;
    if (dama.live <= 2 && dama.ron >= (t.dealer ? 5800 : 3900)) return A.RIICHI_CANCEL;
    return A.RIICHI;
  }

  /** Answer to a discard (or kan): a call only onto a yaku route that is faster. */
  private respond(t: Table): number {
    const acts = t.view.valid_actions;
    const target = t.view.target;
    if (!target) return A.SKIP;
    const kind = target.tile >> 2;
    const open = this.open(t);
    const melds = meldKinds(t);
    const now = choosePlan(t, t.counts, melds, open);
    const riichiThreat = t.threats.some((th) => th.riichi);
    const options: { a: number; used: number[] }[] = [];
    for (const a of [A.PON, A.PON_RED]) if (acts.includes(a)) options.push({ a, used: [kind, kind] });
    const chi: Record<number, number[]> = { 0: [1, 2], 1: [-1, 1], 2: [-2, -1] };
    for (let a = 37; a <= 42; a++) if (acts.includes(a)) options.push({ a, used: chi[(a - 37) % 3]!.map((o) => kind + o) });
    let bestA: number = A.SKIP, bestSh = now.shanten;
    for (const o of options) {
      const c = t.counts.slice();
      for (const k of o.used) c[k]! -= 1;
      const after = choosePlan(t, c, [...melds, [...o.used, kind].sort((x, y) => x - y)], true);
      if (after.plan === 'none') continue;
      const yakuhaiPon = o.used[0] === kind && isYakuhai(t, kind);
      if (after.shanten >= now.shanten && !(yakuhaiPon && after.shanten <= now.shanten && now.shanten >= 1)) continue;
      if (riichiThreat && after.shanten > 0) continue;
      if (!open && !yakuhaiPon) {
        // First call of a closed hand: riichi is the better route once the hand is close.
        if (now.shanten <= 1 && !(after.shanten === 0 && t.tilesLeft < 40)) continue;
        if (now.shanten >= 4) continue;
        if (after.plan === 'tanyao' && estimateHan(t, c) < 1.5 && now.shanten >= 3) continue;
      }
      if (after.shanten < bestSh || (after.shanten === bestSh && bestA === A.SKIP)) { bestSh = after.shanten; bestA = o.a; }
    }
    return bestA;
  }
}

/** Unseen copies of the live kinds that lower shanten below `now` (the hand in `c` is 3n+1). */
function acceptance(c: number[], t: Table, dead: Uint8Array, now: number): number {
  const plus = new ShantenPlusOne(c, t.meldCount);
  let total = 0, kinds = 0;
  for (let k = 0; k < 34; k++) if (c[k]! > 0) kinds++;
  const closed = t.meldCount === 0;
  const pairs = closed && kinds < 7;
  const kokushi = closed && shantenKokushi(c) <= now;
  for (let k = 0; k < 34; k++) {
    if (dead[k] || c[k]! >= 4) continue;
    if (c[k] === 0 && !near(c, k) && !pairs && !(kokushi && isYaochuu(k))) continue;
    if (plus.with(k) < now) total += Math.max(0, 4 - t.visible[k]!);
  }
  return total;
}

function near(c: number[], k: number): boolean {
  if (k >= 27) return false;
  const n = k % 9;
  return (n >= 1 && c[k - 1]! > 0) || (n >= 2 && c[k - 2]! > 0) || (n <= 7 && c[k + 1]! > 0) || (n <= 6 && c[k + 2]! > 0);
}

/** Chance of winning this hand from `sh` shanten with `accept` good draws, `turns` draws left. */
function winChance(sh: number, accept: number, turns: number, unseen: number, furiten: boolean): number {
  const draws = (u: number, n: number, rate: number) => 1 - Math.exp(-(u * n * rate) / Math.max(20, unseen));
  if (sh <= 0) return Math.min(0.85, draws(accept, turns, furiten ? 1 : 2.4));
  if (sh === 1) return 0.55 * draws(accept, turns, 1) * draws(6, Math.max(0, turns - 3), 2.2);
  if (sh === 2) return 0.25 * draws(accept, turns, 1) * draws(6, Math.max(0, turns - 6), 2);
  return 0.04;
}

/** Shape preference: isolated honours and terminals go first, useless honours before live ones. */
function shape(t: Table, kind: number): number {
  const c = t.counts;
  if (kind >= 27) {
    if (c[kind]! >= 2) return isYakuhai(t, kind) ? -12 : -2;
    if (!isYakuhai(t, kind)) return 8;
    return t.visible[kind]! >= 3 ? 9 : 5;
  }
  const n = kind % 9;
  const isolated = c[kind] === 1 && [-2, -1, 1, 2].every((o) => n + o < 0 || n + o > 8 || c[kind + o] === 0);
  if (isolated) return isYaochuu(kind) ? 6 : n === 1 || n === 7 ? 4 : 3;
  return 0;
}
