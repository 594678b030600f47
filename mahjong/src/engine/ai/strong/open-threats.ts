/**
 * Reads of the other hands that the shape count (danger.ts) leaves out, each behind an option of
 * the strong AI (options.ts; mahjong/README.md, "Seventh strength round"):
 *  - `routeRead`: what an open threat not in riichi can win with. Melds in one suit with no
 *    yakuhai set and no all-simples route are a flush: the other two suits can only deal in
 *    through a yaku out of sight (a concealed yakuhai triplet), and its waits crowd into its suit
 *    and the honours. All-simples melds with no yakuhai set cannot win on a terminal or honour
 *    but through such a hidden yaku.
 *  - `passedRead`: temporary furiten. The latest discard before a seat's draw is its left
 *    neighbour's; every other seat passed it (a ron would have ended the hand), so until its next
 *    discard it cannot ron that kind. The neighbour's neighbour's latest discard was passed, the
 *    same way, by the seat opposite… unless the left neighbour called that seat's discard and so
 *    skipped it: then nothing is read.
 * Both are exact or conservative facts about the rules, read from the view only.
 */
import type { PlayerView, StateView } from '../../game/view-schema';
import { threatOf, type Threat, windKind } from './danger';
import type { Table } from './table';

/** How a threat can win: any tile (0), a flush in suit s (1 + s), all simples (4). */
export type Route = number;
export const ANY_ROUTE = 0;
export const TANYAO_ROUTE = 4;

/** The route an open threat not in riichi is held to by its melds (ANY_ROUTE for a riichi or a yakuhai set). */
export function routeOf(t: Table, p: PlayerView): Route {
  if (p.riichi) return ANY_ROUTE;
  let tanyao = true, suits = 0, pons = 0, open = 0;
  for (let i = 0; i < p.melds.length; i++) {
    const m = p.melds[i]!;
    const tiles = m.tiles;
    const k0 = tiles[0]! >> 2;
    if (m.type !== 'ankan') open++;
    if (m.type !== 'chi') pons++;
    if (k0 >= 27 && isYakuhaiFor(t, p, k0)) return ANY_ROUTE;
    for (let j = 0; j < tiles.length; j++) {
      const k = tiles[j]! >> 2;
      if (k >= 27 || k % 9 === 0 || k % 9 === 8) tanyao = false;
      if (k < 27) suits |= 1 << ((k / 9) | 0);
    }
  }
  if (open === 0) return ANY_ROUTE;
  if (tanyao) return pons === p.melds.length ? ANY_ROUTE : TANYAO_ROUTE; // all pons: toitoi wins on anything
  if (suits === 1) return 1;
  if (suits === 2) return 2;
  if (suits === 4) return 3;
  return ANY_ROUTE;
}

const isYakuhaiFor = (t: Table, p: PlayerView, k: number): boolean => k >= 31 || k === windKind(p.wind) || k === t.roundWind;

/**
 * The deal-in chance's multiplier for `kind` against a threat on `route`: `off` for a tile its
 * route cannot win on, `on` for its own suit (the waits crowd there), honours as its suit.
 */
export function routeFactor(route: Route, kind: number, off: number, on: number): number {
  if (route === ANY_ROUTE) return 1;
  if (route === TANYAO_ROUTE) return kind >= 27 || kind % 9 === 0 || kind % 9 === 8 ? off : 1;
  if (kind >= 27) return on;
  return ((kind / 9) | 0) === route - 1 ? on : off;
}

/**
 * Kinds each seat cannot ron this turn (furiten the shape count does not see), written into `out`
 * (seat × 34 bits, 1 = passed). Temporary furiten: on a turn the seat drew, its left neighbour's
 * last discard (and the seat opposite's, for the seat on its right); on a turn after its own call,
 * the tile it called. Riichi furiten: danger.ts counts only discards at least
 * one turn past the declaration; in a hand with no call yet (no turn skipped) the discards made
 * later in the declaration's own go-around are exact too. Returns false when nothing was read.
 */
