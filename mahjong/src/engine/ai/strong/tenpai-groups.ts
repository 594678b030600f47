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
 * shanten (test/engine/ai/strong-tenpai-groups.test.ts checks them on random hands).
 */
import { distancePool, HONOR_WEIGHT, honorKey, honorOffsetOfKey, suitKey, suitOffsetOfKey } from '../../shanten/group-table';
import { isYaochuu } from '../../tiles';
import { downCompleters, downState, ENTRY, groupState, lateralCompleters, lateralState, suitCompleters, upCompleters, upState, useGroups } from './group-states';
import { mayUse } from './draw-rules';
import { ACCEPT, accepting, BY_SIZE, TENPAI, WAIT_GROUPS } from './tenpai-states';

const YAO = Uint8Array.from({ length: 34 }, (_, k) => (isYaochuu(k) ? 1 : 0));
const GROUP_OF = Int8Array.from({ length: 34 }, (_, k) => (k < 27 ? (k / 9) | 0 : 3));

/** Per honour key: bit b = one more copy of a kind held b times completes the group (bit 15: computed). */
const honorDone = new Uint16Array(8 ** 5);

function honorCompleters(key: number, n: number): number {
  const hit = honorDone[key]!;
  if (hit !== 0) return hit & 0xf;
  const at = ENTRY[n + 1]!;
  // Kinds held b times (b = 0–3), as honorKey counts them.
  const held = [key % 8, Math.floor(key / 4096) % 8, Math.floor(key / 512) % 8, Math.floor(key / 64) % 8];
  let mask = 0;
  for (let b = 0; b < 4; b++) {
    if (held[b] === 0) continue;
    const o = honorOffsetOfKey(key - HONOR_WEIGHT[b]! + HONOR_WEIGHT[b + 1]!);
    if (distancePool()[o + at] === 0) mask |= 1 << b;
  }
  honorDone[key] = mask | 0x8000;
  return mask;
}

const N = new Int8Array(4);
const O = new Int32Array(4);
const KEYS = new Float64Array(4);

/** What a hand holds for seven pairs and kokushi (`readHand`; valid until its next call). */
const HELD_FACTS = { pairs: 0, kinds: 0, yaoKinds: 0, yaoPairs: 0 };

/** Reads hand `c`: its four groups' keys, pool offsets and sizes into the arrays given, and its pairs and kinds. */
function readHand(c: ArrayLike<number>, keys: Float64Array, offsets: Int32Array, sizes: Int8Array): typeof HELD_FACTS {
  keys[0] = suitKey(c, 0); keys[1] = suitKey(c, 1); keys[2] = suitKey(c, 2); keys[3] = honorKey(c);
  offsets[0] = suitOffsetOfKey(keys[0]!); offsets[1] = suitOffsetOfKey(keys[1]!); offsets[2] = suitOffsetOfKey(keys[2]!); offsets[3] = honorOffsetOfKey(keys[3]!);
  sizes.fill(0);
  let pairs = 0, kinds = 0, yaoKinds = 0, yaoPairs = 0;
  for (let k = 0; k < 34; k++) {
    const m = c[k]!;
    if (m === 0) continue;
    sizes[GROUP_OF[k]!]! += m;
    kinds++;
    if (m >= 2) pairs++;
    if (YAO[k]) { yaoKinds++; if (m >= 2) yaoPairs++; }
  }
  const f = HELD_FACTS;
  f.pairs = pairs; f.kinds = kinds; f.yaoKinds = yaoKinds; f.yaoPairs = yaoPairs;
  return f;
}

/** A wait mask's kinds 17–33 are its high part, counted in units of 2^17 (a 34-bit mask is past the 32-bit operators). */
export const MASK_HIGH = 131072;

/**
 * The waits of 3n+1 hand `c` (`meldCount` calls) as a 34-bit mask (kinds 0–16 low, 17–33 · 2^17),
 * every kind whose added copy (a 5th never) completes it; 0 when it is not tenpai.
 */
