/**
 * Branch and replay: is the strong AI's choice better than the other one, on the same wall?
 * One `strong` plays three `strong-v1` (duplicate walls, every seat); at a sampled decision of
 * the `strong` seat the game is replayed to that point twice from its seed and action list, once
 * with the AI's choice and once with the other, and both branches are played on (the walls are
 * the same, so the rest of the deal is too). The difference of the seat's score at the end of the
 * hand (points; --places: of its final place, playing on to the end of the game) is the value of
 * the choice there. Kinds of decision:
 *   - pushfold: the first discard of a hand facing a riichi where the AI either keeps its best
 *     shanten with a tile more dangerous than its safest (push) or throws its safest tile and
 *     loses shanten (fold); the other branch plays the rest of the hand folding (caution ×1000)
 *     or pushing (caution 0);
 *   - riichi: every riichi-or-dama choice, the other answer for that one decision;
 *   - call: every discard the seat could call (no ron on offer) where the fastest call lowers the
 *     shanten on a yaku route (or is a yakuhai pon keeping it): the AI's call, or that fastest one
 *     when it skipped, against skipping; filed by the hand (closed/open), shanten before and after,
 *     the route, the part of the hand (tiles left 50+/30+/fewer) and the threat out;
 *   - call-route: every chance to chi or pon onto a yaku route (plan.ts), the call that leaves the
 *     fewest shanten against a pass (call − pass), by what the AI chose, closed or open and the
 *     shanten before and after the call, printed twice: by the call's route (a yakuhai pon, or
 *     the plan after it) and a riichi on the table or not, and by the wall (early: 50+ tiles left,
 *     mid: 25–49, late).
 * Prints the mean (push − fold, riichi − dama, call − skip, or call-route: call − pass) with its 95 % interval, by shanten and the AI's
 * own choice: a positive mean where the AI folded (or a negative one where it pushed) marks a
 * judgement to fix.
 *
 * Run: bun bench/mahjong-branch-replay.ts [--kind pushfold|riichi|call|call-route] [--games 2400] [--seed 90001] [--places]
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { dealInChance } from '../mahjong/src/engine/ai/strong/danger';
import { choosePlan, meldKinds } from '../mahjong/src/engine/ai/strong/plan';
import { readTable, type Table } from '../mahjong/src/engine/ai/strong/table';
import { isYakuhai } from '../mahjong/src/engine/ai/strong/value';
import { Game } from '../mahjong/src/engine/game/game';
import { shanten } from '../mahjong/src/engine/shanten';
import { A, kindOfDiscard } from '../mahjong/src/engine/table/actions';
import { ukeire } from '../mahjong/src/engine/ukeire';
import { arg } from './cli-args';

/** The fastest call on offer (lowest shanten after, on a yaku route), with its plan and shanten, or null. */
function fastestCall(t: Table): { a: number; sh: number; plan: string; yakuhai: boolean } | null {
  const acts = t.view.valid_actions;
  const kind = t.view.target!.tile >> 2;
  const opts: { a: number; used: number[] }[] = [];
  for (const a of [A.PON, A.PON_RED]) if (acts.includes(a)) opts.push({ a, used: [kind, kind] });
  const chi: Record<number, number[]> = { 0: [1, 2], 1: [-1, 1], 2: [-2, -1] };
  for (let a = 37; a <= 42; a++) if (acts.includes(a)) opts.push({ a, used: chi[(a - 37) % 3]!.map((o) => kind + o) });
  let best: { a: number; sh: number; plan: string; yakuhai: boolean } | null = null;
  for (const o of opts) {
    const c = t.counts.slice();
    for (const k of o.used) c[k]! -= 1;
    const after = choosePlan(t, c, [...meldKinds(t), [...o.used, kind].sort((x, y) => x - y)], true);
    if (after.plan === 'none') continue;
    if (!best || after.shanten < best.sh) best = { a: o.a, sh: after.shanten, plan: after.plan, yakuhai: o.used[0] === kind && isYakuhai(t, kind) };
  }
  return best;
}

const kind = arg('kind', 'pushfold');
const games = Number(arg('games', '2400'));
const seed0 = Number(arg('seed', '90001'));
const places = process.argv.includes('--places');

