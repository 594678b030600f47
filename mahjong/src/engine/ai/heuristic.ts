/**
 * Rule-based player: wins when it can; riichi when closed and tenpai; discards by shanten, then
 * tile acceptance (ukeire), then shape (isolated honours/terminals first, dora kept); calls only
 * when the call keeps a yaku (yakuhai, tanyao) and improves shanten; folds against riichi with
 * the safety order of safety.ts. All choices are parameterised by HeuristicWeights (a model file
 * may override them).
 */
import type { PlayerView, StateView } from '../game/view-schema';
import { shanten } from '../rules';
import { A, kindOfDiscard } from '../table/actions';
import { doraFromIndicator as doraOf } from '../rules';
import { riverFlags, safetyFromRiver } from './safety';
import type { Agent } from './types';
import { DEFAULT_WEIGHTS, type HeuristicWeights } from './weights';
import { seenKinds, ZERO_34 } from './visible';
import { discardTable } from './strong/discard-table';

/** No kind is ruled out as a useful draw (the strong AI's plans rule some out; this player does not). */
const NO_DEAD = new Uint8Array(34);
const VISIBLE = new Array<number>(34).fill(0);

export interface DiscardStats {
  /** Shanten of the hand as it is (14 tiles). */
  whole: number;
  /** Shanten after discarding a held kind. */
  shanten(kind: number): number;
  /** ukeire(counts − kind, melds, seen).total: unseen copies of the draws that lower it. */
  accept(kind: number): number;
}

/**
 * Every discard's shanten and acceptance of a 3n+2 hand in one pass (strong/discard-table.ts),
 * the same numbers as shanten() and ukeire() per discard. The table counts a draw's copies that
 * are neither in the hand before the discard nor seen; ukeire() counts the discarded tile as
 * unseen again, which matters only when drawing it back beats the discard. Valid until the next
 * call (the table is shared scratch space).
 */
export function discardStats(counts: number[], melds: number, seen: number[]): DiscardStats {
  const visible = VISIBLE;
  for (let k = 0; k < 34; k++) visible[k] = counts[k]! + seen[k]!;
  const table = discardTable(counts, melds, NO_DEAD, visible, true);
  const whole = table.shanten[34]!;
  return {
    whole,
    shanten: (kind) => table.shanten[kind]!,
    accept: (kind) => {
      let u = table.accept(kind);
      if (whole < table.shanten[kind]!) u += counts[kind]! >= 4 ? Math.max(0, 1 - seen[kind]!) : 4 - visible[kind]! >= 0 ? 1 : 0;
      return u;
    },
  };
}

const isYaochuu = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;

/** Scratch: acceptance per kind in one discard decision (−1: not counted yet). */
const ACCEPT = new Float64Array(34);
/** Scratch: each riichi player's river kinds (riverFlags), up to three. */
const RIVERS = [new Uint8Array(34), new Uint8Array(34), new Uint8Array(34)];
const NO_RIVERS: Uint8Array[] = [];
function riverScratch(threats: PlayerView[]): Uint8Array[] {
  for (let j = 0; j < threats.length; j++) riverFlags(threats[j]!, RIVERS[j]!);
  return RIVERS;
}

interface Table {
  me: PlayerView;
  hand: number[];
  counts: number[];
  /** Copies seen outside our hand: rivers, melds, dora indicators. */
  seen: number[];
  threats: PlayerView[];
  doraKinds: number[];
}

function readTable(view: StateView): Table {
  const players = view.players;
  const me = players[view.viewer ?? view.turn]!;
  const hand = Array.isArray(me.hand) ? me.hand : [];
  const counts = ZERO_34.slice();
  for (let i = 0; i < hand.length; i++) counts[hand[i]! >> 2]! += 1;
  const seen = seenKinds(view);
  const threats: PlayerView[] = [];
  for (let i = 0; i < players.length; i++) { const p = players[i]!; if (p.seat !== me.seat && p.riichi) threats.push(p); }
  const doraKinds: number[] = [];
  for (let i = 0; i < view.dora.length; i++) doraKinds.push(doraOf(view.dora[i]! >> 2));
  return { me, hand, counts, seen, threats, doraKinds };
}

export class HeuristicAgent implements Agent {
  readonly name: string;
  private readonly w: HeuristicWeights;
  constructor(weights: Partial<HeuristicWeights> = {}, name = 'heuristic') {
    this.w = { ...DEFAULT_WEIGHTS, ...weights };
    this.name = name;
  }

