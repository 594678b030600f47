/**
 * Tenpai and waits of a 3n+1 hand straight from the rules engine's per-group distance tables
 * (src/engine/shanten/group-table.ts), for the expected-score model (hand-ev.ts), which meets
 * hundreds of new hands per hanchan: no (min,+) product at all.
 *
 * In the regular form a complete hand uses every tile, so each group of n tiles is used whole:
 * ⌊n/3⌋ sets and a pair when n ≡ 2 (mod 3) (n ≡ 1 cannot be). A 3n+1 hand is one tile from
 * complete exactly when its groups' sizes are 1, 0, 0, 0 (mod 3), the 1 one tile short of sets and
 * a pair, the others complete; or 2, 2, 0, 0, one 2 complete (sets and the pair) and the other one
 * tile short of sets only, the 0s complete. "One tile short" is the group's distance 1 at that entry
 * (the tables never count a 5th copy), and its waits are the kinds whose added copy makes the
 * group's distance 0 there: per group shape, a mask cached for good (a few thousand shapes). Seven
 * pairs and kokushi (closed hands) as the engine counts them. The results are those of the engine's
 * shanten (test/engine/ai/strong-hand-ev.test.ts checks them on every hand the model meets in
 * self-play, and on random hands).
 */
import { distancePool, HONOR_WEIGHT, honorKey, honorOffsetOfKey, SUIT_WEIGHT, suitKey, suitOffsetOfKey } from '../../shanten/group-table';

/** Entry of a group's table for n tiles used whole (⌊n/3⌋ sets, a pair when n ≡ 2); −1 when n ≡ 1. */
const ENTRY = Int8Array.from({ length: 16 }, (_, n) => (n % 3 === 0 ? (n / 3) * 2 : n % 3 === 2 ? ((n - 2) / 3) * 2 + 1 : -1));
const isYaochuu = (k: number) => k >= 27 || k % 9 === 0 || k % 9 === 8;
const YAO = Uint8Array.from({ length: 34 }, (_, k) => (isYaochuu(k) ? 1 : 0));
const GROUP_OF = Int8Array.from({ length: 34 }, (_, k) => (k < 27 ? (k / 9) | 0 : 3));

/** Per suit key: bit i = one more copy of position i completes the group (bit 15: computed). Honours: by the count the kind has. */
let suitDone: Uint16Array | null = null;
const honorDone = new Uint16Array(8 ** 5);

function suitCompleters(key: number, n: number): number {
  suitDone ??= new Uint16Array(5 ** 9);
  const hit = suitDone[key]!;
  if (hit !== 0) return hit & 0x1ff;
  const at = ENTRY[n + 1]!;
  let mask = 0, rest = key;
  for (let i = 8; i >= 0; i--) {
    const digit = rest % 5;
    rest = (rest - digit) / 5;
    if (digit < 4 && distancePool()[suitOffsetOfKey(key + SUIT_WEIGHT[i]!) + at] === 0) mask |= 1 << i;
  }
  suitDone[key] = mask | 0x8000;
  return mask;
}

function honorCompleters(key: number, n: number): number {
  const hit = honorDone[key]!;
  if (hit !== 0) return hit & 0xf;
  const at = ENTRY[n + 1]!;
  // Kinds held b times (b = 0–3), as honorKey counts them.
  const held = [key % 8, Math.floor(key / 4096) % 8, Math.floor(key / 512) % 8, Math.floor(key / 64) % 8];
  let mask = 0;
  for (let b = 0; b < 4; b++) if (held[b]! > 0 && distancePool()[honorOffsetOfKey(key - HONOR_WEIGHT[b]! + HONOR_WEIGHT[b + 1]!) + at] === 0) mask |= 1 << b;
  honorDone[key] = mask | 0x8000;
  return mask;
}

/**
 * Regular-form tenpai of the 3n+1 hand whose groups have n[g] tiles at pool offsets o[g]: the group
 * that takes the winning tile (0–3), 4 when either of two groups of size 2 (mod 3) does (`pick`
 * then says which: bit g), or −1 when not tenpai.
 */
