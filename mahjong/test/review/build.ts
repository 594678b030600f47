/** Hand-built game records for the reviewer's tests: one hand, given starting hands and turns. */
import type { Paipu, RoundEvent } from '../../src/engine/paipu';
import { parseTiles } from '../../src/engine/notation';

/**
 * `hands`: notation per seat (13 tiles); `turns`: what happens after the deal, in order —
 * `[seat, draw, discard | 'tsumogiri', riichi?]`; copies are allocated so no tile is used twice.
 */
export function builtGame(hands: string[], turns: [number, string, string, boolean?][], dora = '9s'): Paipu {
  const used = new Set<number>();
  const doraIndicator = parseTiles(dora, used)[0]!;
  const dealt = hands.map((h) => parseTiles(h, used));
  const held = dealt.map((h) => h.slice());
  const events: RoundEvent[] = [];
  for (const [who, draw, discard, riichi] of turns) {
    const drawn = parseTiles(draw, used)[0]!;
    held[who]!.push(drawn);
    events.push({ t: 'draw', who, tile: drawn });
    if (riichi) events.push({ t: 'riichi', who, step: 1 });
    const tile = discard === 'tsumogiri' ? drawn : held[who]!.find((id) => id >> 2 === parseKind(discard))!;
    held[who]!.splice(held[who]!.indexOf(tile), 1);
    events.push({ t: 'discard', who, tile, tsumogiri: tile === drawn });
    if (riichi) events.push({ t: 'riichi', who, step: 2 });
  }
  return {
    type: 169, seed: '', lobby: 0, rules: { redFives: true, openTanyao: true, eastSouth: true, sanma: false },
    players: ['A', 'B', 'C', 'D'].map((name) => ({ name, dan: 16, rate: 2000, sex: 'M' })), oya: 0,
    rounds: [{ round: 0, honba: 0, kyotaku: 0, dice: [1, 1], oya: 0, scores: [25000, 25000, 25000, 25000], doraIndicator, hands: dealt, events }],
    owari: null, truncated: 'mid-round',
  };
}

function parseKind(text: string): number {
  const used = new Set<number>();
  return parseTiles(text, used)[0]! >> 2;
}
