/**
 * What the `strong` seat knew when it dealt in (one `strong` against three `strong-v1`): for every
 * deal-in, the winner's kind (riichi, open, dama), whether the strong AI read the winner as a
 * threat, the seat's own shanten, and how the thrown tile's deal-in chance against the winner
 * (danger.ts shape count) compared with the safest tile in hand — was there a tile the count put
 * at zero? — and, as a check of strong/furiten-reads.ts, any deal-in on a tile it read as passed by
 * the winner (there must be none). For choosing where the defence can still gain (mahjong/README.md, "Seventh strength round").
 *
 * Run: taskset -c 1 bun bench/mahjong-deal-in-reads.ts [--games 800] [--seed 150001] [--opts '{}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { Game } from '../mahjong/src/engine/game';
import { dealInChance, threatOf } from '../mahjong/src/engine/ai/strong/danger';
import { readTable } from '../mahjong/src/engine/ai/strong/table';
import { passedKinds } from '../mahjong/src/engine/ai/strong/furiten-reads';
import { kindOfDiscard } from '../mahjong/src/engine/table/actions';
import { shanten } from '../mahjong/src/engine/shanten';
import { arg } from './cli-args';

const games = Number(arg('games', '800'));
const seed = Number(arg('seed', '150001'));
const opts = JSON.parse(arg('opts', '{}'));

interface Last { kind: number; sh: number; threats: number[]; chance: number[]; safest: number[]; zero: boolean[]; passed: Uint8Array }
const cells = new Map<string, { n: number; pts: number }>();
let hands = 0;
let thrownPassed = 0;
const add = (k: string, pts: number) => { const c = cells.get(k) ?? { n: 0, pts: 0 }; c.n++; c.pts += pts; cells.set(k, c); };

for (let g = 0; g < games; g++) {
  const me = g % 4;
  const agents = [0, 1, 2, 3].map((i) => (i === me ? new StrongAgent('strong', opts) : new StrongV1Agent()));
  const game = new Game({ seed: seed + Math.floor(g / 4), autoNextHand: true, maxRound: 1 });
  let last: Last | null = null;
  let logged = 0;
  const status = ['dama', 'dama', 'dama', 'dama'];
  const melds = ['', '', '', ''];
  for (let steps = 0; !game.isOver() && steps < 200_000; steps++) {
    const seat = game.actor();
    const view = game.stateView(seat, { shallow: true, reuse: true });
    const action = agents[seat]!.decide(view);
    for (const p of view.players) status[p.seat] = p.riichi ? 'riichi' : p.melds.some((m) => m.type !== 'ankan') ? 'open' : 'dama';
    if (seat === me && action < 37) for (const p of view.players) melds[p.seat] = `${p.melds.filter((m) => m.type !== 'ankan').length} melds${threatOf(view, p, readTable(view).visible, readTable(view).dora, 1) ? ' with a visible yaku' : ''}, river ${p.river.length >= 12 ? '12+' : p.river.length >= 8 ? '8-11' : '0-7'}`;
    if (seat === me && action < 37 && !view.riichi_stage2) {
      const t = readTable(view);
      const kind = kindOfDiscard(action);
      const held: number[] = [];
      for (let k = 0; k < 34; k++) if (t.counts[k]! > 0) held.push(k);
      const passed = new Uint8Array(4 * 34);
      if (!passedKinds(t, passed)) passed.fill(0);
      last = { kind, sh: shanten(t.counts, t.meldCount), threats: [], chance: [], safest: [], zero: [], passed };
      if (t.threats.some((th) => passed[th.seat * 34 + kind] === 1)) thrownPassed++;
      for (const th of t.threats) {
        last.threats.push(th.seat);
        last.chance.push(dealInChance(kind, th, t.visible));
        let min = 1;
        for (const k of held) min = Math.min(min, dealInChance(k, th, t.visible));
        last.safest.push(min);
        last.zero.push(min === 0);
      }
    }
    const r = game.step(seat, action);
    if (!r.ok) throw new Error('illegal action');
    while (logged < game.log.length) {
      const e = game.log[logged++]!;
      hands++;
      if (e.result_type !== 'agari' || !e.losers.includes(me) || !last) continue;
      const w = e.winners[0]!;
      const i = last.threats.indexOf(w);
      const pts = e.score_delta[me]!;
      const kindOf = status[w]!;
      // passedKinds reads exact furiten: a deal-in on a tile it read as passed by the winner is a bug.
      if (last.passed[w * 34 + last.kind] === 1) add('ERROR: dealt in with a tile read as passed by the winner', pts);
      const sh = `${Math.min(3, last.sh)} sh`;
      if (i < 0) add(`to ${kindOf.padEnd(6)} not read as a threat, ${sh}${kindOf === 'open' ? `, ${melds[w]}` : ''}`, pts);
      else {
        const c = last.chance[i]!, s = last.safest[i]!;
        add(`to ${kindOf.padEnd(6)} a threat, ${sh}, ${last.zero[i] ? 'a 0 tile held' : 'no 0 tile'}, thrown ${c === s ? 'the safest' : c < s * 2 + 0.01 ? 'near safest' : 'far from safest'}`, pts);
      }
    }
  }
}
console.log(`deal-ins of one strong ${JSON.stringify(opts)} against three strong-v1, ${games} hanchan from seed ${seed}, ${hands} hands (per 1,000 hands: count, points)`);
console.log(`  discards of a tile read as passed by a threat (strong/furiten-reads.ts): ${thrownPassed}`);
for (const k of [...cells.keys()].sort()) {
  const c = cells.get(k)!;
  console.log(`  ${k.padEnd(80)} ${((1000 * c.n) / hands).toFixed(1).padStart(6)} ${((1000 * c.pts) / hands).toFixed(0).padStart(8)}`);
}