function regular(d: Int8Array, n: Int8Array, o: Int32Array): number {
  let one = -1, twoA = -1, twoB = -1;
  for (let g = 0; g < 4; g++) {
    const r = n[g]! % 3;
    if (r === 1) { if (one >= 0) return -1; one = g; }
    else if (r === 2) { if (twoB >= 0) return -1; if (twoA < 0) twoA = g; else twoB = g; }
    else if (d[o[g]! + ENTRY[n[g]!]!] !== 0) return -1;
  }
  if (one >= 0) return twoA < 0 && d[o[one]! + ENTRY[n[one]! + 1]!] === 1 ? one : -1;
  if (twoB < 0) return -1;
  const a = d[o[twoA]! + ENTRY[n[twoA]!]!] === 0 && d[o[twoB]! + ENTRY[n[twoB]! + 1]!] === 1 ? 1 << twoB : 0;
  const b = d[o[twoB]! + ENTRY[n[twoB]!]!] === 0 && d[o[twoA]! + ENTRY[n[twoA]! + 1]!] === 1 ? 1 << twoA : 0;
  pick = a | b;
  return pick !== 0 ? 4 : -1;
}
let pick = 0;

const N = new Int8Array(4);
const O = new Int32Array(4);
const KEYS = new Float64Array(4);

/**
 * The waits of 3n+1 hand `c` (`meldCount` calls) as a 34-bit mask (kinds 0–16 low, 17–33 · 2^17),
 * every kind whose added copy (a 5th never) completes it; 0 when it is not tenpai.
 */
export function waitMask(c: ArrayLike<number>, meldCount: number): number {
  KEYS[0] = suitKey(c, 0); KEYS[1] = suitKey(c, 1); KEYS[2] = suitKey(c, 2); KEYS[3] = honorKey(c);
  O[0] = suitOffsetOfKey(KEYS[0]!); O[1] = suitOffsetOfKey(KEYS[1]!); O[2] = suitOffsetOfKey(KEYS[2]!); O[3] = honorOffsetOfKey(KEYS[3]!);
  let pairs = 0, kinds = 0, yaoKinds = 0, yaoPair = 0;
  N.fill(0);
  for (let k = 0; k < 34; k++) {
    const m = c[k]!;
    if (m === 0) continue;
    N[GROUP_OF[k]!]! += m;
    kinds++;
    if (m >= 2) pairs++;
    if (YAO[k]) { yaoKinds++; if (m >= 2) yaoPair = 1; }
  }
  let lo = 0, hi = 0;
  const add = (w: number) => { if (w < 17) lo |= 1 << w; else hi |= 1 << (w - 17); };
  const d = distancePool();
  const g = regular(d, N, O);
  if (g >= 0) {
    const groups = g === 4 ? pick : 1 << g;
    for (let h = 0; h < 4; h++) {
      if (!(groups & (1 << h))) continue;
      if (h < 3) {
        const mask = suitCompleters(KEYS[h]!, N[h]!);
        for (let i = 0; i < 9; i++) if (mask & (1 << i)) add(h * 9 + i);
      } else {
        const mask = honorCompleters(KEYS[3]!, N[3]!);
        for (let k = 27; k < 34; k++) if (c[k]! < 4 && mask & (1 << c[k]!)) add(k);
      }
    }
  }
  if (meldCount === 0) {
    // Seven pairs: six kinds held twice or more and a seventh once (the engine's count).
    if (pairs === 6 && kinds >= 7) for (let k = 0; k < 34; k++) if (c[k] === 1) add(k);
    // Kokushi: 13 − kinds − pair = 0.
    if (yaoKinds + yaoPair === 13) for (let k = 0; k < 34; k++) if (YAO[k] && c[k]! < 4 && (yaoPair === 0 ? c[k] === 1 : c[k] === 0)) add(k);
  }
  return hi * 131072 + lo;
}

