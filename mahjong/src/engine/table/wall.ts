/**
 * The wall of one hand. `live` is in draw order: the first 52 tiles are the deal (13 to each
 * seat, dealer first), then the normal draws. Rinshan draws, dora and ura indicators come from
 * the dead wall. Each kan moves the haitei one tile earlier (the dead wall stays at 14).
 */
export interface Wall {
  live: number[];
  rinshan: number[];
  dora: number[];
  ura: number[];
}

export const DEAL_TILES = 52;
export const LIVE_TILES = 122;

/** splitmix32: small, fast and good enough for shuffling; a seed gives the same stream anywhere. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** Seed of hand number `index` of a game seeded `seed` (so hands are independent of play). */
export const handSeed = (seed: number, index: number): number => (Math.imul(seed >>> 0, 0x2545f491) ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;

export function shuffledWall(seed: number): Wall {
  // rng(seed) written out in the loop (the same stream): one closure call per tile was half the shuffle.
  let s = seed >>> 0;
  const tiles = new Array<number>(136);
  for (let i = 0; i < 136; i++) tiles[i] = i;
  for (let i = 135; i > 0; i--) {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    const j = Math.floor((((z ^ (z >>> 16)) >>> 0) / 4294967296) * (i + 1));
    const x = tiles[i]!;
    tiles[i] = tiles[j]!;
    tiles[j] = x;
  }
  const wall = { live: tiles, rinshan: tiles.slice(122, 126), dora: tiles.slice(126, 131), ura: tiles.slice(131, 136) };
  tiles.length = LIVE_TILES; // the dead wall copied out: the rest is the live wall (no second copy)
  return wall;
}

/** The 13-tile starting hand of `seat` when `oya` deals. */
export function dealtHand(wall: Wall, oya: number, seat: number): number[] {
  const order = (seat - oya + 4) % 4;
  return wall.live.slice(order * 13, order * 13 + 13);
}
