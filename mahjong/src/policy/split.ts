/**
 * Held-out games for `mahjong train`: a share of the games (never of their discards, which are
 * not independent within a game) is kept out of training, to measure agreement on games the
 * model has not seen. Which games are held out depends only on the seed and each game's key
 * (its text's hash), not on the order or the folder the files were found in.
 */

export interface Split<T> {
  train: T[];
  heldOut: T[];
}

/**
 * Holds out `round(share × n)` of `n` games (at least one when `share` > 0 and there are two or
 * more; never all of them): those whose `hash(seed, key)` is lowest.
 */
export function splitGames<T>(games: readonly T[], key: (game: T) => string, share: number, seed: number): Split<T> {
  if (!(share >= 0 && share < 1)) throw new RangeError(`held-out share must be in [0, 1), got ${share}`);
  const n = games.length;
  const count = share === 0 || n < 2 ? 0 : Math.min(n - 1, Math.max(1, Math.round(share * n)));
  const rank = games.map((g, i) => ({ i, h: Bun.hash(`${seed}:${key(g)}`) }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : a.i - b.i));
  const held = new Set(rank.slice(0, count).map((r) => r.i));
  return { train: games.filter((_, i) => !held.has(i)), heldOut: games.filter((_, i) => held.has(i)) };
}
