/**
 * The regular form's tenpai as an algebra of four group states (group-states.ts groupState: a
 * group's size mod 3, +4 complete used whole, +8 one tile short of that): which combinations are
 * tenpai, which groups then take the winning tile, and for each combination the states one group
 * may take, the other three as they are, for a tenpai hand. The cases are those of
 * tenpai-groups.ts's file comment; its tests check the results against the engine's shanten.
 */
/** Regular-form tenpai of four group states (groupState), indexed s0 | s1 << 4 | s2 << 8 | s3 << 12 (the cases above). */
export const TENPAI = new Uint8Array(1 << 16);
/** For a tenpai index: the groups (bit per group) that can take the winning tile. */
export const WAIT_GROUPS = new Uint8Array(1 << 16);
for (let i = 0; i < 1 << 16; i++) {
  const s = [i & 15, (i >> 4) & 15, (i >> 8) & 15, (i >> 12) & 15];
  const one = s.filter((x) => (x & 3) === 1), two = s.filter((x) => (x & 3) === 2), zero = s.filter((x) => (x & 3) === 0);
  if (s.some((x) => (x & 3) === 3) || !zero.every((x) => x & 4)) continue;
  const at = (size: number) => s.findIndex((x) => (x & 3) === size);
  const last = (size: number) => s.findLastIndex((x) => (x & 3) === size);
  if (one.length === 1 && two.length === 0) { if (one[0]! & 8) { TENPAI[i] = 1; WAIT_GROUPS[i] = 1 << at(1); } }
  else if (one.length === 0 && two.length === 2) {
    const a = at(2), b = last(2);
    // The group one tile short of sets takes the winning tile; the other keeps the pair.
    const groups = (s[a]! & 4 && s[b]! & 8 ? 1 << b : 0) | (s[b]! & 4 && s[a]! & 8 ? 1 << a : 0);
    if (groups !== 0) { TENPAI[i] = 1; WAIT_GROUPS[i] = groups; }
  }
}

/**
 * For four group states (indexed as TENPAI), per group g: the states (bit per state) g may take,
 * the other three as they are, for a tenpai hand; kept for good (bit 16: filled). A group takes 8
 * of the 16 states (groupState: 0 or 4 at size 0 mod 3, 1 or 9 at 1, 2 + 4/8 at 2), so the table
 * is indexed by those (3 bits a group): 64 KB read at random instead of 1 MB. Returns the index of
 * g = 0's entry (g's at + g).
 */
const CODE = Int8Array.from({ length: 16 }, (_, st) => ((st & 3) === 0 ? st >> 2 : (st & 3) === 1 ? 2 + (st >> 3) : 4 + (st >> 2)));
/** Two groups' states (8 bits) → their codes (6 bits). */
const PAIR_CODE = Int32Array.from({ length: 256 }, (_, b) => CODE[b & 15]! | (CODE[b >> 4]! << 3));
export const ACCEPT = new Int32Array(4 << 12);
export function accepting(i: number): number {
  const at = (PAIR_CODE[i & 255]! | (PAIR_CODE[i >> 8]! << 6)) * 4;
  if (ACCEPT[at]! & 0x10000) return at;
  for (let g = 0; g < 4; g++) {
    let acc = 0;
    const rest = i & ~(15 << (g * 4));
    for (let st = 0; st < 16; st++) if (TENPAI[rest | (st << (g * 4))] === 1) acc |= 1 << st;
    ACCEPT[at + g] = acc;
  }
  ACCEPT[at] = ACCEPT[at]! | 0x10000;
  return at;
}
/** The states of a group whose size is r (mod 3). */
export const BY_SIZE = Int32Array.from([0, 1, 2], (r) => { let m = 0; for (let st = 0; st < 16; st++) if ((st & 3) === r) m |= 1 << st; return m; });
