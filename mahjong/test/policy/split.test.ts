import { describe, expect, it } from 'bun:test';
import { splitGames } from '../../src/policy/split';

const games = Array.from({ length: 50 }, (_, i) => `game-${i}`);
const id = (g: string) => g;

describe('held-out games (splitGames)', () => {
  it('holds out the share of the games asked for, disjoint from the training games and together all of them', () => {
    const { train, heldOut } = splitGames(games, id, 0.2, 1);
    expect(heldOut.length).toBe(10);
    expect(train.filter((g) => heldOut.includes(g))).toEqual([]);
    expect([...train, ...heldOut].sort()).toEqual([...games].sort());
  });

  it('is decided by the seed and the games, not by their order', () => {
    const a = splitGames(games, id, 0.2, 1).heldOut.sort();
    expect(splitGames([...games].reverse(), id, 0.2, 1).heldOut.sort()).toEqual(a);
    expect(splitGames(games, id, 0.2, 2).heldOut.sort()).not.toEqual(a);
  });

  it('holds out nothing at share 0 or with one game, at least one otherwise, and never every game', () => {
    expect(splitGames(games, id, 0, 1).heldOut).toEqual([]);
    expect(splitGames(['only'], id, 0.5, 1)).toEqual({ train: ['only'], heldOut: [] });
    expect(splitGames(['a', 'b', 'c'], id, 0.01, 1).heldOut.length).toBe(1);
    expect(splitGames(['a', 'b'], id, 0.99, 1).train.length).toBe(1);
    expect(() => splitGames(games, id, 1, 1)).toThrow(RangeError);
  });
});
