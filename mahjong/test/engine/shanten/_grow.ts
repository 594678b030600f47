/**
 * Run by neighbours.test.ts in a process of its own (fresh, small tables): shapes never seen are
 * reached through downOffset first until the tables have doubled three times, then every list is
 * compared with direct lookups. Prints {doublings, wrong}.
 */
import { distancePool, downOffset, SUIT_WEIGHT, suitOffsetOfKey } from '../../../src/engine/shanten/group-table';
import { rng } from '../../../src/engine/table/wall';

const r = rng(77);
const shapes: number[] = [];
const capacity = distancePool().length;
let doublings = 0;
for (let tries = 0; tries < 200_000 && doublings < 3; tries++) {
  let key = 0, total = 0;
  for (let i = 0; i < 9; i++) { let v = Math.min(4, Math.floor(r() * 3.4)); if (total + v > 14) v = 0; total += v; key = key * 5 + v; }
  const pos = SUIT_WEIGHT.findIndex((w) => Math.floor(key / w) % 5 > 0);
  if (pos < 0) continue;
  downOffset(0, key, pos);
  shapes.push(key);
  doublings = Math.round(Math.log2(distancePool().length / capacity));
}
const wrong: string[] = [];
for (const key of shapes) {
  for (let pos = 0; pos < 9; pos++) {
    if (Math.floor(key / SUIT_WEIGHT[pos]!) % 5 === 0) continue;
    if (downOffset(0, key, pos) !== suitOffsetOfKey(key - SUIT_WEIGHT[pos]!)) wrong.push(`${key} -${pos}`);
  }
}
process.stdout.write(JSON.stringify({ doublings, wrong: wrong.slice(0, 5) }));