  decide(view: StateView): number {
    const acts = view.valid_actions;
    if (acts.length === 1) return acts[0]!;
    if (acts.includes(A.TSUMO)) return A.TSUMO;
    if (acts.includes(A.RON)) return A.RON;
    if (view.riichi_stage2) return this.w.riichi ? A.RIICHI : A.RIICHI_CANCEL;
    if (acts.includes(A.KYUUSHU)) return A.KYUUSHU;
    const t = readTable(view);
    if (acts.includes(A.SKIP)) return this.respond(view, t);
    const melds = t.me.melds.length;
    const stats = discardStats(t.counts, melds, t.seen);
    const now = stats.whole;
    if (acts.includes(A.ANKAN)) {
      const kind = t.counts.indexOf(4);
      const c = t.counts.slice();
      c[kind] = 0;
      if (t.me.riichi || shanten(c, melds + 1) <= now) return A.ANKAN;
    }
    if (acts.includes(A.KAKAN) && t.threats.length === 0) return A.KAKAN;
    return this.discard(acts, t, now, stats);
  }

  // Plain loops and scratch arrays, no closures or Sets: this runs at every own-turn decision.
  private discard(acts: number[], t: Table, now: number, stats: DiscardStats): number {
    const fold = t.threats.length > 0 && now >= this.w.foldShanten;
    let best = Infinity;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i]!;
      if (a >= 37) continue;
      const sh = stats.shanten(kindOfDiscard(a));
      if (sh < best) best = sh;
    }
    // Acceptance per kind, counted once (a red five and its plain index share a kind).
    const accept = ACCEPT.fill(-1);
    const rivers = fold ? riverScratch(t.threats) : NO_RIVERS;
    const counts = t.counts;
    let pick = -1;
    let top = -Infinity;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i]!;
      if (a >= 37) continue;
      const kind = kindOfDiscard(a);
      const sh = stats.shanten(kind);
      if (pick < 0) pick = a;
      let score = -sh * this.w.shanten;
      if (sh === best) {
        let u = accept[kind]!;
        if (u < 0) {
          u = stats.accept(kind);
          accept[kind] = u;
        }
        score += u * this.w.ukeire;
      }
      let isolated: boolean;
      if (kind >= 27) isolated = counts[kind] === 1;
      else {
        const n = kind % 9;
        isolated = (n < 2 || counts[kind - 2] === 0) && (n < 1 || counts[kind - 1] === 0) && (n > 7 || counts[kind + 1] === 0) && (n > 6 || counts[kind + 2] === 0) && counts[kind] === 1;
      }
      if (isolated) score += isYaochuu(kind) ? this.w.isolatedYaochuu : this.w.isolated;
      if (t.doraKinds.includes(kind)) score -= this.w.dora;
      if (a >= 34) score -= this.w.dora;
      if (fold) {
        let safety = Infinity;
        for (let j = 0; j < t.threats.length; j++) {
          const v = safetyFromRiver(kind, rivers[j]!, t.seen);
          if (v < safety) safety = v;
        }
        score = safety * this.w.safety + score / 1000;
      }
      if (score > top) { top = score; pick = a; }
    }
    return pick;
  }

  private respond(view: StateView, t: Table): number {
    const acts = view.valid_actions;
    if (t.threats.length > 0 && !this.w.callUnderRiichi) return A.SKIP;
    if (!view.target) return A.SKIP;
    const kind = view.target.tile >> 2;
    const melds = t.me.melds.length;
    const before = shanten(t.counts, melds);
    const seatWind = 27 + ['E', 'S', 'W', 'N'].indexOf(t.me.wind);
    const roundWind = 27 + ['East', 'South', 'West', 'North'].indexOf(view.round_wind);
    const yakuhai = kind >= 31 || kind === seatWind || kind === roundWind;
    const meldsSimple = t.me.melds.every((m) => m.tiles.every((id) => !isYaochuu(id >> 2)));
    const handYaochuu = t.counts.reduce((n, c, k) => n + (isYaochuu(k) ? c : 0), 0);
    const tanyaoRoute = this.w.callTanyao && meldsSimple && handYaochuu <= 2;
    const hasYakuhaiMeld = t.me.melds.some((m) => { const k = m.tiles[0]! >> 2; return k >= 31 || k === seatWind || k === roundWind; });
    const tryCall = (used: number[], isPon: boolean): boolean => {
      const keepsYaku = (isPon && yakuhai && this.w.callYakuhai) || hasYakuhaiMeld
        || (tanyaoRoute && !isYaochuu(kind) && used.every((k) => !isYaochuu(k)));
      if (!keepsYaku) return false;
      const c = t.counts.slice();
      for (const k of used) c[k]! -= 1;
      return shanten(c, melds + 1) < before;
    };
    for (const a of [A.PON, A.PON_RED]) if (acts.includes(a) && tryCall([kind, kind], true)) return a;
    const chiShapes: Record<number, number[]> = { 37: [1, 2], 38: [-1, 1], 39: [-2, -1] };
    for (const a of [37, 38, 39, 40, 41, 42]) {
      if (!acts.includes(a)) continue;
      if (tryCall(chiShapes[37 + ((a - 37) % 3)]!.map((o) => kind + o), false)) return a;
    }
    return A.SKIP;
  }

}
