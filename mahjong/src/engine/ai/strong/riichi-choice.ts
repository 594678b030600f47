/**
 * Riichi or dama, once the engine asks (a tenpai discard chosen): no riichi on a wait with no live
 * tile; dama for a hand with a yaku worth enough, a poor wait or a lead to keep in the last hand,
 * unless riichi's expected score by the measured rates of its waits is higher (`riichiEv`); by
 * expected place late in the game when `placeRiichi` says so (place-utility.ts); as Houou players
 * choose for the reviewer (`hououDama`).
 */
import { A, kindOfDiscard } from '../../table/actions';
import { isRed, RED_FIVE_IDS } from '../../tiles';
import { hououRiichi } from './guesses';
import type { StrongOptions } from './options';
import { placeActs, riichiForPlace } from './place-utility';
import type { Table } from './table';
import { isYakuhai, tenpaiValue } from './value';
import { waitKinds } from './tenpai-groups';
import { waitWinChance } from './wait-quality';

export function riichiOrDama(t: Table, o: StrongOptions): number {
  const idx = t.view.riichi_tile ?? -1;
  const kind = kindOfDiscard(idx);
  const hand = t.hand.slice();
  const at = idx >= 34 ? hand.findIndex((id) => id === RED_FIVE_IDS[idx - 34]) : hand.findIndex((id) => id >> 2 === kind && !isRed(id));
  hand.splice(at >= 0 ? at : hand.findIndex((id) => id >> 2 === kind), 1);
  const counts = t.counts.slice();
  counts[kind]! -= 1;
  const waits = waitKinds(counts, t.meldCount);
  let live = 0;
  for (const k of waits) live += Math.max(0, 4 - t.visible[k]!);
  if (live === 0) return A.RIICHI_CANCEL;
  if (!o.dama) return A.RIICHI;
  if (o.hououDama) return hououRiichi(t, hand, waits);
  // Dama pays off only with a big hand, a poor wait or a lead to keep; without dora or a
  // yakuhai set the hand cannot be big, so skip scoring it.
  let extra = 0;
  for (const id of hand) extra += t.dora[id >> 2]! + (isRed(id) ? 1 : 0);
  for (let k = 27; k < 34; k++) if (counts[k]! >= 3 && isYakuhai(t, k)) extra++;
  if (placeActs(t, o.placeRiichi)) return riichiForPlace(t, hand, waits, kind, o) ? A.RIICHI : A.RIICHI_CANCEL;
  if (extra === 0 && live > 2 && !(t.allLast && t.place === 1) && t.tilesLeft > o.lateDama) return A.RIICHI;
  const dama = tenpaiValue(t, hand, waits, false);
  if (dama.ron === 0) return A.RIICHI;
  if (t.allLast && t.place === 1) return A.RIICHI_CANCEL;
  if (t.tilesLeft <= o.lateDama) return A.RIICHI_CANCEL;
  if (dama.ron >= (t.dealer ? 11600 : 7700) || (dama.live <= 2 && dama.ron >= (t.dealer ? 5800 : 3900))) {
    if (o.riichiEv <= 0) return A.RIICHI_CANCEL;
    const pR = waitWinChance(t, waits, kind, true), pD = waitWinChance(t, waits, kind, false);
    const riichi = tenpaiValue(t, hand, waits, true).ron * o.riichiEv;
    return pR * riichi - 1000 * (1 - pR) > pD * dama.ron ? A.RIICHI : A.RIICHI_CANCEL;
  }
  return A.RIICHI;
}
