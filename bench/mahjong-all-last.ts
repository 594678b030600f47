/**
 * How the last hand turns places: one `strong` (options as JSON) against three `strong-v1` on the
 * arena's duplicate schedule, each seat's place at its first decision of the game's last hand
 * (South 4, or later when the game goes on) against its final place, `strong` beside the
 * `strong-v1` seats. A seat that converts its standing worse in the last hand would show a higher
 * final place from the same place before (mahjong/README.md, "Fifth strength round").
 *
 * Run: taskset -c 1 bun bench/mahjong-all-last.ts [--walls 1000] [--seed 83000] [--opts '{}']
 */
import { StrongAgent, StrongV1Agent } from '../mahjong/src/engine/ai';
import type { Agent } from '../mahjong/src/engine/ai/types';
import { readTable } from '../mahjong/src/engine/ai/strong/table';
import type { StateView } from '../mahjong/src/engine/game';
import { playGame } from '../mahjong/src/engine/sim/play';
import { arg } from './cli-args';

const walls = Number(arg('walls', '1000'));
const seed = Number(arg('seed', '83000'));
const opts = JSON.parse(arg('opts', '{}'));

// [who][place before the last hand, 0 = the game ended before it][final place]
const table = { strong: [0, 1, 2, 3, 4].map(() => [0, 0, 0, 0, 0]), v1: [0, 1, 2, 3, 4].map(() => [0, 0, 0, 0, 0]) };
for (let w = 0; w < walls; w++) {
  for (let rotation = 0; rotation < 4; rotation++) {
    const before = [0, 0, 0, 0];
    const agents: Agent[] = [0, 1, 2, 3].map((s) => {
      const ai: Agent = s === rotation ? new StrongAgent('strong', opts) : new StrongV1Agent();
      return { name: ai.name, decide(view: StateView): number { if (before[s] === 0) { const t = readTable(view); if (t.allLast) before[s] = t.place; } return ai.decide(view); } };
    });
    const game = playGame(agents, { seed: seed + w });
    const scores = game.stateView(null).players.map((p) => p.score);
    for (let s = 0; s < 4; s++) {
      // Ties go to the seat nearer the starting dealer, as at the end of a game.
      const place = 1 + scores.filter((x, j) => x > scores[s]! || (x === scores[s] && j < s)).length;
      table[s === rotation ? 'strong' : 'v1'][before[s]!]![place]! += 1;
    }
  }
}
console.log(`one strong ${JSON.stringify(opts)} against three strong-v1, ${walls} walls × 4 seats from seed ${seed}`);
for (const who of ['strong', 'v1'] as const) {
  console.log(who === 'strong' ? 'strong' : 'strong-v1 seats');
  for (let b = 0; b <= 4; b++) {
    const row = table[who][b]!;
    const n = row.reduce((a, x) => a + x, 0);
    if (n === 0) continue;
    const mean = row.reduce((a, x, j) => a + x * j, 0) / n;
    const sd = Math.sqrt(row.reduce((a, x, j) => a + x * (j - mean) ** 2, 0) / n);
    console.log(`  ${b === 0 ? 'game over before the last hand' : `place ${b} before the last hand`}: ${n} games, final place ${mean.toFixed(3)} ± ${(1.96 * sd / Math.sqrt(n)).toFixed(3)}, 1st/2nd/3rd/4th ${row.slice(1).map((x) => `${((100 * x) / n).toFixed(1)} %`).join(' / ')}`);
  }
}
