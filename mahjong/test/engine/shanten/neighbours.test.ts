/**
 * The group tables' neighbour lists (what the strong AI's discard table reads) agree with looking
 * the neighbouring shapes up directly, for random suit and honour shapes met in random order —
 * thousands of new shapes, so the tables grow while the lists are being filled.
 */
import { describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { distancePool, downOffset, HONOR_WEIGHT, honorOffsetOfKey, SUIT_WEIGHT, suitOffsetOfKey, upLowers } from '../../../src/engine/shanten/group-table';
import { rng } from '../../../src/engine/table/wall';

/** Entries (bit m·2+p) of table a below those of table b. */
function lowerBits(a: number, b: number): number {
  const p = distancePool();
  let bits = 0;
  for (let e = 0; e < 10; e++) if (p[a + e]! < p[b + e]!) bits |= 1 << e;
  return bits;
}

describe('group table neighbours', () => {
  it('match direct lookups of the shapes with one tile more or less, suits read either way and honours by count', () => {
    const r = rng(2024);
    const out = new Int32Array(9);
    let checks = 0;
    const wrong: string[] = [];
    for (let it = 0; it < 40_000; it++) {
      if (r() < 0.7) {
        const d = new Array<number>(9).fill(0);
        let total = 0;
        for (let i = 0; i < 9; i++) { const v = Math.min(4, Math.floor(r() * 3.2)); if (total + v <= 14) { d[i] = v; total += v; } }
        const key = d.reduce((k, v) => k * 5 + v, 0);
        if (r() < 0.5) {
          upLowers(0, key, out, 0);
          for (let pos = 0; pos < 9; pos++) {
            const want = d[pos]! < 4 ? lowerBits(suitOffsetOfKey(key + SUIT_WEIGHT[pos]!), suitOffsetOfKey(key)) : 0;
            checks++;
            if (out[pos] !== want) wrong.push(`suit ${d.join('')} +${pos}`);
          }
        } else {
          for (let pos = 0; pos < 9; pos++) {
            if (d[pos] === 0) continue;
            checks++;
            if (downOffset(0, key, pos) !== suitOffsetOfKey(key - SUIT_WEIGHT[pos]!)) wrong.push(`suit ${d.join('')} -${pos}`);
          }
        }
      } else {
        const c = Array.from({ length: 7 }, () => Math.min(4, Math.floor(r() * 3)));
        const key = c.reduce((k, v) => k + HONOR_WEIGHT[v]!, 0);
        const held = (n: number) => c.some((v) => v === n);
        if (r() < 0.5) {
          upLowers(3, key, out, 0);
          for (let n = 0; n < 5; n++) {
            const want = n < 4 && held(n) ? lowerBits(honorOffsetOfKey(key + HONOR_WEIGHT[n + 1]! - HONOR_WEIGHT[n]!), honorOffsetOfKey(key)) : 0;
            checks++;
            if (out[n] !== want) wrong.push(`honours ${c.join('')} +${n}`);
          }
        } else {
          for (let n = 1; n < 5; n++) {
            if (!held(n)) continue;
            checks++;
            if (downOffset(3, key, n) !== honorOffsetOfKey(key + HONOR_WEIGHT[n - 1]! - HONOR_WEIGHT[n]!)) wrong.push(`honours ${c.join('')} -${n}`);
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checks).toBeGreaterThan(100_000);
  });

  it('keep every neighbour found while the tables grow (a lookup inside a fill may move the lists)', async () => {
    // A fresh process, whose tables start small: new shapes reached through downOffset first, so
    // the tables double while lists are being filled; then every list is checked.
    await using proc = Bun.spawn(['bun', join(import.meta.dir, '_grow.ts')], { stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ doublings: 3, wrong: [] });
  }, 30_000);
});