const strong = new StrongAgent();
const v1 = new StrongV1Agent();
const folder = new StrongAgent('fold', { caution: 1000 });
const pusher = new StrongAgent('push', { caution: 0 });

/** Replays `hist` on a fresh game of `seed`, then `first` for `me`, then plays on with `rest` in `me`'s seat. */
function branch(seed: number, hist: [number, number][], me: number, first: number, rest: Agent): number {
  const g = new Game({ seed, maxRound: 1, autoNextHand: true });
  for (const [s, a] of hist) g.step(s, a);
  const hand = g.log.length;
  g.step(me, first);
  while (!g.isOver() && (places || g.log.length === hand)) {
    const s = g.actor();
    g.step(s, (s === me ? rest : v1).decide(g.stateView(s, { shallow: true, reuse: true })));
  }
  if (!places) return g.log[hand]!.score_delta[me]!;
  const final = g.owari!.scores;
  const order = [0, 1, 2, 3].sort((a, b) => final[b]! - final[a]! || a - b);
  return -(order.indexOf(me) + 1);
}

/** The chi or pon that leaves the fewest shanten on a yaku route, as the strong AI counts it; null when none. */
function bestCall(t: Table): { a: number; plan: string; now: number; after: number; yakuhai: boolean } | null {
  const acts = t.view.valid_actions;
  const k = t.view.target!.tile >> 2;
  const open = t.me.melds.some((m) => m.type !== 'ankan');
  const melds = meldKinds(t);
  const now = choosePlan(t, t.counts, melds, open).shanten;
  const chi: Record<number, number[]> = { 0: [1, 2], 1: [-1, 1], 2: [-2, -1] };
  let best: { a: number; plan: string; now: number; after: number; yakuhai: boolean } | null = null;
  for (const a of [A.PON, A.PON_RED, 37, 38, 39, 40, 41, 42]) {
    if (!acts.includes(a)) continue;
    const used = a < 37 || a === A.PON || a === A.PON_RED ? [k, k] : chi[(a - 37) % 3]!.map((o) => k + o);
    const c = t.counts.slice();
    for (const u of used) c[u]! -= 1;
    const after = choosePlan(t, c, [...melds, [...used, k].sort((x, y) => x - y)], true);
    if (after.plan === 'none') continue;
    if (!best || after.shanten < best.after) best = { a, plan: after.plan, now, after: after.shanten, yakuhai: used[0] === k && isYakuhai(t, k) };
  }
  return best;
}

const groups = new Map<string, { n: number; s: number; ss: number }>();
const add = (key: string, d: number) => {
  const a = groups.get(key) ?? { n: 0, s: 0, ss: 0 };
  a.n++; a.s += d; a.ss += d * d;
  groups.set(key, a);
};