export function passedKinds(t: Table, out: Uint8Array, withRiichi = true): boolean {
  const players = t.view.players;
  if (players.length !== 4) return false;
  out.fill(0);
  const riichi = withRiichi && riichiPassed(t, out);
  const me = t.me;
  if (me.drawn === null || me.drawn === undefined) return calledPassed(t, out) || riichi;
  // A daiminkan's rinshan draw follows the discard it called, not the left neighbour's.
  for (let i = 0; i < me.melds.length; i++) if (me.melds[i]!.type === 'daiminkan') return riichi;
  const left = players[(t.seat + 3) & 3]!;
  const lr = left.river;
  if (lr.length === 0) return riichi;
  const y = lr[lr.length - 1]!;
  if (y.called) return riichi;
  const yk = y.tile >> 2;
  for (let s = 0; s < 4; s++) if (s !== left.seat && s !== t.seat) out[s * 34 + yk] = 1;
  // The seat opposite: its latest discard came after seat 1's latest, unless the left neighbour
  // called that one (skipping the seat in between).
  const across = players[(t.seat + 2) & 3]!;
  const right = players[(t.seat + 1) & 3]!;
  const ar = across.river;
  const rr = right.river;
  if (ar.length > 0 && rr.length > 0) {
    const z = rr[rr.length - 1]!;
    let skipped = false;
    if (z.called) for (let i = 0; i < left.melds.length; i++) if (left.melds[i]!.called === z.tile) skipped = true;
    if (!skipped) out[right.seat * 34 + (ar[ar.length - 1]!.tile >> 2)] = 1;
  }
  return true;
}

/**
 * A turn after the seat's own chi or pon: the tile it called is its discarder's last, and every
 * other seat passed it (a ron comes before a call).
 */
function calledPassed(t: Table, out: Uint8Array): boolean {
  const melds = t.me.melds;
  const players = t.view.players;
  let found = -1;
  for (let i = 0; i < melds.length; i++) {
    const m = melds[i]!;
    if (m.type === 'ankan' || m.called === null) continue;
    const r = players[m.from]?.river;
    if (!r || r.length === 0 || r[r.length - 1]!.tile !== m.called) continue;
    // Two melds whose tiles are still their discarders' last: which came last is unknown.
    if (found >= 0) return false;
    found = i;
  }
  if (found < 0) return false;
  const m = melds[found]!;
  const k = m.called! >> 2;
  for (let s = 0; s < 4; s++) if (s !== m.from && s !== t.seat) out[s * 34 + k] = 1;
  return true;
}

/** The riichi half of `passedKinds`: with no call in the hand, a discard's time is 4 × its index + its seat's place after the dealer. */
function riichiPassed(t: Table, out: Uint8Array): boolean {
  const players = t.view.players;
  let any = false;
  for (let i = 0; i < 4; i++) {
    const p = players[i]!;
    if (!p.riichi) continue;
    for (let q = 0; q < 4; q++) for (const m of players[q]!.melds) if (m.type !== 'ankan') return false;
    let at = -1;
    for (let j = 0; j < p.river.length; j++) if (p.river[j]!.riichi) { at = j; break; }
    if (at < 0) continue;
    const rel = (p.seat - t.view.oya + 4) & 3;
    for (let q = 0; q < 4; q++) {
      const r = players[q]!;
      if (r.seat === p.seat || ((r.seat - t.view.oya + 4) & 3) < rel || r.river.length <= at) continue;
      out[p.seat * 34 + (r.river[at]!.tile >> 2)] = 1;
      any = true;
    }
  }
  return any;
}

/**
 * A seat's discards since its last call, and how many of them came from its hand (tsumogiri
 * false; the discard a call makes is one of them). Rivers have no shared clock: a discard's time
 * is taken as 4 × its index + its seat's place after the dealer, so calls that skipped turns can
 * shift the count by one.
 */
export function sinceLastCall(view: StateView, p: PlayerView): { discards: number; fromHand: number } {
  const players = view.players;
  const rel = (s: number) => (s - view.oya + 4) & 3;
  let last = -1;
  for (let m = 0; m < p.melds.length; m++) {
    const meld = p.melds[m]!;
    if (meld.type === 'ankan' || meld.called === null) continue;
    const river = players[meld.from]?.river;
    if (!river) continue;
    for (let i = river.length - 1; i >= 0; i--) if (river[i]!.tile === meld.called) { const at = 4 * i + rel(meld.from); if (at > last) last = at; break; }
  }
  let discards = 0, fromHand = 0;
  if (last < 0) return { discards, fromHand };
  const r = p.river, me = rel(p.seat);
  for (let j = r.length - 1; j >= 0 && 4 * j + me > last; j--) { discards++; if (!r[j]!.tsumogiri) fromHand++; }
  return { discards, fromHand };
}

/**
 * Measured tenpai chance of a hand not in riichi by its open melds (1, 2, 3, 4), river length
 * (0–5, 6–8, 9–11, 12–14, 15+) and the run of tsumogiri that ends its river (0, 1, 2, 3+): one
 * `strong` against three `strong-v1`, 800 hanchan, every other seat at the strong seat's discards
 * (bench/mahjong-open-tenpai.ts --games 800 --seed 141001). A late run of discards from the hand
 * is a hand folding (two melds, 15+ discards, none thrown as drawn: 40 %; three or more: 91 %).
 */
