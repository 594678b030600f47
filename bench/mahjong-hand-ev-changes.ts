/**
 * Where the expected-score model (`handEv`) changes the strong AI's discards, and what it costs
 * there: one `strong` with the options given (`--b`) against three `strong-v1`; at each of its own
 * discards outside riichi the same view is also decided with `--a` (default: the shipped
 * options), and the decision is filed by shanten, threat on the table, open or closed and tiles
 * left: how many, how many the two variants decide differently, and `--b`'s CPU time per decision.
 * The games follow `--b`'s choices (mahjong/README.md, "Fifth strength round").
 *
 * Run: taskset -c 1 bun bench/mahjong-hand-ev-changes.ts [--games 300] [--seed 80000] [--a '{}'] [--b '{"handEv":2,"evMargin":10}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { readTable } from '../mahjong/src/engine/ai/strong/table';
import type { StateView } from '../mahjong/src/engine/game';
import { shanten } from '../mahjong/src/engine/shanten';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';

const games = Number(arg('games', '300'));
const seed = Number(arg('seed', '80000'));
const a = JSON.parse(arg('a', '{}'));
const b = JSON.parse(arg('b', '{"handEv":2,"evMargin":10}'));

const cells = new Map<string, { n: number; changed: number; us: number }>();
for (let g = 0; g < games; g++) {
  const seat = g % 4;
  const shadow = new StrongAgent('a', a);
  const played = new StrongAgent('b', b);
  const watched: Agent = {
    name: 'strong',
    decide(view: StateView): number {
      const me = view.players[seat]!;
      if (!Array.isArray(me.hand) || me.hand.length % 3 !== 2 || me.riichi || view.riichi_stage2 || view.valid_actions.length === 1) return played.decide(view);
      const t = readTable(view);
      const sh = Math.min(3, shanten(t.counts, t.meldCount));
      const x = shadow.decide(view);
      const t0 = process.cpuUsage();
      const y = played.decide(view);
      const u = process.cpuUsage(t0);
      const key = `${sh < 0 ? 'complete' : `${sh} shanten`}, ${t.threats.length > 0 ? 'threat' : 'no threat'}, ${t.meldCount > 0 ? 'open' : 'closed'}, ${t.tilesLeft >= 50 ? '50+' : t.tilesLeft >= 30 ? '30–49' : '< 30'} left`;
      const c = cells.get(key) ?? { n: 0, changed: 0, us: 0 };
      c.n++;
      if (x !== y) c.changed++;
      c.us += u.user + u.system;
      cells.set(key, c);
      return y;
    },
  };
  playGame([0, 1, 2, 3].map((s) => (s === seat ? watched : new StrongV1Agent())), { seed: seed + g });
}
console.log(`a ${JSON.stringify(a)} / b ${JSON.stringify(b)}, one strong against three strong-v1, ${games} hanchan from seed ${seed}`);
console.log('decision                                        own discards   b ≠ a        b µs CPU per decision');
for (const [k, c] of [...cells].sort()) console.log(`${k.padEnd(46)} ${String(c.n).padStart(8)} ${String(c.changed).padStart(8)} ${((100 * c.changed) / c.n).toFixed(1).padStart(6)} % ${(c.us / c.n).toFixed(1).padStart(10)}`);
