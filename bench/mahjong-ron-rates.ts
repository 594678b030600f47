/**
 * How readily opponents throw a tenpai seat's wait: at every discard, for every other seat that is
 * tenpai and not furiten, each of its waits with live copies (as that seat sees them) counts its
 * live copies as exposure and a hit when the discard is that wait; the rate is hits per 1,000 live
 * copies per opponent discard, by the tenpai seat's state (in riichi or not) and the wait's
 * category as `strong/wait-quality.ts` reads it (honour with one or 2+ copies visible, 1/9, 2/8,
 * 3/7, 4–6, on a suji of the seat's own discards or not, safe against another seat's riichi).
 * One `strong` (options as JSON) against three `strong-v1`, every seat counted; the RON table in
 * wait-quality.ts was read from `--games 2000` (mahjong/README.md, "Fifth strength round").
 *
 * Run: taskset -c 1 bun bench/mahjong-ron-rates.ts [--games 2000] [--seed 84000] [--opts '{}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import { readTable, type Table } from '../mahjong/src/engine/ai/strong/table';
import { Game } from '../mahjong/src/engine/game';
import { arg } from './cli-args';

const games = Number(arg('games', '2000'));
const seed = Number(arg('seed', '84000'));
const opts = JSON.parse(arg('opts', '{}'));

const KIND = ['1/9', '2/8', '3/7', '4-6', '4-6', '4-6', '3/7', '2/8', '1/9'];
function category(t: Table, w: number, river: Uint8Array): string {
  if (t.threats.some((th) => th.riichi && th.safe[w] === 1)) return 'safe against another riichi';
  if (w >= 27) return `honour, ${Math.min(2, t.visible[w]!)}${t.visible[w]! >= 2 ? '+' : ''} seen`;
  const n = w % 9;
  const suji = (n >= 3 && river[w - 3] === 1) || (n <= 5 && river[w + 3] === 1);
  return `${KIND[n]}${suji ? ' on suji' : ''}`;
}

const stats = new Map<string, { live: number; hits: number }>();
for (let g = 0; g < games; g++) {
  const strongSeat = g % 4;
  const agents = [0, 1, 2, 3].map((i) => (i === strongSeat ? new StrongAgent('strong', opts) : new StrongV1Agent()));
  const game = new Game({ seed: seed + Math.floor(g / 4), autoNextHand: true, maxRound: 1 });
  for (let steps = 0; !game.isOver() && steps < 200_000; steps++) {
    const seat = game.actor();
    const action = agents[seat]!.decide(game.stateView(seat, { shallow: true, reuse: true }));
    // Only a discard can feed a wait: every tenpai seat's waits as they stand before it.
    const pending: { w: number; live: number; key: string }[] = [];
    if (action < 37) {
      for (let s = 0; s < 4; s++) {
        if (s === seat) continue;
        const view = game.stateView(s);
        const me = view.players[s]!;
        if (me.waits.length === 0 || me.furiten) continue;
        const t = readTable(view);
        const river = new Uint8Array(34);
        for (const d of me.river) river[d.tile >> 2] = 1;
        for (const w of me.waits) {
          const live = 4 - t.visible[w]!;
          if (live > 0) pending.push({ w, live, key: `${me.riichi ? 'riichi' : 'dama  '}  ${category(t, w, river)}` });
        }
      }
    }
    const before = game.stateView(null).players[seat]!.river.length;
    const r = game.step(seat, action);
    if (!r.ok) throw new Error(`illegal action ${action}`);
    if (pending.length === 0) continue;
    const river = game.stateView(null).players[seat]!.river;
    if (river.length <= before) continue;
    const thrown = river[river.length - 1]!.tile >> 2;
    for (const p of pending) {
      const e = stats.get(p.key) ?? { live: 0, hits: 0 };
      e.live += p.live;
      if (p.w === thrown) e.hits++;
      stats.set(p.key, e);
    }
  }
}
console.log(`tenpai seats' waits, one strong ${JSON.stringify(opts)} against three strong-v1, ${games} hanchan from seed ${seed}`);
console.log('state   wait                              live copies × discards   thrown   per 1,000');
for (const [k, e] of [...stats].sort()) console.log(`${k.padEnd(42)} ${String(e.live).padStart(12)} ${String(e.hits).padStart(12)} ${((1000 * e.hits) / e.live).toFixed(2).padStart(10)}`);
