/**
 * Shanten and acceptance of every discard of a hand in one pass, on the rules engine's per-group
 * distance tables (tomohxx's method, src/engine/shanten). A hand is four groups (man, pin, sou,
 * honours); its regular-form distance is the (min,+) product of their tables. A discard changes
 * one group and a draw one group, so everything that does not depend on them is combined once:
 *   - the product of every pair of groups and of every three groups (once per hand);
 *   - for a discard d, the product of d's changed group with each pair of other groups (three
 *     tables per discard), which marks the entries of each group's table that sit in a cheapest
 *     split of the hand.
 * A tile lowers an entry by one at most, so a draw lowers the shanten exactly when it lowers one
 * of those marked entries: one AND with the entries it lowers, which the group tables keep per
 * shape and position (group-table.ts upLowers; a shape with a tile less: downOffset). The results
 * are exactly those of the rules engine's shanten (test/engine/ai/strong.test.ts).
 */
import { distancePool, downOffsets, HONOR_WEIGHT, honorOffsetOfKey, SUIT_WEIGHT, suitOffsetOfKey, upLowersAt } from '../../shanten/group-table';
import { minPlusProduct } from '../../shanten/min-plus';
import { isYaochuu, YAOCHUU } from '../../tiles';
import { bestBits, EMPTY_KEY, groupOf, kokushiAfter, listDraws, merge, PAIR_A, PAIR_B, popcount9, posOf, REST_PAIR } from './discard-groups';

/** Terminal/honour kinds held, and those held twice or more, in the hand of the last discardTable call. */
let yaoKinds = 0, yaoPairs = 0;

/** Bit i: PAIRS holds the product of PAIR index i for the hand of the last discardTable call. */
let pairsMade = 0;

function makePair(pool: Int8Array, i: number, need: number): void {
  minPlusProduct(pool, OFFSETS[PAIR_A[i]!]!, pool, OFFSETS[PAIR_B[i]!]!, need, PAIRS, i * 10);
  pairsMade |= 1 << i;
}

// Scratch tables (10 entries each), reused by every call: a table is read before the next call.
/** Products of pairs of groups, by PAIR index. */
const PAIRS = new Int8Array(60);
/** Products of the three groups other than g, by g. */
const TRIPLES = new Int8Array(40);
/** For the discard being counted: its changed group times the pair of groups other than it and g, by g. */
const WITH_DISCARD = new Int8Array(40);
const SHANTEN = new Float64Array(35);
/** Per group (9 positions each): pool offset of its table with one tile less there (filled per group on first use). */
const DOWN_OFF = new Int32Array(36);
/** Pool offset of a discard's group table without it. */
const MINUS_OFF = new Int32Array(34);
/** Group key of a discard's group without it. */
const MINUS_KEY = new Float64Array(34);
/** Regular-form shanten after each discard (slot 34: none). */
const REGULAR = new Int8Array(35);
/** Per draw: bit m·2+p set when one more copy lowers its group's distance for m sets and p pairs. */
const LOWERS = new Int32Array(34);
/** Per group (9 positions each): entries one more tile lowers, for the hand and for the discard's group without it. */
const UP_LOWERS = new Int32Array(36);
const MINUS_LOWERS = new Int32Array(9);
/** Per group, for the discard being counted: bit m·2+p set when that entry is in a cheapest split of the hand. */
const IN_BEST = new Int32Array(4);

const DRAWS = new Int32Array(34);
/** DRAWS of group g: indices DRAW_FROM[g] to DRAW_FROM[g + 1] (draws are listed by kind, so by group). */
const DRAW_FROM = new Int32Array(5);

export interface DiscardTable {
  /** Shanten after discarding kind k (NaN when k is not held); slot 34 = no removal. */
  shanten: Float64Array;
  best: number;
  /** Unseen copies of the draws that lower shanten after discarding k (computed on call). */
  accept(k: number): number;
}

/**
 * `c`: concealed counts of a 3n+2 hand (kinds a plan cannot use already zeroed; not to be changed
 * while the table is in use); `dead`: kinds never counted as useful draws; `visible`: copies no
 * opponent can hold; `noRemoval`: also fill slot 34 with the hand unchanged (the discard of a tile
 * the plan already set aside). The table is valid until the next call.
 */
