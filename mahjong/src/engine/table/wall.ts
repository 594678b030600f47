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

/** The shuffle's scratch (one per process: the wall's arrays are made from it). */
const SHUFFLE = new Uint8Array(136);

export function shuffledWall(seed: number): Wall {
  // rng(seed) written out in the loop (the same stream): one closure call per tile was half the
  // shuffle. The state is kept as int32 (`| 0`, the same 32 bits as rng's `>>> 0`): an unsigned
  // value at or above 2^31 is a double to the JIT, and half of them are.
  let s = seed | 0;
  const tiles = SHUFFLE;
  for (let i = 0; i < 136; i++) tiles[i] = i;
  for (let i = 135; i > 0; i--) {
    s = (s + 0x9e3779b9) | 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    // floor(u / 2^32 · n) in 32-bit integer steps (u·n < 2^40 split in 16-bit halves, read from
    // u's bits): the same index as the floating-point form, which is exact here too.
    const u = z ^ (z >>> 16), n = i + 1;
    const j = (Math.imul(u >>> 16, n) + (Math.imul(u & 0xffff, n) >>> 16)) >>> 16;
    const x = tiles[i]!;
    tiles[i] = tiles[j]!;
    tiles[j] = x;
  }
  // Each part made at its size from the scratch: no 136-tile array cut down, no slices.
  const live = new Array<number>(LIVE_TILES);
  for (let i = 0; i < LIVE_TILES; i++) live[i] = tiles[i]!;
  return {
    live,
    rinshan: [tiles[122]!, tiles[123]!, tiles[124]!, tiles[125]!],
    dora: [tiles[126]!, tiles[127]!, tiles[128]!, tiles[129]!, tiles[130]!],
    ura: [tiles[131]!, tiles[132]!, tiles[133]!, tiles[134]!, tiles[135]!],
  };
}

/** The 13-tile starting hand of `seat` when `oya` deals. */
export function dealtHand(wall: Wall, oya: number, seat: number): number[] {
  const order = (seat - oya + 4) % 4;
  return wall.live.slice(order * 13, order * 13 + 13);
}