// The hand of the last movesFrom call, for tenpaiAfter.
const BK = new Float64Array(4);
const BN = new Int8Array(4);
const BO = new Int32Array(4);
let bPairs = 0, bKinds = 0, bYaoKinds = 0, bYaoPairs = 0, bClosed = true;
const SUIT_POS = Int8Array.from({ length: 34 }, (_, k) => (k < 27 ? k % 9 : 0));

/** Reads 3n+1 hand `c` for tenpaiAfter (valid until the next call; `c` not to be changed meanwhile). */
export function movesFrom(c: ArrayLike<number>, meldCount: number): void {
  BK[0] = suitKey(c, 0); BK[1] = suitKey(c, 1); BK[2] = suitKey(c, 2); BK[3] = honorKey(c);
  BO[0] = suitOffsetOfKey(BK[0]!); BO[1] = suitOffsetOfKey(BK[1]!); BO[2] = suitOffsetOfKey(BK[2]!); BO[3] = honorOffsetOfKey(BK[3]!);
  BN.fill(0);
  bPairs = bKinds = bYaoKinds = bYaoPairs = 0;
  bClosed = meldCount === 0;
  for (let k = 0; k < 34; k++) {
    const m = c[k]!;
    if (m === 0) continue;
    BN[GROUP_OF[k]!]! += m;
    bKinds++;
    if (m >= 2) bPairs++;
    if (YAO[k]) { bYaoKinds++; if (m >= 2) bYaoPairs++; }
  }
}

/** Whether the hand given to movesFrom, `c`, with one copy of k added and one of e taken out (k ≠ e, c[k] < 4, c[e] > 0) is tenpai. */
export function tenpaiAfter(c: ArrayLike<number>, k: number, e: number): boolean {
  const gk = GROUP_OF[k]!, ge = GROUP_OF[e]!;
  for (let g = 0; g < 4; g++) { N[g] = BN[g]!; O[g] = BO[g]!; }
  const ck = c[k]!, ce = c[e]!;
  if (gk === ge) {
    O[gk] = gk < 3 ? suitOffsetOfKey(BK[gk]! + SUIT_WEIGHT[SUIT_POS[k]!]! - SUIT_WEIGHT[SUIT_POS[e]!]!)
      : honorOffsetOfKey(BK[3]! - HONOR_WEIGHT[ck]! + HONOR_WEIGHT[ck + 1]! - HONOR_WEIGHT[ce]! + HONOR_WEIGHT[ce - 1]!);
  } else {
    O[gk] = gk < 3 ? suitOffsetOfKey(BK[gk]! + SUIT_WEIGHT[SUIT_POS[k]!]!) : honorOffsetOfKey(BK[3]! - HONOR_WEIGHT[ck]! + HONOR_WEIGHT[ck + 1]!);
    O[ge] = ge < 3 ? suitOffsetOfKey(BK[ge]! - SUIT_WEIGHT[SUIT_POS[e]!]!) : honorOffsetOfKey(BK[3]! - HONOR_WEIGHT[ce]! + HONOR_WEIGHT[ce - 1]!);
    N[gk]!++;
    N[ge]!--;
  }
  if (regular(distancePool(), N, O) >= 0) return true;
  if (!bClosed) return false;
  const pairs = bPairs + (ck === 1 ? 1 : 0) - (ce === 2 ? 1 : 0), kinds = bKinds + (ck === 0 ? 1 : 0) - (ce === 1 ? 1 : 0);
  if (6 - pairs + (kinds < 7 ? 7 - kinds : 0) === 0) return true;
  const yk = bYaoKinds + (YAO[k] && ck === 0 ? 1 : 0) - (YAO[e] && ce === 1 ? 1 : 0);
  const yp = bYaoPairs + (YAO[k] && ck === 1 ? 1 : 0) - (YAO[e] && ce === 2 ? 1 : 0);
  return 13 - yk - (yp > 0 ? 1 : 0) === 0;
}
