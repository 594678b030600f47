/**
 * Placement sense for the last hands of a game: fold harder to protect first place, push harder
 * when only a big hand moves us up, and in the last hand do not take a win from fourth place that
 * leaves us fourth while the wall still offers a better one.
 */
import { scoreHand } from '../../scoring/score-hand';
import { toRulesMeld } from '../../table/win';
import type { Table } from './table';

/** Multiplier on deal-in cost. */
export function riskFactor(t: Table): number {
  const lastRound = (t.view.game.max_round + 1) * 4 - 1;
  const late = t.view.game.round >= lastRound - 1;
  if (!late) return 1;
  if (t.place === 1) return t.gapDown > 8000 ? 1.8 : 1.4;
  if (t.allLast && t.place === 4 && t.gapUp > 8000) return 0.7;
  return 1;
}

/** True when, in the last hand, winning now still leaves us last and the wall has time left. */
export function skipWin(t: Table, tsumo: boolean): boolean {
  if (!t.allLast || t.place !== 4 || t.dealer || t.tilesLeft < 8) return false;
  const target = t.view.target;
  const hand = tsumo ? t.hand : target ? [...t.hand, target.tile] : null;
  if (!hand) return false;
  const win = tsumo ? (t.me.drawn ?? hand[hand.length - 1]!) : target!.tile;
  const r = scoreHand({
    hand, melds: t.me.melds.map((m) => toRulesMeld(m, t.seat)), winTile: win, tsumo, seatWind: t.seatWind - 27, roundWind: t.roundWind - 27, dealer: t.dealer,
    riichi: t.me.riichi, doraIndicators: t.view.dora, honba: t.view.honba, kyotaku: t.view.kyotaku, discarder: tsumo ? undefined : 1,
  }, { writeSets: false });
  if (!r.ok) return false;
  // Ron from the player just above closes the gap twice; otherwise it closes by what we receive.
  const scores = t.view.players.map((p) => p.score);
  const aboveSeat = [0, 1, 2, 3].filter((s) => s !== t.seat && scores[s]! - scores[t.seat]! === t.gapUp)[0];
  const fromAbove = !tsumo && target?.from === aboveSeat ? r.points.received : tsumo ? (r.points.tsumoNonDealer ?? 0) : 0;
  return r.points.received + fromAbove < t.gapUp;
}