for (let gi = 0; gi < games; gi++) {
  const seed = seed0 + Math.floor(gi / 4), me = gi % 4;
  const g = new Game({ seed, maxRound: 1, autoNextHand: true });
  const hist: [number, number][] = [];
  let sampledHand = -1;
  while (!g.isOver()) {
    const s = g.actor();
    const view = g.stateView(s, { shallow: true, reuse: true });
    const a = (s === me ? strong : v1).decide(view);
    if (s === me && kind === 'call' && view.target && view.valid_actions.includes(A.SKIP) && !view.valid_actions.includes(A.RON) && view.valid_actions.some((x) => x >= 37 && x <= 44)) {
      const t = readTable(view);
      const call = fastestCall(t);
      const open = t.me.melds.some((m) => m.type !== 'ankan');
      const now = choosePlan(t, t.counts, meldKinds(t), open).shanten;
      if (call && (call.sh < now || (call.yakuhai && call.sh === now))) {
        const called = a !== A.SKIP;
        const d = branch(seed, hist, me, called ? a : call.a, strong) - branch(seed, hist, me, A.SKIP, strong);
        const threat = t.threats.some((x) => x.riichi) ? 'vsR' : t.threats.length ? 'vsO' : '   ';
        const early = t.tilesLeft >= 50 ? 'early' : t.tilesLeft >= 30 ? 'mid  ' : 'late ';
        const what = call.yakuhai ? 'yakuhai' : call.plan;
        add(`AI ${called ? 'call' : 'skip'} ${open ? 'open  ' : 'closed'} ${now}->${call.sh} ${what}`, d);
        add(`AI ${called ? 'call' : 'skip'} ${open ? 'open  ' : 'closed'} ${now}->${call.sh} ${what} ${early}`, d);
        add(`AI ${called ? 'call' : 'skip'} ${threat}`, d);
      }
    } else if (s === me && kind === 'riichi' && view.riichi_stage2) {
      const d = branch(seed, hist, me, A.RIICHI, strong) - branch(seed, hist, me, A.RIICHI_CANCEL, strong);
      const t = readTable(view);
      add(`AI ${a === A.RIICHI ? 'riichi' : 'dama  '} ${t.threats.some((x) => x.riichi) ? 'vs riichi' : t.threats.length ? 'vs open  ' : 'no threat'}`, d);
    } else if (s === me && kind === 'call-route' && view.valid_actions.includes(A.SKIP) && view.target && !view.valid_actions.includes(A.RON)) {
      const t = readTable(view);
      const call = bestCall(t);
      if (call) {
        const d = branch(seed, hist, me, call.a, strong) - branch(seed, hist, me, A.SKIP, strong);
        const open = t.me.melds.some((m) => m.type !== 'ankan');
        const left = t.tilesLeft >= 50 ? 'early' : t.tilesLeft >= 25 ? 'mid  ' : 'late ';
        add(`AI ${a === A.SKIP ? 'passed' : 'called'} ${open ? 'open  ' : 'closed'} ${call.yakuhai ? 'yakuhai pon' : call.plan.padEnd(11)} ${call.now}→${call.after} sh ${t.threats.some((x) => x.riichi) ? 'vs riichi' : 'no riichi'}`, d);
        add(`AI ${a === A.SKIP ? 'passed' : 'called'} ${open ? 'open  ' : 'closed'} ${call.now}→${call.after} sh ${left}`, d);
      }
    } else if (s === me && kind === 'pushfold' && sampledHand !== g.log.length && a < 37 && !view.riichi_stage2 && !view.players[s]!.riichi) {
      const t = readTable(view);
      if (t.threats.some((x) => x.riichi)) {
        const risk = (k: number) => t.threats.reduce((x, th) => x + th.tenpai * dealInChance(k, th, t.visible), 0);
        let minRisk = Infinity;
        for (let k = 0; k < 34; k++) if (t.counts[k]! > 0) minRisk = Math.min(minRisk, risk(k));
        const k = kindOfDiscard(a);
        const c = t.counts.slice();
        c[k]! -= 1;
        const best = shanten(t.counts, t.meldCount), sh = shanten(c, t.meldCount);
        const pushed = sh === best && risk(k) > minRisk, folded = sh > best && risk(k) === minRisk;
        if ((pushed || folded) && best >= 0 && best <= 2) {
          sampledHand = g.log.length;
          const mine = branch(seed, hist, me, a, strong);
          const other = pushed ? branch(seed, hist, me, folder.decide(view), folder) : branch(seed, hist, me, pusher.decide(view), pusher);
          const d = pushed ? mine - other : other - mine;
          const acc = ukeire(c, t.meldCount, t.seen).total;
          add(`${best} shanten, AI ${pushed ? 'pushed' : 'folded'}`, d);
          if (pushed && best > 0) add(`${best} shanten, AI pushed, acceptance ${acc < 10 ? '<10' : acc < 20 ? '10-19' : '20+'}`, d);
        }
      }
    }
    hist.push([s, a]);
    g.step(s, a);
  }
}

console.log(`${kind}: ${games} hanchan, one strong against three strong-v1, seed ${seed0}; ${places ? 'places gained' : 'points at the end of the hand'}, ${kind === 'riichi' ? 'riichi − dama' : kind === 'call' ? 'call − skip' : kind === 'call-route' ? 'call − pass' : 'push − fold'}`);
for (const [key, a] of [...groups].sort()) {
  const m = a.s / a.n, half = 1.96 * Math.sqrt(Math.max(0, a.ss / a.n - m * m) / a.n);
  console.log(`  ${key.padEnd(44)} ${String(a.n).padStart(5)}  ${m.toFixed(places ? 3 : 0).padStart(7)} ± ${half.toFixed(places ? 3 : 0)}`);
}
