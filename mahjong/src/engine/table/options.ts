/**
 * Legal actions of the seat on turn (phases 0–3) in the 54-index interface: discards, riichi
 * candidates, tsumo, nine terminals, ankan and kakan. Answers to a discard: response-options.ts.
 */
import { waitingKinds } from '../rules';
import { HandGroups } from '../shanten';
import { A, discardIndex, kindOfDiscard } from './actions';
import type { HandState, Options } from './hand-state';
import { type PlayerState, handCounts, isClosed } from './player';
import { countsWith, drawnCompletes, evaluateWin, yakuByTiles, yakuCertain } from './win';
import { roundWindOf, winContext } from './settle';
import { farByMasks, hasFour, POP, yaochuuOf } from './hand-masks';

export type { Options } from './hand-state';

export function ankanKinds(k: HandState, seat: number, counts?: number[]): number[] {
  const p = k.players[seat]!;
  const c = counts ?? handCounts(p);
  const out: number[] = [];
  for (let kind = 0; kind < 34; kind++) {
    if (c[kind] !== 4) continue;
    if (p.riichi) {
      // Riichi: only the drawn tile, and only when the wait does not change.
      if (k.drawn === null || k.drawn >> 2 !== kind) continue;
      const before = waitingKinds(countsWith(p.hand.filter((id) => id !== k.drawn), null), p.melds.length);
      const after = waitingKinds(countsWith(p.hand.filter((id) => id >> 2 !== kind), null), p.melds.length + 1);
      if (before.length === 0 || before.join() !== after.join()) continue;
    }
    out.push(kind);
  }
  return out;
}

export function kakanKinds(p: PlayerState): number[] {
  const out: number[] = [];
  for (const m of p.melds) if (m.type === 'pon' && p.counts[m.tiles[0]! >> 2]! > 0) out.push(m.tiles[0]! >> 2);
  return out;
}

function hasKakan(p: PlayerState): boolean {
  for (const m of p.melds) if (m.type === 'pon' && p.counts[m.tiles[0]! >> 2]! > 0) return true;
  return false;
}



/**
 * Discard indices of the hand (ascending kinds, then red fives 34–36); kuikae kinds left out.
 * The list is sized from the masks' bit counts and filled by index (pushes growing an empty array
 * reallocated it on every draw); the rare specials are pushed after.
 */
function discardActions(p: PlayerState): number[] {
  const present = p.masks.present;
  const forbidden = p.forbidden;
  let m0 = present[0]!, m1 = present[1]!, m2 = present[2]!;
  let honours = present[3]!;
  let reds = p.masks.reds;
  // A red five alone is only its own index (34–36): drop its plain kind.
  if (reds !== 0) {
    if (reds & 1 && p.counts[4] === 1) m0 &= ~16;
    if (reds & 2 && p.counts[13] === 1) m1 &= ~16;
    if (reds & 4 && p.counts[22] === 1) m2 &= ~16;
  }
  for (let i = 0; i < forbidden.length; i++) {
    const f = forbidden[i]!;
    if (f < 9) m0 &= ~(1 << f); else if (f < 18) m1 &= ~(1 << (f - 9)); else if (f < 27) m2 &= ~(1 << (f - 18)); else honours &= ~(1 << (f - 27));
    if (f === 4) reds &= ~1; else if (f === 13) reds &= ~2; else if (f === 22) reds &= ~4;
  }
  const out = new Array<number>(POP[m0]! + POP[m1]! + POP[m2]! + POP[honours]! + POP[reds]!);
  let n = 0;
  for (let m = m0; m !== 0; m &= m - 1) out[n++] = 31 - Math.clz32(m & -m);
  for (let m = m1; m !== 0; m &= m - 1) out[n++] = 40 - Math.clz32(m & -m);
  for (let m = m2; m !== 0; m &= m - 1) out[n++] = 49 - Math.clz32(m & -m);
  for (let m = honours; m !== 0; m &= m - 1) out[n++] = 58 - Math.clz32(m & -m);
  if (reds & 1) out[n++] = 34;
  if (reds & 2) out[n++] = 35;
  if (reds & 4) out[n++] = 36;
  return out;
}

/** The options of `seat` on turn, written into `into` (its lists are replaced, never changed). */
export function selfOptions(k: HandState, seat: number, into: Options): Options {
  if (k.stage2) {
    into.actions = [A.RIICHI, A.RIICHI_CANCEL];
    into.riichiDiscards = NO_RIICHI;
    return into;
  }
  const p = k.players[seat]!;
  const actions = p.riichi && k.drawn !== null ? [discardIndex(k.drawn)] : discardActions(p);
  let riichiDiscards = NO_RIICHI;
  if (k.drawn !== null && !k.afterCall) {
    const c = p.counts; // changed and restored below
    // A draw lowers shanten by at most one: far hands skip the riichi search.
    const far = p.waits !== null && p.shanten13 >= 2;
    if (!far && !p.riichi && isClosed(p) && k.scores[seat]! >= 1000 && k.tilesLeft >= 4 && !farByMasks(p.masks, 3) && GROUPS.set(c, p.melds.length) <= 0) {
      // Each discard changes one group: the other three are looked up once.
      for (const idx of actions) {
        if (GROUPS.changed(c, kindOfDiscard(idx), -1) === 0) (riichiDiscards === NO_RIICHI ? (riichiDiscards = []) : riichiDiscards).push(idx);
      }
    }
    // Specials in index order: 45 ankan, 47 kakan, 50 tsumo, 51 nine terminals.
    if (k.tilesLeft > 0 && k.kans < 4) {
      if (hasFour(p.masks) && ankanKinds(k, seat, c).length > 0) actions.push(A.ANKAN);
      if (!p.riichi && p.melds.length > 0 && hasKakan(p)) actions.push(A.KAKAN);
    }
    if (drawnCompletes(p, k.drawn) && (yakuCertain(p, true) || yakuByTiles(p, null, k.seatWind(seat), roundWindOf(k)) || evaluateWin(p, seat, k.drawn, winContext(k, seat, true)))) actions.push(A.TSUMO);
    if (k.firstTurn(seat) && yaochuuOf(p.masks) >= 9) actions.push(A.KYUUSHU);
  }
  into.actions = actions;
  into.riichiDiscards = riichiDiscards;
  return into;
}

/** The hand of the riichi search (refilled per search: no allocation). */
const GROUPS = new HandGroups();

/** Shared empty riichi-candidate list (most draws have none); never mutated. */
const NO_RIICHI: number[] = [];
