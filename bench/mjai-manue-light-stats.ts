/**
 * gimite/mjai-manue reads `share/light_game_stats.json` (placement odds by score gap), a large file
 * the public snapshot may not carry. This counts what its `dump_light_game_stats` counts — for each
 * hand of each finished hanchan, the seat's final score minus its score when the hand began, keyed
 * by hand and seat — from mjai logs; Manue's own `postprocess_light_game_stats.coffee` then turns
 * the counts into its file.
 *
 * Run: for f in mahjong/test/fixtures/data/mjlog/*.mjlog; do bun run mahjong convert "$f" --to mjai > logs/$(basename "$f").mjson; done
 *      bun bench/mjai-manue-light-stats.ts logs > raw_light.json
 *      (in mjai-manue/coffee) coffee postprocess_light_game_stats.coffee raw_light.json > ../share/light_game_stats.json
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: bun bench/mjai-manue-light-stats.ts <folder of mjai logs>');
  process.exit(2);
}
const stats: Record<string, Record<string, number>> = {};
let games = 0;
for (const file of readdirSync(dir)) {
  let scores = [25000, 25000, 25000, 25000];
  let hands: Array<{ name: string; scores: number[] }> = [];
  for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
    if (!line) continue;
    const event = JSON.parse(line) as { type: string; scores?: number[]; bakaze?: string; kyoku?: number };
    if (event.scores) scores = event.scores;
    if (event.type === 'start_game') { scores = [25000, 25000, 25000, 25000]; hands = []; }
    else if (event.type === 'start_kyoku') hands.push({ name: `${event.bakaze}${event.kyoku}`, scores });
    else if (event.type === 'end_game') {
      games++;
      for (let seat = 0; seat < 4; seat++) for (const hand of hands) {
        const counts = (stats[`${hand.name},${seat}`] ??= {});
        const gain = scores[seat]! - hand.scores[seat]!;
        counts[gain] = (counts[gain] ?? 0) + 1;
      }
    }
  }
}
console.error(`${games} finished games`);
console.log(JSON.stringify({ scoreStats: stats }));
