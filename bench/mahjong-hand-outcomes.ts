/**
 * How hands end for one `strong` (options as JSON) against three frozen `strong-v1`, on the
 * arena's duplicate schedule: each hand of each seat filed by how it ended for that seat (won,
 * dealt in, another seat won, draw), the seat's state at its last own turn (riichi, open, closed)
 * and, for a deal-in, that turn's shanten and whether a riichi was out; printed as the share of
 * hands, the mean points and the points per hand, `strong` beside the `strong-v1` seats. It shows
 * where the place is won or lost before a weight is changed (mahjong/README.md, strength).
 *
 * Run: bun bench/mahjong-hand-outcomes.ts [--walls 250] [--seed 41001] [--opts '{"caution":1.2}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { shanten } from '../mahjong/src/engine/shanten';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';
import { onOwnTurns } from './own-turns';

const walls = Number(arg('walls', '250'));
const seed = Number(arg('seed', '41001'));
const opts = JSON.parse(arg('opts', '{}'));

interface Turn { riichi: boolean; open: boolean; sh: number; riichiOut: boolean }
const sums = { strong: new Map<string, { n: number; pts: number }>(), v1: new Map<string, { n: number; pts: number }>() };
const hands = { strong: 0, v1: 0 };

/** Wraps a seat's agent: keeps its state at each own turn, by hand index. */
function watched(ai: Agent, seat: number, turns: Turn[]): Agent {
  return onOwnTurns(ai, seat, (view, me, t) => {
    turns[view.game.hand_index] = { riichi: me.riichi, open: me.melds.some((m) => m.type !== 'ankan'), sh: shanten(t.counts, t.meldCount), riichiOut: t.threats.some((x) => x.riichi) };
  });
}

for (let w = 0; w < walls; w++) for (let r = 0; r < 4; r++) {
  const turns: Turn[][] = [[], [], [], []];
  const agents = [0, 1, 2, 3].map((s) => watched(s === r ? new StrongAgent('strong', opts) : new StrongV1Agent(), s, turns[s]!));
  const game = playGame(agents, { seed: seed + w, maxRound: 1 });
  for (const e of game.log) for (let s = 0; s < 4; s++) {
    const who = s === r ? 'strong' : 'v1';
    hands[who]++;
    const turn = turns[s]![e.index];
    const state = !turn ? 'no turn' : turn.riichi ? 'riichi' : turn.open ? 'open' : 'closed';
    const key = e.result_type !== 'agari' ? `draw, ${state}`
      : e.winners.includes(s) ? `won, ${state}`
      : e.losers.includes(s) ? `dealt in, ${state}, ${turn ? `${Math.min(3, turn.sh)} shanten` : '-'}${turn?.riichiOut ? ', riichi out' : ''}`
      : 'another seat won';
    const a = sums[who].get(key) ?? { n: 0, pts: 0 };
    a.n++;
    a.pts += e.score_delta[s]!;
    sums[who].set(key, a);
  }
}

console.log(`one strong ${JSON.stringify(opts)} against three strong-v1, ${walls} walls × 4 seats from seed ${seed}`);
const keys = [...new Set([...sums.strong.keys(), ...sums.v1.keys()])].sort();
const cell = (who: 'strong' | 'v1', key: string) => {
  const a = sums[who].get(key) ?? { n: 0, pts: 0 };
  return `${(100 * a.n / hands[who]).toFixed(2).padStart(6)} % ${(a.n ? a.pts / a.n : 0).toFixed(0).padStart(6)} ${(a.pts / hands[who]).toFixed(1).padStart(7)}`;
};
console.log(`${'how the hand ended'.padEnd(44)} ${'strong: share, mean, per hand'.padEnd(30)} strong-v1`);
for (const key of keys) console.log(`${key.padEnd(44)} ${cell('strong', key).padEnd(30)} ${cell('v1', key)}`);