const TENPAI = [
  [0.04, 0.08, 0.13, 0.35, 0.14, 0.18, 0.21, 0.34, 0.3, 0.36, 0.38, 0.48, 0.35, 0.5, 0.61, 0.69, 0.21, 0.43, 0.68, 0.91],
  [0.2, 0.26, 0.26, 0.3, 0.39, 0.43, 0.49, 0.53, 0.56, 0.62, 0.67, 0.74, 0.61, 0.76, 0.8, 0.81, 0.4, 0.69, 0.85, 0.91],
  [0.58, 0.58, 0.6, 0.6, 0.74, 0.78, 0.83, 0.9, 0.86, 0.9, 0.92, 0.97, 0.89, 0.94, 0.97, 0.98, 0.51, 0.72, 0.83, 0.98],
  [0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97],
];

/** `TENPAI`'s mean over the tsumogiri runs, by melds and river length (the same hands). */
const ROW = [[0.053, 0.173, 0.353, 0.505, 0.522], [0.214, 0.421, 0.63, 0.742, 0.741], [0.536, 0.776, 0.905, 0.948, 0.811], [0.97, 0.97, 0.97, 0.97, 0.97]];

/**
 * The measured tenpai chance of an open hand not in riichi (`TENPAI`); 0 for a closed one. With
 * `relative`, only what the tsumogiri run adds: the cell over its row's mean.
 */
export function readTenpai(p: PlayerView, relative = false): number {
  let open = 0;
  for (let i = 0; i < p.melds.length; i++) if (p.melds[i]!.type !== 'ankan') open++;
  if (open === 0) return 0;
  const r = p.river, len = r.length;
  let trail = 0;
  for (let i = len - 1; i >= 0 && trail < 3 && r[i]!.tsumogiri; i--) trail++;
  const lb = len < 6 ? 0 : len < 9 ? 1 : len < 12 ? 2 : len < 15 ? 3 : 4;
  const m = Math.min(4, open) - 1;
  const cell = TENPAI[m]![lb * 4 + trail]!;
  return relative ? cell / ROW[m]![lb]! : cell;
}

/**
 * `tenpaiRead`: every open threat not in riichi takes the measured tenpai chance (copies: the
 * threats themselves are shared by the threat cache); with `oneMeld` < 1, a one-meld hand with a
 * visible yaku whose measured chance reaches it joins them.
 */
export function readThreats(t: Table, mode: number, oneMeld: number): void {
  const threats = t.threats;
  for (let i = 0; i < threats.length; i++) {
    const th = threats[i]!;
    if (th.riichi) continue;
    const p = t.view.players[th.seat]!;
    threats[i] = { ...th, tenpai: mode === 2 ? Math.min(0.97, th.tenpai * readTenpai(p, true)) : readTenpai(p) };
  }
  if (oneMeld >= 1) return;
  const players = t.view.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p.seat === t.seat || p.riichi || p.melds.length !== 1 || p.melds[0]!.type === 'ankan') continue;
    const tenpai = readTenpai(p);
    if (tenpai < oneMeld) continue;
    const th = threatOf(t.view, p, t.visible, t.dora, 1);
    if (th) threats.push({ ...th, tenpai });
  }
}

const SOFT: Threat[] = [];

/** The one-meld hands with a visible yaku whose measured tenpai chance is at least `min` (`softThreat`), or null. A shared array: read it before the next call. */
export function softThreats(t: Table, min: number): Threat[] | null {
  SOFT.length = 0;
  const players = t.view.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (p.seat === t.seat || p.riichi || p.melds.length !== 1 || p.melds[0]!.type === 'ankan' || p.river.length < 6) continue;
    const tenpai = readTenpai(p);
    if (tenpai < min) continue;
    const th = threatOf(t.view, p, t.visible, t.dora, 1);
    if (th) SOFT.push({ ...th, tenpai });
  }
  return SOFT.length > 0 ? SOFT : null;
}

/**
 * `riichiTells`: a riichi declared with the tile just drawn (tsumogiri) says nothing of the wait, so
 * its neighbours are not read as likelier (danger.ts reads them ×1.3); early discards thrown as
 * drawn say nothing of the hand either, so only those from the hand count as early. Copies: the
 * threats themselves are shared by the threat cache.
 */
export function riichiTells(t: Table): void {
  const threats = t.threats;
  for (let i = 0; i < threats.length; i++) {
    const th = threats[i]!;
    if (!th.riichi) continue;
    const r = t.view.players[th.seat]!.river;
    let at = -1;
    for (let j = 0; j < r.length; j++) if (r[j]!.riichi) { at = j; break; }
    if (at < 0) continue;
    const early = new Uint8Array(34);
    for (let j = 0; j < Math.min(5, at); j++) if (!r[j]!.tsumogiri) early[r[j]!.tile >> 2] = 1;
    threats[i] = { ...th, early, riichiKind: r[at]!.tsumogiri ? -1 : th.riichiKind };
  }
}