export function waitMask(c: ArrayLike<number>, meldCount: number): number {
  const { pairs, kinds, yaoKinds } = readHand(c, KEYS, O, N);
  const yaoPair = HELD_FACTS.yaoPairs > 0 ? 1 : 0;
  let lo = 0, hi = 0;
  const add = (w: number) => { if (w < 17) lo |= 1 << w; else hi |= 1 << (w - 17); };
  const d = distancePool();
  const states = groupState(d, O[0]!, N[0]!) | (groupState(d, O[1]!, N[1]!) << 4) | (groupState(d, O[2]!, N[2]!) << 8) | (groupState(d, O[3]!, N[3]!) << 12);
  if (TENPAI[states] === 1) {
    const groups = WAIT_GROUPS[states]!;
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
  return hi * MASK_HIGH + lo;
}

/**
 * The waits of 3n+1 hand `c` in increasing kind order, as the engine's waitingKinds lists them,
 * from waitMask (no (min,+) product, no shanten per kind), into `out`.
 */
export function waitKinds(c: ArrayLike<number>, meldCount: number, out: number[] = []): number[] {
  const mask = waitMask(c, meldCount);
  const hi = Math.floor(mask / MASK_HIGH);
  out.length = 0;
  for (let lo = mask - hi * MASK_HIGH; lo !== 0; lo &= lo - 1) out.push(31 - Math.clz32(lo & -lo));
  for (let h = hi; h !== 0; h &= h - 1) out.push(48 - Math.clz32(h & -h));
  return out;
}


const BK = new Float64Array(4);
const BN = new Int8Array(4);
const BO = new Int32Array(4);
const FROM = new Int32Array(5);
const AFTER_DISCARD = new Int32Array(4);
const SAME_OK = new Int32Array(4);
const HELD = new Int8Array(34);

/**
 * For the move searches of the hand readHand last read into BK/BO/BN (`c`): per group, the states
 * a discard from it may leave (its size less one, mod 3) and those a draw and a discard both in it
 * may leave (its size as it is, the others unchanged), and its held kinds HELD[FROM[g] … FROM[g+1]);
 * returns the hand's four group states.
 */
function prepareMoves(c: ArrayLike<number>): number {
  useGroups(BK, BO, BN);
  const d = distancePool();
  const base = groupState(d, BO[0]!, BN[0]!) | (groupState(d, BO[1]!, BN[1]!) << 4) | (groupState(d, BO[2]!, BN[2]!) << 8) | (groupState(d, BO[3]!, BN[3]!) << 12);
  const same = accepting(base);
  for (let g = 0; g < 4; g++) { AFTER_DISCARD[g] = BY_SIZE[(BN[g]! + 2) % 3]!; SAME_OK[g] = ACCEPT[same + g]! & BY_SIZE[BN[g]! % 3]!; }
  let held = 0;
  for (let g = 0; g < 4; g++) {
    FROM[g] = held;
    for (let k = g * 9; k < (g < 3 ? g * 9 + 9 : 34); k++) if (c[k]! > 0) HELD[held++] = k;
  }
  FROM[4] = held;
  return base;
}

/**
 * The moves of 3n+1 hand `c` to tenpai: every draw k the model tries (fewer than 4 held; held, a
 * suit neighbour within two held, or a new kind seven pairs or kokushi can use: draw-rules.ts mayUse)
 * and discard e (held, e ≠ k) after which the hand is tenpai, as k·64 + e in order of k then e,
 * into out[at …], and the waits of the tenpai hand each reaches (waitMask's) into waits[at …];
 * returns how many (at most 34 · 14). The same moves as the engine's shanten gives (c + k − e at 0).
 */
export function tenpaiMoves(c: ArrayLike<number>, meldCount: number, out: Int16Array, at: number, waits: Float64Array): number {
  const { pairs, kinds, yaoKinds, yaoPairs } = readHand(c, BK, BO, BN);
  const closed = meldCount === 0;
  // Seven pairs and kokushi need every pair of draw and discard tried; else whole groups are skipped.
  const chiitoi = closed && pairs >= 5 && pairs <= 7, kokushi = closed && yaoKinds >= 11;
  // New kinds a draw may bring (draw-rules.ts looseDraws): any (seven pairs, fewer than seven kinds), terminals and honours (kokushi).
  const loose = !closed ? 0 : kinds < 7 ? 2 : yaoKinds >= 10 ? 1 : 0;
  const base = prepareMoves(c);
  let n = at;
  for (let k = 0; k < 34; k++) {
    const ck = c[k]!;
    if (ck >= 4 || !mayUse(c, k, loose)) continue;
    const gk = GROUP_OF[k]!;
    // Seven pairs after k and some discard needs six kinds held twice: with five, k must make the sixth.
    const all = kokushi || (chiitoi && (pairs === 6 || ck === 1));
    // The states each other group may take after the draw for a tenpai hand (its size then fixed).
    const withK = (base & ~(15 << (gk * 4))) | (upState(gk, k, ck) << (gk * 4));
    const row = accepting(withK);
    for (let ge = 0; ge < 4; ge++) {
      // A discard from the draw's group leaves its size, and the other groups, as they were.
      const ok = ge === gk ? SAME_OK[ge]! : ACCEPT[row + ge]! & AFTER_DISCARD[ge]!;
      if (ok === 0 && !all) continue;
      for (let i = FROM[ge]!; i < FROM[ge + 1]!; i++) {
        const e = HELD[i]!;
        if (e === k) continue;
        const ce = c[e]!;
        let tenpai = false, idx = -1;
        if (ok !== 0) {
          const st = ge !== gk ? downState(ge, e, ce) : lateralState(gk, k, ck, e, ce);
          if ((ok & (1 << st)) !== 0) { tenpai = true; idx = ((ge !== gk ? withK : base) & ~(15 << (ge * 4))) | (st << (ge * 4)); }
        }
        if (!tenpai && chiitoi) {
          const p = pairs + (ck === 1 ? 1 : 0) - (ce === 2 ? 1 : 0), q = kinds + (ck === 0 ? 1 : 0) - (ce === 1 ? 1 : 0);
          tenpai = p === 6 && q >= 7;
        }
        if (!tenpai && kokushi) {
          const yk = yaoKinds + (YAO[k] && ck === 0 ? 1 : 0) - (YAO[e] && ce === 1 ? 1 : 0);
          const yp = yaoPairs + (YAO[k] && ck === 1 ? 1 : 0) - (YAO[e] && ce === 2 ? 1 : 0);
          tenpai = yk + (yp > 0 ? 1 : 0) === 13;
        }
        if (tenpai) {
          out[n] = k * 64 + e;
          waits[n++] = movedWaits(c, k, ck, e, ce, idx, closed, pairs, kinds, yaoKinds, yaoPairs);
        }
      }
    }
  }
  return n - at;
}

/**
 * waitMask of the hand given to tenpaiMoves with one more k (held ck times) and one less e ≠ k
 * (held ce), tenpai; `idx`: its four group states (TENPAI's index) when tenpai in the regular form, else −1.
 */
function movedWaits(c: ArrayLike<number>, k: number, ck: number, e: number, ce: number, idx: number, closed: boolean, pairs: number, kinds: number, yaoKinds: number, yaoPairs: number): number {
  let lo = 0, hi = 0;
  if (idx >= 0) {
    const groups = WAIT_GROUPS[idx]!;
    const gk = GROUP_OF[k]!, ge = GROUP_OF[e]!;
    for (let g = 0; g < 4; g++) {
      if (!(groups & (1 << g))) continue;
      if (g < 3) {
        // The changed shapes' completers from the group's rows (group-states.ts), read a few bytes apart.
        const mask = g === gk ? (g === ge ? lateralCompleters(g, k, ck, e, ce) : upCompleters(g, k, ck)) : g === ge ? downCompleters(g, e, ce) : suitCompleters(BK[g]!, BN[g]!);
        // Kinds g·9 … g·9 + 8 are all below 17 (man), straddle it (pin) or above it (sou).
        for (let i = 0; i < 9; i++) if (mask & (1 << i)) { const w = g * 9 + i; if (w < 17) lo |= 1 << w; else hi |= 1 << (w - 17); }
      } else {
        let key = BK[3]!, size = BN[3]!;
        if (g === gk) { key += HONOR_WEIGHT[ck + 1]! - HONOR_WEIGHT[ck]!; size++; }
        if (g === ge) { key += HONOR_WEIGHT[ce - 1]! - HONOR_WEIGHT[ce]!; size--; }
        const mask = honorCompleters(key, size);
        for (let w = 27; w < 34; w++) { const x = c[w]! + (w === k ? 1 : 0) - (w === e ? 1 : 0); if (x < 4 && mask & (1 << x)) hi |= 1 << (w - 17); }
      }
    }
  }
  if (closed) {
    const p = pairs + (ck === 1 ? 1 : 0) - (ce === 2 ? 1 : 0), q = kinds + (ck === 0 ? 1 : 0) - (ce === 1 ? 1 : 0);
    const yk = yaoKinds + (YAO[k] && ck === 0 ? 1 : 0) - (YAO[e] && ce === 1 ? 1 : 0);
    const yp = yaoPairs + (YAO[k] && ck === 1 ? 1 : 0) - (YAO[e] && ce === 2 ? 1 : 0) > 0 ? 1 : 0;
    const sevenPairs = p === 6 && q >= 7, kokushi = yk + yp === 13;
    if (sevenPairs || kokushi) {
      for (let w = 0; w < 34; w++) {
        const x = c[w]! + (w === k ? 1 : 0) - (w === e ? 1 : 0);
        if ((sevenPairs && x === 1) || (kokushi && YAO[w] && x < 4 && (yp === 0 ? x === 1 : x === 0))) { if (w < 17) lo |= 1 << w; else hi |= 1 << (w - 17); }
      }
    }
  }
  return hi * MASK_HIGH + lo;
}


const DOWN_SET = new Int32Array(4);
const SCRATCH_MOVES = new Int16Array(34 * 14);
const SCRATCH_WAITS = new Float64Array(34 * 14);

/**
 * The draws of 3n+1 hand `c` that reach tenpai with some discard, as a 34-bit mask (kinds 0–16 low,
 * 17–33 · 2^17): the kinds tenpaiMoves lists, without listing the discards. Per group, the states a
 * discard from it can leave are read once per hand (one downState per held kind), so a draw costs
 * a few ANDs instead of a test per discard (the draw's own group still tries its discards).
 */
export function tenpaiDraws(c: ArrayLike<number>, meldCount: number): number {
  const { pairs, yaoKinds } = readHand(c, BK, BO, BN);
  const closed = meldCount === 0;
  if (closed && ((pairs >= 5 && pairs <= 7) || yaoKinds >= 11)) {
    // Seven pairs and kokushi: from the full list.
    const n = tenpaiMoves(c, meldCount, SCRATCH_MOVES, 0, SCRATCH_WAITS);
    let lo = 0, hi = 0;
    for (let i = 0; i < n; i++) { const k = SCRATCH_MOVES[i]! >> 6; if (k < 17) lo |= 1 << k; else hi |= 1 << (k - 17); }
    return hi * MASK_HIGH + lo;
  }
  const kinds = HELD_FACTS.kinds;
  const loose = !closed ? 0 : kinds < 7 ? 2 : yaoKinds >= 10 ? 1 : 0;
  const base = prepareMoves(c);
  for (let g = 0; g < 4; g++) {
    let states = 0;
    for (let i = FROM[g]!; i < FROM[g + 1]!; i++) states |= 1 << downState(g, HELD[i]!, c[HELD[i]!]!);
    DOWN_SET[g] = states;
  }
  let lo = 0, hi = 0;
  for (let k = 0; k < 34; k++) {
    const ck = c[k]!;
    if (ck >= 4 || !mayUse(c, k, loose)) continue;
    const gk = GROUP_OF[k]!;
    const withK = (base & ~(15 << (gk * 4))) | (upState(gk, k, ck) << (gk * 4));
    const row = accepting(withK);
    let hit = false;
    for (let ge = 0; ge < 4 && !hit; ge++) {
      if (ge !== gk) { hit = (ACCEPT[row + ge]! & AFTER_DISCARD[ge]! & DOWN_SET[ge]!) !== 0; continue; }
      const ok = SAME_OK[ge]!;
      if (ok === 0) continue;
      for (let i = FROM[ge]!; i < FROM[ge + 1]!; i++) {
        const e = HELD[i]!;
        if (e !== k && (ok & (1 << lateralState(gk, k, ck, e, c[e]!))) !== 0) { hit = true; break; }
      }
    }
    if (hit) { if (k < 17) lo |= 1 << k; else hi |= 1 << (k - 17); }
  }
  return hi * MASK_HIGH + lo;
}