export function discardTable(c: number[], meldCount: number, dead: Uint8Array, visible: number[], noRemoval = false): DiscardTable {
  const need = 4 - meldCount;
  const closed = meldCount === 0;
  const keys = KEYS, o = OFFSETS;
  // One pass over the hand: the groups' keys and held kinds (bit per position), pairs and kinds.
  // Branch-free counts: whether a kind is held is a coin flip to the branch predictor.
  let pairs = 0, kinds = 0;
  for (let g = 0; g < 3; g++) {
    let key = 0, held = 0;
    for (let i = 0, k = g * 9; i < 9; i++, k++) {
      const n = c[k]!;
      key = key * 5 + n;
      held |= +(n > 0) << i;
      pairs += +(n >= 2);
    }
    keys[g] = key;
    HELD[g] = held;
    kinds += popcount9(held);
  }
  let honorKey = 0, honors = 0;
  for (let i = 0, k = 27; k < 34; i++, k++) { const n = c[k]!; honorKey += HONOR_WEIGHT[n]!; honors |= +(n > 0) << i; pairs += +(n >= 2); }
  HELD[3] = honors;
  kinds += popcount9(honors);
  keys[3] = honorKey;
  o[0] = suitOffsetOfKey(keys[0]!); o[1] = suitOffsetOfKey(keys[1]!); o[2] = suitOffsetOfKey(keys[2]!); o[3] = honorOffsetOfKey(honorKey);
  let pool = distancePool();
  // Pairs of groups are made when first needed (pairsMade: bit per PAIR index); the product of
  // the other three groups only for a group that holds a tile (a discard's) or for slot 34.
  pairsMade = 0;
  for (let g = 0; g < 4; g++) {
    if (!noRemoval && keys[g] === EMPTY_KEY[g]) continue;
    const a = g === 0 ? 1 : 0;
    const rest = REST_PAIR[g * 4 + a]!;
    if (!(pairsMade & (1 << rest))) makePair(pool, rest, need);
    minPlusProduct(pool, o[a]!, PAIRS, rest * 10, need, TRIPLES, g * 10);
  }
  yaoKinds = 0; yaoPairs = 0;
  for (let i = 0; i < YAOCHUU.length; i++) { const n = c[YAOCHUU[i]!]!; yaoKinds += +(n > 0); yaoPairs += +(n >= 2); }
  const useKokushi = closed && 13 - yaoKinds - (yaoPairs > 0 ? 1 : 0) <= 7;
  const shanten = SHANTEN;
  let best = 99;
  for (let g = 0; g < 4; g++) {
    const from = g * 9, to = g < 3 ? from + 9 : 34;
    for (let d = from; d < to; d++) shanten[d] = NaN;
    let held = HELD[g]!;
    if (held === 0) continue;
    downOffsets(g, keys[g]!, o[g]!, DOWN_OFF, g * 9);
    // Read after the lookup: a shape met for the first time may grow (replace) the pool.
    pool = distancePool();
    const gKey = keys[g]!, tz = g * 10;
    // The held kinds, lowest first (bit i: kind from + i).
    for (; held !== 0; held &= held - 1) {
      const d = from + 31 - Math.clz32(held & -held);
      const n = c[d]!;
      const off = DOWN_OFF[g < 3 ? d : 27 + n]!;
      MINUS_KEY[d] = gKey + (g < 3 ? -SUIT_WEIGHT[d - from]! : HONOR_WEIGHT[n - 1]! - HONOR_WEIGHT[n]!);
      MINUS_OFF[d] = off;
      let sh = merge(pool, off, TRIPLES, tz, need);
      REGULAR[d] = sh;
      if (closed) {
        const pd = pairs - +(n === 2), kd = kinds - +(n === 1);
        sh = Math.min(sh, 6 - pd + Math.max(0, 7 - kd));
        if (useKokushi) sh = Math.min(sh, kokushiAfter(c, d, -1, yaoKinds, yaoPairs));
      }
      shanten[d] = sh;
      best = Math.min(best, sh);
    }
  }
  if (noRemoval) {
    let sh = merge(pool, o[0]!, TRIPLES, 0, need);
    REGULAR[34] = sh;
    if (closed) {
      const chiitoi = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
      if (chiitoi < sh) sh = chiitoi;
      if (useKokushi) { const k = kokushiAfter(c, -1, -1, yaoKinds, yaoPairs); if (k < sh) sh = k; }
    }
    shanten[34] = sh;
    if (sh < best) best = sh;
  } else shanten[34] = NaN;
  const nDraws = listDraws(c, dead, HELD, closed && kinds <= 7, useKokushi, DRAWS, DRAW_FROM);
  let drawGroups = 0;
  for (let g = 0; g < 4; g++) if (DRAW_FROM[g + 1]! > DRAW_FROM[g]!) drawGroups |= 1 << g;
  hand = c; seen = visible; handNeed = need; handClosed = closed; handPairs = pairs; handKinds = kinds;
  handKokushi = useKokushi; drawCount = nDraws; drawsReady = false; handDrawGroups = drawGroups;
  return TABLE.best = best, TABLE;
}

