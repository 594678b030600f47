/**
 * A game record reduced to what every format carries, for comparing conversions: tiles as kind
 * and red-ness (tenhou.net/6 and mjai do not say which copy of a kind a tile was), hands and
 * meld tiles sorted (a win's melds too: Tenhou lists them in its own order), and none of what only Tenhou XML holds (wall seed, dice, lobby, player
 * ranks, disconnections, meld bit codes).
 */
import type { Meld, Paipu, RoundEvent } from '../engine/paipu/types';
import { mjaiOfId } from './mjai/tiles';

const c = (id: number) => mjaiOfId(id);
const cs = (ids: readonly number[]) => ids.map(c).sort();
const meld = (m: Meld) => ({ type: m.type, tiles: cs(m.tiles), called: m.called === null ? null : c(m.called), added: m.added === null ? null : c(m.added), from: m.from });

function event(e: RoundEvent): unknown {
  switch (e.t) {
    case 'draw': return { t: e.t, who: e.who, tile: c(e.tile) };
    case 'discard': return { t: e.t, who: e.who, tile: c(e.tile), tsumogiri: e.tsumogiri };
    case 'call': return { t: e.t, who: e.who, meld: meld(e.meld) };
    case 'dora': return { t: e.t, tile: c(e.tile) };
    case 'agari': return {
      ...e, hand: cs(e.hand), melds: e.melds.map(meld).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))), machi: c(e.machi),
      doraIndicators: e.doraIndicators.map(c), uraIndicators: e.uraIndicators.map(c),
      yaku: [...e.yaku].sort((a, b) => a.id - b.id), yakuman: [...e.yakuman].sort((a, b) => a - b),
    };
    case 'ryuukyoku': return { ...e, hands: e.hands.map((h) => (h ? cs(h) : null)) };
    default: return e;
  }
}

export function canonicalGame(p: Paipu) {
  return {
    rules: p.rules,
    names: p.players.map((x) => x.name),
    rounds: p.rounds.map((r) => ({
      round: r.round, honba: r.honba, kyotaku: r.kyotaku, oya: r.oya, scores: r.scores,
      dora: c(r.doraIndicator), hands: r.hands.map(cs),
      events: r.events.filter((e) => e.t !== 'bye' && e.t !== 'reconnect').map(event),
    })),
    owari: p.owari,
    truncated: p.truncated,
  };
}
