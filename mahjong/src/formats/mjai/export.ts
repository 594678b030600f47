/**
 * Paipu → mjai JSON lines (the event stream Mortal, mjai.app and mjai-reviewer read).
 * Standard fields only, plus two that other tools ignore: `start_game.tenhou_rule` (Tenhou's GO
 * type bits, so red fives, open tanyao and the game length survive a round trip) and
 * `ryukyoku.reason` for a draw other than the exhaustive one (Tenhou's kind: yao9, reach4, ron3,
 * kan4, kaze4, nm); a game this engine dealt also names its wall seed in `start_game.devhub_seed`
 * (`devhub-v1,<seed>` for a seeded practice game, `devhub-v2,<commitment>,<secret>` otherwise).
 */
import { parseWallSeed } from '../../engine/table/secure-wall';
import type { Paipu, Round, RoundEvent } from '../../engine/paipu/types';
import type { MjaiEvent } from './schema';
import { mjaiOfId, windOf } from './tiles';

function roundEvents(r: Round): MjaiEvent[] {
  const out: MjaiEvent[] = [{
    type: 'start_kyoku', bakaze: windOf(Math.floor(r.round / 4)) as 'E', dora_marker: mjaiOfId(r.doraIndicator),
    kyoku: (r.round % 4) + 1, honba: r.honba, kyotaku: r.kyotaku, oya: r.oya, scores: r.scores.slice(),
    tehais: r.hands.map((h) => h.map(mjaiOfId)),
  }];
  const ev = (e: RoundEvent): MjaiEvent | null => {
    switch (e.t) {
      case 'draw': return { type: 'tsumo', actor: e.who, pai: mjaiOfId(e.tile) };
      case 'discard': return { type: 'dahai', actor: e.who, pai: mjaiOfId(e.tile), tsumogiri: e.tsumogiri };
      case 'riichi': return e.step === 1 ? { type: 'reach', actor: e.who } : { type: 'reach_accepted', actor: e.who };
      case 'dora': return { type: 'dora', dora_marker: mjaiOfId(e.tile) };
      case 'call': {
        const m = e.meld;
        if (m.type === 'ankan') return { type: 'ankan', actor: e.who, consumed: m.tiles.map(mjaiOfId) };
        if (m.type === 'kakan') return { type: 'kakan', actor: e.who, pai: mjaiOfId(m.added!), consumed: m.tiles.filter((t) => t !== m.added).map(mjaiOfId) };
        const consumed = m.tiles.filter((t) => t !== m.called).map(mjaiOfId);
        if (m.type === 'chi') return { type: 'chi', actor: e.who, target: m.from, pai: mjaiOfId(m.called!), consumed };
        if (m.type === 'pon') return { type: 'pon', actor: e.who, target: m.from, pai: mjaiOfId(m.called!), consumed };
        return { type: 'daiminkan', actor: e.who, target: m.from, pai: mjaiOfId(m.called!), consumed };
      }
      case 'agari': return { type: 'hora', actor: e.who, target: e.fromWho, pai: mjaiOfId(e.machi), deltas: e.deltas.slice(), ura_markers: e.uraIndicators.map(mjaiOfId) };
      case 'ryuukyoku': return { type: 'ryukyoku', deltas: e.deltas.slice(), ...(e.kind === 'exhaustive' ? {} : { reason: e.kind }) };
      default: return null;
    }
  };
  for (const e of r.events) { const m = ev(e); if (m) out.push(m); }
  if (r.events.some((e) => e.t === 'agari' || e.t === 'ryuukyoku')) out.push({ type: 'end_kyoku' });
  return out;
}

export function mjaiEvents(p: Paipu): MjaiEvent[] {
  // A game this engine dealt names its wall seed (seeded practice game, or commitment and secret).
  const ours = parseWallSeed(p.seed).kind !== 'unknown';
  const start = { type: 'start_game', names: p.players.map((x) => x.name), tenhou_rule: p.type, ...(ours ? { devhub_seed: p.seed } : {}) } as MjaiEvent;
  const out: MjaiEvent[] = [start, ...p.rounds.flatMap(roundEvents)];
  if (p.owari) out.push({ type: 'end_game', scores: p.owari.scores.slice() });
  return out;
}

export const exportMjai = (p: Paipu): string => mjaiEvents(p).map((e) => JSON.stringify(e)).join('\n') + '\n';
