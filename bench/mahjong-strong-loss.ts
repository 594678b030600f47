/**
 * What a deal-in to a threat actually cost, against the loss the strong AI's threat reader
 * (mahjong/src/engine/ai/strong/danger.ts threatOf) predicted for it: `strong` against itself,
 * every hand that ended in a deal-in, grouped by the winner as the loser saw it at its last
 * discard: a riichi, an open threat by its route (flush: one suit plus honours, whether or not a
 * yakuhai set is among its melds; yakuhai; tanyao) and the dora shown in its melds (capped at 3),
 * dealer or not, or no threat at all; with the reader's mean predicted loss and the mean paid
 * (the loser's points, honba included). Groups under 20 deal-ins are not printed.
 *
 * Run: bun bench/mahjong-strong-loss.ts [--games 1000] [--seed 60001]
 */
import { StrongAgent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { type Threat, windKind } from '../mahjong/src/engine/ai/strong/danger';
import { readTable } from '../mahjong/src/engine/ai/strong/table';
import type { StateView } from '../mahjong/src/engine/game';
import { isRed } from '../mahjong/src/engine/tiles';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';

const games = Number(arg('games', '1000'));
const seed = Number(arg('seed', '60001'));

interface Snap { hand: number; threats: { seat: number; riichi: boolean; loss: number; dealer: boolean; melds: number; route: string; dora: number }[] }

/** An open threat's route (yakuhai / tanyao / flush / other) and the dora shown in its melds. */
function route(view: StateView, seat: number, dora: number[]): { route: string; dora: number } {
  const p = view.players[seat]!;
  let yakuhai = false, tanyao = true, suits = 0, d = 0;
  const sw = windKind(p.wind), rw = windKind(view.round_wind);
  for (const m of p.melds) {
    const k0 = m.tiles[0]! >> 2;
    if (m.type !== 'chi' && (k0 >= 31 || k0 === sw || k0 === rw)) yakuhai = true;
    for (const id of m.tiles) {
      const k = id >> 2;
      d += dora[k]! + (isRed(id) ? 1 : 0);
      if (k >= 27 || k % 9 === 0 || k % 9 === 8) tanyao = false;
      if (k < 27) suits |= 1 << ((k / 9) | 0);
    }
  }
  const flush = (suits & (suits - 1)) === 0;
  return { route: p.riichi ? 'riichi' : flush && !tanyao ? (yakuhai ? 'flush+yakuhai' : 'flush') : yakuhai ? 'yakuhai' : tanyao ? 'tanyao' : 'other', dora: Math.min(3, d) };
}
const groups = new Map<string, { n: number; predicted: number; paid: number }>();

/** A `strong` seat that keeps, per hand, the threats it saw at its last discard. */
function recorder(seat: number, byHand: Map<number, (Snap | null)[]>): Agent {
  const ai = new StrongAgent();
  return {
    name: 'strong',
    decide(view: StateView): number {
      const action = ai.decide(view);
      if (action < 37 && !view.riichi_stage2) {
        const t = readTable(view);
        const hand = view.game.hand_index;
        const snaps = byHand.get(hand) ?? [null, null, null, null];
        snaps[seat] = { hand, threats: t.threats.map((th: Threat) => ({ seat: th.seat, riichi: th.riichi, loss: th.loss, dealer: view.players[th.seat]!.is_oya, melds: view.players[th.seat]!.melds.length, ...route(view, th.seat, t.dora) })) };
        byHand.set(hand, snaps);
      }
      return action;
    },
  };
}

for (let g = 0; g < games; g++) {
  const byHand = new Map<number, (Snap | null)[]>();
  const game = playGame([0, 1, 2, 3].map((s) => recorder(s, byHand)), { seed: seed + g, maxRound: 1 });
  game.log.forEach((e, h) => {
    if (e.result_type !== 'agari' || e.losers.length !== 1) return;
    const loser = e.losers[0]!;
    const snap = byHand.get(h)?.[loser];
    if (!snap) return;
    for (const w of e.winners) {
      const th = snap.threats.find((x) => x.seat === w);
      const kind = th ? `${th.route} dora ${th.dora}` : 'no threat';
      const dealer = th ? th.dealer : false;
      const pred = th ? th.loss : 0;
      const key = th ? `${kind.padEnd(22)} ${dealer ? 'dealer' : 'child '}` : kind;
      const a = groups.get(key) ?? { n: 0, predicted: 0, paid: 0 };
      a.n++; a.predicted += pred; a.paid += -e.score_delta[loser]!;
      groups.set(key, a);
    }
  });
}
console.log(`deal-ins from ${games} hanchan of strong against itself, seed ${seed}`);
for (const [key, a] of [...groups].sort()) if (a.n >= 20) console.log(`  ${key}: ${a.n} deal-ins, predicted ${(a.predicted / a.n).toFixed(0)}, paid ${(a.paid / a.n).toFixed(0)}`);
