/**
 * The discard table's (discard-table.ts) fixed parts: where each kind sits in its group, which
 * groups pair up, and the two reads of a pair of group tables it makes per discard (the merged
 * shanten and the entries in a cheapest split).
 */
import { HONOR_WEIGHT } from '../../shanten/group-table';
import { isYaochuu } from '../../tiles';

/** Group (0 man, 1 pin, 2 sou, 3 honours) and position within its suit of each kind: read per draw, no division. */
const GROUP_OF = Int8Array.from({ length: 34 }, (_, k) => (k < 27 ? (k / 9) | 0 : 3));
const SUIT_POS = Int8Array.from({ length: 34 }, (_, k) => (k < 27 ? k % 9 : -1));
export const groupOf = (k: number) => GROUP_OF[k]!;
/** Position of kind k held n times in its group's neighbour lists (group-table.ts upLowers/downOffset). */
export const posOf = (k: number, n: number) => (k < 27 ? SUIT_POS[k]! : n);

/** Regular-form shanten of the hand whose tables x and y together cover all four groups. */
export function merge(x: Int8Array, xa: number, y: Int8Array, ya: number, need: number): number {
  let best = 99;
  for (let m = 0; m <= need; m++) {
    const j = ya + (need - m) * 2;
    best = Math.min(best, x[xa + m * 2 + 1]! + y[j]!, x[xa + m * 2]! + y[j + 1]!);
  }
  return best - 1;
}

/** Index 0–5 of the unordered pair of groups {a, b} (0–2: man with pin, sou, honours; 3–5: the rest). */
const PAIR = [[-1, 0, 1, 2], [0, -1, 3, 4], [1, 3, -1, 5], [2, 4, 5, -1]];
/** At a·4 + b (a ≠ b): the PAIR index of the two groups other than a and b (flat: read per discard). */
export const REST_PAIR = new Int8Array(16);
for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) {
  if (a === b) continue;
  const rest = [0, 1, 2, 3].filter((g) => g !== a && g !== b);
  REST_PAIR[a * 4 + b] = PAIR[rest[0]!]![rest[1]!]!;
}

/** The two groups of each PAIR index. */
export const PAIR_A = Int8Array.from([0, 0, 0, 1, 1, 2]);
export const PAIR_B = Int8Array.from([1, 2, 3, 2, 3, 3]);
/** The key of an empty group (suits: all counts 0; honours: seven kinds held 0 times). */
export const EMPTY_KEY = [0, 0, 0, 7 * HONOR_WEIGHT[0]!];

/** Bits e of group table x (pool offset) whose cheapest completion with table y costs exactly `cost`. */
export function bestBits(p: Int8Array, x: number, y: Int8Array, ya: number, need: number, cost: number): number {
  let bits = 0;
  for (let m = 0; m <= need; m++) {
    const j = ya + (need - m) * 2;
    bits |= (+(p[x + m * 2]! + y[j + 1]! === cost) << (m * 2)) | (+(p[x + m * 2 + 1]! + y[j]! === cost) << (m * 2 + 1));
  }
  return bits;
}

/**
 * Kokushi shanten of hand `c` with one copy of `removed` taken out and one of `added` put in (−1:
 * none), from its counts of terminal/honour kinds held and held twice or more: no walk over the
 * thirteen kinds per discard and draw.
 */
export function kokushiAfter(c: number[], removed: number, added: number, yaoKinds: number, yaoPairs: number): number {
  let kinds = yaoKinds, pairs = yaoPairs;
  if (removed >= 0 && isYaochuu(removed)) {
    const n = c[removed]!;
    if (n === 1) kinds--;
    else if (n === 2) pairs--;
  }
  if (added >= 0 && isYaochuu(added)) {
    const n = c[added]! - (added === removed ? 1 : 0);
    if (n === 0) kinds++;
    else if (n === 1) pairs++;
  }
  return 13 - kinds - (pairs > 0 ? 1 : 0);
}

/** Set bits of a 9-bit mask. */
const POPCOUNT9 = Uint8Array.from({ length: 512 }, (_, m) => { let n = 0; for (let b = m; b; b &= b - 1) n++; return n; });
export const popcount9 = (m: number) => POPCOUNT9[m]!;

/**
 * Draws worth trying for any discard of hand `c` (`held`: its held kinds per group, bit per
 * position), into `draws` by kind, group g's at `from[g]` to `from[g + 1]`; returns their count.
 * Held kinds, their suit neighbours within two, and (`every`: a closed hand of seven kinds or
 * fewer) any kind for seven pairs, (`kokushi`) terminals and honours: a superset of the draws that
 * lower a whole hand's shanten after any discard. Never a `dead` kind or one held four times.
 */
export function listDraws(c: number[], dead: Uint8Array, held: Int32Array, every: boolean, kokushi: boolean, draws: Int32Array, from: Int32Array): number {
  let n = 0;
  for (let g = 0; g < 3; g++) {
    const h = held[g]!;
    let want = every ? 0x1ff : (h | (h << 1) | (h << 2) | (h >> 1) | (h >> 2)) & 0x1ff;
    if (kokushi) want |= 0x101;
    from[g] = n;
    if (want === 0) continue;
    // Branch-free: the slot is written always and kept when the kind is a draw.
    for (let i = 0, k = g * 9; i < 9; i++, k++) { draws[n] = k; n += (want >> i) & 1 & +(dead[k] === 0) & +(c[k]! < 4); }
  }
  from[3] = n;
  const anyHonour = +(every || kokushi);
  for (let k = 27; k < 34; k++) { const x = c[k]!; draws[n] = k; n += +(dead[k] === 0) & +(x < 4) & (+(x > 0) | anyHonour); }
  from[4] = n;
  return n;
}
