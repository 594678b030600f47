/**
 * What a seat may answer now, as mjai messages: the inverse of `decisionOf` (actions.ts), in the
 * spirit of mjai.app's `possible_actions`. On its own turn (its draw or call) the seat's legal
 * actions; while others answer a discard or kan, the seat's options on that tile, whether or not
 * the engine has asked it yet (a bot answers each event once, as it arrives). `reach` is offered
 * when some discard keeps tenpai; the discard that completes it is one of `reachDiscards`.
 */
import type { Game } from '../engine/game/game';
import { A, discardIndex, kindOfDiscard } from '../engine/table/actions';
import { type MjaiEvent, mjaiOfId, mjaiOfKind } from '../formats/mjai';

/** A discard action (0–36) as the mjai tile it throws. */
export const mjaiOfDiscard = (action: number): string =>
  mjaiOfKind(kindOfDiscard(action), action >= 34);

/** The seat's options now: its own actions, or its answers to the open target (none when it has no say). */
function optionsOf(game: Game, seat: number): { actions: readonly number[]; self: boolean } {
  if (game.isOver()) return { actions: [], self: false };
  const k = game.kyoku;
  if (k.phase < 4) return { actions: k.phase === seat ? k.options().actions : [], self: true };
  if (k.phase < 16) return { actions: k.respOptions[seat]?.actions ?? [], self: false };
  return { actions: [], self: false };
}

/** Discards that declare riichi (empty when riichi is not possible now). */
export function reachDiscards(game: Game, seat: number): number[] {
  const k = game.kyoku;
  return !game.isOver() && k.phase === seat && k.stage2 === null ? [...k.options().riichiDiscards] : [];
}

export function possibleActions(game: Game, seat: number): MjaiEvent[] {
  const { actions, self } = optionsOf(game, seat);
  const k = game.kyoku;
  const hand = k.players[seat]!.hand;
  const ofKind = (kind: number) => hand.filter((id) => id >> 2 === kind);
  const target = k.target;
  const out: MjaiEvent[] = [];
  for (const a of actions) {
    if (a < 37) {
      if (k.stage2) continue;
      out.push({ type: 'dahai', actor: seat, pai: mjaiOfDiscard(a), tsumogiri: k.drawn !== null && discardIndex(k.drawn) === a });
    } else if (a <= A.CHI_HIGH_RED && target) {
      const kind = target.tile >> 2;
      const shape = (a - A.CHI_LOW) % 3;
      const kinds = shape === 0 ? [kind + 1, kind + 2] : shape === 1 ? [kind - 1, kind + 1] : [kind - 2, kind - 1];
      const red = a >= A.CHI_LOW_RED;
      out.push({ type: 'chi', actor: seat, target: target.from, pai: mjaiOfId(target.tile), consumed: kinds.map((x) => mjaiOfKind(x, red && x % 9 === 4 && x < 27)) });
    } else if ((a === A.PON || a === A.PON_RED) && target) {
      const kind = target.tile >> 2;
      out.push({ type: 'pon', actor: seat, target: target.from, pai: mjaiOfId(target.tile), consumed: [mjaiOfKind(kind, a === A.PON_RED), mjaiOfKind(kind)] });
    } else if (a === A.DAIMINKAN && target) {
      out.push({ type: 'daiminkan', actor: seat, target: target.from, pai: mjaiOfId(target.tile), consumed: ofKind(target.tile >> 2).map(mjaiOfId) });
    } else if (a === A.ANKAN) {
      // The lowest kind held four times: the one the engine takes when no tile is named.
      const kind = [...new Set(hand.map((id) => id >> 2))].sort((x, y) => x - y).find((x) => ofKind(x).length === 4);
      if (kind !== undefined) out.push({ type: 'ankan', actor: seat, consumed: ofKind(kind).map(mjaiOfId) });
    } else if (a === A.KAKAN) {
      const meld = k.players[seat]!.melds.find((m) => m.type === 'pon' && ofKind(m.tiles[0]! >> 2).length > 0);
      if (meld) out.push({ type: 'kakan', actor: seat, pai: mjaiOfId(ofKind(meld.tiles[0]! >> 2)[0]!), consumed: meld.tiles.map(mjaiOfId) });
    } else if (a === A.RON && target) {
      out.push({ type: 'hora', actor: seat, target: target.from, pai: mjaiOfId(target.tile) });
    } else if (a === A.TSUMO && k.drawn !== null) {
      out.push({ type: 'hora', actor: seat, target: seat, pai: mjaiOfId(k.drawn) });
    } else if (a === A.KYUUSHU) {
      out.push({ type: 'ryukyoku' });
    } else if (a === A.SKIP) {
      out.push({ type: 'none' });
    }
  }
  if (self && reachDiscards(game, seat).length > 0) out.push({ type: 'reach', actor: seat });
  return out;
}
