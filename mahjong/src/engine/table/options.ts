/**
 * Legal actions of the seat on turn (phases 0–3) in the 54-index interface: discards, riichi
 * candidates, tsumo, nine terminals, ankan and kakan. Answers to a discard: response-options.ts.
 */
import { waitingKinds } from '../rules';
import { HandGroups } from '../shanten';
import { A, discardIndex, kindOfDiscard } from './actions';
import type { HandState, Options } from './hand-state';
import type { OptionSet } from './option-set';
import { type PlayerState, handCounts, isClosed } from './player';
import { countsWith, drawnCompletes, evaluateWin, yakuByTiles, yakuCertain } from './win';
import { roundWindOf, winContext } from './settle';
import { farByMasks, hasFour, MASK_REDS, yaochuuOf } from './hand-masks';

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
 * The hand's discard indices (kinds, then red fives 34–36; kuikae kinds left out) as the bits of
 * `into.lo`/`into.hi` (see Options), read from the hand masks.
 */
function discardBits(p: PlayerState, into: OptionSet): void {
  const masks = p.masks;
  const forbidden = p.forbidden;
  let m0 = masks[0]!, m1 = masks[1]!, m2 = masks[2]!;
  let honours = masks[3]!;
  let reds = masks[MASK_REDS]!;
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
  into.lo = m0 | (m1 << 9) | (m2 << 18);
  into.hi = honours | (reds << 7);
}

/**
 * The options of `seat` on turn, written into `into` as bits (its action list is built from them
 * when read) and a refilled riichi list: valid until the next step only.
 */
export function selfOptions(k: HandState, seat: number, into: OptionSet): Options {
  const riichiDiscards = into.riichiDiscards;
  if (riichiDiscards.length !== 0) riichiDiscards.length = 0;
  into.listed = false;
  if (k.stage2) {
    into.lo = 0;
    into.hi = (1 << (A.RIICHI - 27)) | (1 << (A.RIICHI_CANCEL - 27));
    return into;
  }
  const p = k.players[seat]!;
  if (p.riichi && k.drawn !== null) {
    const only = discardIndex(k.drawn);
    into.lo = only < 27 ? 1 << only : 0;
    into.hi = only < 27 ? 0 : 1 << (only - 27);
  } else discardBits(p, into);
  if (k.drawn !== null && !k.afterCall) {
    const c = p.counts; // changed and restored below
    // A draw lowers shanten by at most one: far hands skip the riichi search.
    const far = p.waits !== null && p.shanten13 >= 2;
    if (!far && !p.riichi && isClosed(p) && k.scores[seat]! >= 1000 && k.tilesLeft >= 4 && !farByMasks(p.masks, 3) && GROUPS.set(c, p.melds.length) <= 0) {
      // Each discard changes one group: the other three are looked up once. Ascending, as the list.
      for (let m = into.lo; m !== 0; m &= m - 1) {
        const idx = 31 - Math.clz32(m & -m);
        if (GROUPS.changed(c, idx, -1) === 0) riichiDiscards.push(idx);
      }
      for (let m = into.hi & 0x3ff; m !== 0; m &= m - 1) {
        const idx = 58 - Math.clz32(m & -m);
        if (GROUPS.changed(c, kindOfDiscard(idx), -1) === 0) riichiDiscards.push(idx);
      }
    }
    // Specials: 45 ankan, 47 kakan, 50 tsumo, 51 nine terminals.
    if (k.tilesLeft > 0 && k.kans < 4) {
      if (hasFour(p.masks) && ankanKinds(k, seat, c).length > 0) into.hi |= 1 << (A.ANKAN - 27);
      if (!p.riichi && p.melds.length > 0 && hasKakan(p)) into.hi |= 1 << (A.KAKAN - 27);
    }
    if (drawnCompletes(p, k.drawn) && (yakuCertain(p, true) || yakuByTiles(p, null, k.seatWind(seat), roundWindOf(k)) || evaluateWin(p, seat, k.drawn, winContext(k, seat, true)))) into.hi |= 1 << (A.TSUMO - 27);
    if (k.firstTurn(seat) && yaochuuOf(p.masks) >= 9) into.hi |= 1 << (A.KYUUSHU - 27);
  }
  return into;
}

/** The hand of the riichi search (refilled per search: no allocation). */
const GROUPS = new HandGroups();
