/**
 * Deal-in risk. A threat is an opponent who may be tenpai: riichi (certain), an open hand with a
 * visible yaku and 2+ melds, or 4 melds. `dealInChance(kind, threat, visible)` estimates the
 * chance that discarding `kind` deals in *if* the threat is tenpai, by counting the wait shapes
 * that could still hit it (ryanmen, kanchan, penchan, shanpon, tanki), each weighted by how often
 * it occurs and by how many copies of its tiles are still unseen. That one count gives genbutsu
 * and furiten (0), suji (the ryanmen through it is furiten), kabe (a neighbour fully visible:
 * no ryanmen/kanchan through it), one-chance (three visible: a quarter of the shapes) and honour
 * visibility. Early discards near the tile make a ryanmen less likely; the riichi tile's
 * neighbours (matagi-suji) more likely.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { isRed } from '../../tiles';

export interface Threat {
  seat: number;
  /** Chance the threat is tenpai now. */
  tenpai: number;
  /** Expected points lost on a deal-in. */
  loss: number;
  riichi: boolean;
  /** Kinds that cannot deal in to it (its own discards; every discard passed since its riichi). */
  safe: Uint8Array;
  /** Kinds it threw in its first five discards (before riichi). */
  early: Uint8Array;
  /** Kind of its riichi declaration tile, or -1. */
  riichiKind: number;
}

const isYakuhai = (kind: number, seatWind: number, roundWind: number) => kind >= 31 || kind === seatWind || kind === roundWind;
/** Wind kind (27–30) of a seat wind letter or a round wind name (27 for anything else): a switch, no keyed lookup. */
export function windKind(w: string): number {
  switch (w) {
    case 'S': case 'South': return 28;
    case 'W': case 'West': return 29;
    case 'N': case 'North': return 30;
    default: return 27;
  }
}

/** `minOpen`: the fewest open melds that make a seat not in riichi a threat (the strong AI's `oneMeld` reads 1). */
export function threatOf(view: StateView, p: PlayerView, visible: number[], dora: number[], minOpen = 2): Threat | null {
  let open = 0;
  for (const m of p.melds) if (m.type !== 'ankan') open++;
  if (!p.riichi && open < minOpen) return null;
  let tenpai = 0;
  let doraShown = 0;
  for (const m of p.melds) for (const id of m.tiles) doraShown += dora[id >> 2]! + (isRed(id) ? 1 : 0);
  const sw = windKind(p.wind), rw = windKind(view.round_wind);
  if (p.riichi) tenpai = 1;
  else {
    // One loop over the melds, no closures or Set: read for every open opponent at every decision.
    let yakuhai = false, tanyao = true, suits = 0;
    for (let i = 0; i < p.melds.length; i++) {
      const tiles = p.melds[i]!.tiles;
      if (isYakuhai(tiles[0]! >> 2, sw, rw)) yakuhai = true;
      for (let j = 0; j < tiles.length; j++) {
        const k = tiles[j]! >> 2;
        if (k >= 27 || k % 9 === 0 || k % 9 === 8) tanyao = false;
        if (k < 27) suits |= 1 << ((k / 9) | 0);
      }
    }
    const flush = (suits & (suits - 1)) === 0; // at most one suit besides honours
    if (!(yakuhai || tanyao || flush)) return null;
    const late = Math.min(1, p.river.length / 12);
    tenpai = p.melds.length >= 4 ? 0.95 : p.melds.length === 3 ? 0.45 + 0.35 * late : 0.2 + 0.3 * late;
    if (flush && !tanyao) doraShown += 2;
  }
  let base = p.riichi ? 5200 : 2600;
  base += doraShown * (p.riichi ? 1500 : 1800);
  const loss = Math.min(24000, base * (p.is_oya ? 1.5 : 1));
  const { safe, early, riichiKind } = riverFacts(view, p);
  void visible;
  return { seat: p.seat, tenpai, loss, riichi: p.riichi, safe, early, riichiKind };
}

/**
 * What a seat's river says for the shape count: the kinds that cannot deal in to it (its own
 * discards; for a riichi, every discard passed since — rivers have no shared clock, so a discard
 * counts as later only when it is at least one turn past the declaration), the kinds it threw in
 * its first five discards before riichi, and its riichi tile's kind (−1).
 */
export function riverFacts(view: StateView, p: PlayerView): Pick<Threat, 'safe' | 'early' | 'riichiKind'> {
  const river = p.river;
  const safe = new Uint8Array(34);
  for (let i = 0; i < river.length; i++) safe[river[i]!.tile >> 2] = 1;
  let riichiAt = -1;
  if (p.riichi) for (let i = 0; i < river.length; i++) if (river[i]!.riichi) { riichiAt = i; break; }
  const riichiKind = riichiAt >= 0 ? river[riichiAt]!.tile >> 2 : -1;
  if (riichiAt >= 0) {
    for (const q of view.players) {
      if (q.seat === p.seat) continue;
      for (let i = riichiAt + 1; i < q.river.length; i++) safe[q.river[i]!.tile >> 2] = 1;
    }
  }
  const early = new Uint8Array(34);
  const stop = Math.min(riichiAt >= 0 ? Math.min(5, riichiAt) : 5, river.length);
  for (let i = 0; i < stop; i++) early[river[i]!.tile >> 2] = 1;
  return { safe, early, riichiKind };
}

/** Scale that turns the shape weights into a probability (a live 5 against riichi ≈ 12.5 %). */
const SCALE = 0.0135;

export function dealInChance(kind: number, t: Threat, visible: number[]): number {
  if (t.safe[kind]) return 0;
  const left = 4 - visible[kind]!;
  if (left <= 0) return 0;
  let w = 0;
  // Shanpon needs two more copies in the threat's hand; tanki one.
  if (left >= 3) w += kind >= 27 ? 1.3 : 0.9;
  else if (left === 2) w += kind >= 27 ? 0.6 : 0.45;
  w += kind >= 27 ? 0.7 : 0.45;
  if (kind < 27) {
    const n = kind % 9;
    let seq = 0;
    // Ryanmen from below (holds n-2, n-1; waits n-3 and n) and from above (n+1, n+2; waits n, n+3).
    if (n >= 2) {
      const other = n - 3;
      const furiten = other >= 0 && t.safe[kind - 3] === 1;
      if (!furiten) seq += (n === 2 ? 0.8 : 3.5) * avail(visible, kind - 1) * avail(visible, kind - 2) * tell(t, kind - 1, kind - 2);
    }
    if (n <= 6) {
      const other = n + 3;
      const furiten = other <= 8 && t.safe[kind + 3] === 1;
      if (!furiten) seq += (n === 6 ? 0.8 : 3.5) * avail(visible, kind + 1) * avail(visible, kind + 2) * tell(t, kind + 1, kind + 2);
    }
    if (n >= 1 && n <= 7) seq += 1.0 * avail(visible, kind - 1) * avail(visible, kind + 1);
    if (t.riichiKind >= 0 && t.riichiKind < 27 && Math.floor(t.riichiKind / 9) === Math.floor(kind / 9)) {
      const d = Math.abs(t.riichiKind - kind);
      if (d === 1 || d === 2) seq *= 1.3;
    }
    w += seq;
  }
  return Math.min(0.5, w * SCALE);
}

/** Share of a kind's copies still unseen (a function, not a closure per call: read per discard and threat). */
const avail = (visible: number[], k: number): number => (4 - visible[k]!) / 4;

/** Shapes using a kind the threat threw early are less likely kept. */
function tell(t: Threat, a: number, b: number): number {
  return t.early[a] || t.early[b] ? 0.6 : 1;
}