/** Kinds held in each group, bit per position (of the hand of the last discardTable call). */
const HELD = new Int32Array(4);
const TABLE: DiscardTable = { shanten: SHANTEN, best: 99, accept: acceptOf };

// The hand of the last discardTable call, for acceptOf (a table is used before the next call).
let hand: number[] = [];
let seen: number[] = [];
/** Bit g: some draw worth trying is in group g (acceptOf skips the cheapest splits of the others). */
let handDrawGroups = 0;
let handNeed = 4, handClosed = true, handPairs = 0, handKinds = 0, handKokushi = false, drawCount = 0, drawsReady = false;
const KEYS = new Float64Array(4);
const OFFSETS = new Int32Array(4);

/** Each draw's group table with one more copy, and the entries it lowers (on the first count). */
function readyDraws(): void {
  const c = hand, visible = seen;
  for (let g = 0; g < 4; g++) { GROUP_BITS[g] = -1; SPLIT_COUNT[g] = 0; if (handDrawGroups & (1 << g)) upLowersAt(g, KEYS[g]!, OFFSETS[g]!, UP_LOWERS, g * 9); }
  for (let i = 0; i < drawCount; i++) {
    const k = DRAWS[i]!;
    LOWERS[k] = UP_LOWERS[groupOf(k) * 9 + posOf(k, c[k]!)]!;
    const left = 4 - visible[k]!;
    LEFT[k] = left > 0 ? left : 0;
  }
  drawsReady = true;
}

/** Per group of a discard, in this table (up to 9 each, at g·9): the keys of the tables counted and their IN_BEST (4 each). */
const SPLIT_KEY = new Float64Array(36);
const SPLIT_BITS = new Int32Array(144);
const SPLIT_COUNT = new Int32Array(4);
/** Per draw: its unseen copies (never negative). */
const LEFT = new Int32Array(34);
/** Per group, in this table: the last cheapest-split bits counted over its draws (−1: none yet) and the copies they gave. */
const GROUP_BITS = new Int32Array(4);
const GROUP_SUM = new Int32Array(4);

/**
 * Unseen copies of the draws that lower shanten after discarding d. A draw lowers the
 * regular-form shanten exactly when it lowers an entry of its group's table that is part of a
 * cheapest split of the hand (a tile lowers an entry by one at most), so each draw is one AND of
 * two bit sets, once the cheapest splits after the discard are known. A draw lowers seven pairs or
 * kokushi by one at most too, so those forms are only tried when they are at the shanten; without
 * them a group's count depends on its cheapest-split bits alone and is reused while they repeat.
 */
