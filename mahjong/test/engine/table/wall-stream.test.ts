/**
 * The wall shuffle and the random agent draw their numbers with the splitmix32 step written out
 * (no closure call per tile or decision), the shuffle in a shared scratch with integer index
 * arithmetic: both must give exactly what the plain `rng(seed)` stream gives, or every seeded
 * game would change.
 */
import { describe, expect, it } from 'bun:test';
import { RandomAgent } from '../../../src/engine/ai';
import { LIVE_TILES, rng, shuffledWall } from '../../../src/engine/table/wall';

/** The shuffle as first written: Fisher–Yates over 0..135 with `rng(seed)`'s floats. */
function referenceWall(seed: number) {
  const next = rng(seed);
  const tiles = Array.from({ length: 136 }, (_, i) => i);
  for (let i = 135; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return { live: tiles.slice(0, LIVE_TILES), rinshan: tiles.slice(122, 126), dora: tiles.slice(126, 131), ura: tiles.slice(131, 136) };
}

describe('seeded streams', () => {
  it('shuffledWall equals Fisher–Yates over rng(seed), for small, large and negative seeds', () => {
    const seeds = [0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, -1, -123456789];
    for (let i = 0; i < 3000; i++) seeds.push((Math.imul(i, 0x9e3779b1) ^ (i << 7)) >>> 0);
    for (const seed of seeds) expect(shuffledWall(seed)).toEqual(referenceWall(seed));
  });

  it('each wall owns its arrays: the shared scratch never leaks into a wall made before', () => {
    const a = shuffledWall(11);
    const copy = JSON.parse(JSON.stringify(a));
    const b = shuffledWall(12);
    expect(a).toEqual(copy);
    expect(b.live).not.toBe(a.live);
    b.live[0] = -1;
    b.dora[0] = -1;
    expect(shuffledWall(11)).toEqual(copy);
    expect(a.live.length).toBe(LIVE_TILES);
  });

  it('RandomAgent.pickIndex draws floor(rng(seed)() · count), decision after decision', () => {
    for (const seed of [1, 2, 7, 4242, 0xffffffff, -3]) {
      const agent = new RandomAgent(seed), next = rng(seed);
      for (let i = 0; i < 20000; i++) {
        const count = 1 + ((i * 7) % 54);
        expect(agent.pickIndex(count)).toBe(Math.floor(next() * count));
      }
    }
    expect(() => new RandomAgent(1).pickIndex(0)).toThrow('invariant');
  });
});