function acceptOf(d: number): number {
  const sh = SHANTEN[d]!;
  if (Number.isNaN(sh)) return 0;
  if (!drawsReady) readyDraws();
  const c = hand, need = handNeed, closed = handClosed, nDraws = drawCount;
  const gd = d === 34 ? -1 : groupOf(d);
  const regular = REGULAR[d]!;
  // Seven pairs or kokushi below the regular form: no draw lowers the regular form enough.
  const regularMay = regular === sh;
  let keyMinus = 0, offMinus = -1;
  let pd = handPairs, kd = handKinds;
  if (gd >= 0) {
    keyMinus = MINUS_KEY[d]!;
    offMinus = MINUS_OFF[d]!;
    if (c[d] === 2) pd--;
    if (c[d] === 1) kd--;
  }
  const chiitoiMay = closed && 6 - pd + (kd < 7 ? 7 - kd : 0) === sh;
  const kokushiMay = handKokushi && kokushiAfter(c, gd >= 0 ? d : -1, -1, yaoKinds, yaoPairs) === sh;
  if (regularMay) {
    if (gd >= 0 && handDrawGroups & (1 << gd)) upLowersAt(gd, keyMinus, offMinus, MINUS_LOWERS, 0);
    const pool = distancePool();
    const cost = regular + 1;
    // The cheapest splits (and the cost, their merge) depend on d's group only through its
    // table's values: two discards of a group whose tables read the same share them (a key of 4
    // bits per entry; an entry is 0–14 or unreachable, 99, read as 15).
    let key = 0, seen = -1;
    if (gd >= 0) {
      for (let e = 0, n = need * 2 + 2; e < n; e++) key = key * 16 + Math.min(15, pool[offMinus + e]!);
      for (let i = gd * 9, end = i + SPLIT_COUNT[gd]!; i < end; i++) if (SPLIT_KEY[i] === key) { seen = i; break; }
    }
    if (seen >= 0) for (let g = 0; g < 4; g++) IN_BEST[g] = SPLIT_BITS[seen * 4 + g]!;
    else {
      for (let g = 0; g < 4; g++) {
        if (!(handDrawGroups & (1 << g))) continue;
        if (gd < 0) IN_BEST[g] = bestBits(pool, OFFSETS[g]!, TRIPLES, g * 10, need, cost);
        else if (g === gd) IN_BEST[g] = bestBits(pool, offMinus, TRIPLES, g * 10, need, cost);
        else {
          // d's group without d, times the pair of groups other than it and g.
          const rest = REST_PAIR[gd * 4 + g]!;
          if (!(pairsMade & (1 << rest))) makePair(pool, rest, need);
          minPlusProduct(pool, offMinus, PAIRS, rest * 10, need, WITH_DISCARD, g * 10);
          IN_BEST[g] = bestBits(pool, OFFSETS[g]!, WITH_DISCARD, g * 10, need, cost);
        }
      }
      if (gd >= 0) {
        const at = gd * 9 + SPLIT_COUNT[gd]!++;
        SPLIT_KEY[at] = key;
        for (let g = 0; g < 4; g++) SPLIT_BITS[at * 4 + g] = IN_BEST[g]!;
      }
    }
    if (!chiitoiMay && !kokushiMay) return regularAccept(d, gd);
  }
  // Each draw's test as a 0/1 (branch-free where the outcome is a coin flip): the regular form,
  // seven pairs after discarding d and drawing k, kokushi.
  if (!regularMay) for (let g = 0; g < 4; g++) IN_BEST[g] = 0;
  const chiitoiBit = +chiitoiMay;
  let total = 0;
  for (let i = 0; i < nDraws; i++) {
    const k = DRAWS[i]!;
    const gk = groupOf(k);
    const ck = c[k]! - +(k === d);
    const lowers = gk !== gd ? LOWERS[k]! : MINUS_LOWERS[posOf(k, ck)]!;
    let better = +((lowers & IN_BEST[gk]!) !== 0);
    const pk = pd + +(ck === 1), kk = kd + +(ck === 0);
    better |= chiitoiBit & +(6 - pk + Math.max(0, 7 - kk) < sh);
    if (kokushiMay && better === 0 && isYaochuu(k)) better = +(kokushiAfter(c, gd >= 0 ? d : -1, k, yaoKinds, yaoPairs) < sh);
    total += LEFT[k]! & -better;
  }
  return total;
}

/** acceptOf when only the regular form can improve: per group, the copies of the draws whose entries are in a cheapest split. */
function regularAccept(d: number, gd: number): number {
  const c = hand;
  let total = 0;
  for (let g = 0; g < 4; g++) {
    const from = DRAW_FROM[g]!, to = DRAW_FROM[g + 1]!;
    if (from === to) continue;
    const bits = IN_BEST[g]!;
    if (g === gd) {
      for (let i = from; i < to; i++) { const k = DRAWS[i]!; total += LEFT[k]! & (-(MINUS_LOWERS[posOf(k, c[k]! - (k === d ? 1 : 0))]! & bits) >> 31); }
    } else if (bits === GROUP_BITS[g]) total += GROUP_SUM[g]!;
    else {
      let sum = 0;
      // Branch-free: −(lowered entries in a cheapest split) >> 31 is −1 when there are any, else 0.
      for (let i = from; i < to; i++) { const k = DRAWS[i]!; sum += LEFT[k]! & (-(LOWERS[k]! & bits) >> 31); }
      GROUP_BITS[g] = bits;
      GROUP_SUM[g] = sum;
      total += sum;
    }
  }
  return total;
}
