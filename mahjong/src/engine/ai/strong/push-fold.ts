/**
 * Push or fold on measured figures instead of guessed curves (`StrongOptions.measured`). Each table
 * was read from 1,500 hanchan of `strong` against itself (every own discard with a threat on the
 * table, labelled with how the hand ended; bench/mahjong-strong-tables.ts reads them again), so the
 * push score — win chance × value − deal-in chance × loss — compares like with like:
 *   - win chance: by threat (a riichi, or open hands only), shanten 0/1/2, acceptance and turns
 *     left, as often as such hands went on to win with this AI's later choices (it folds some of
 *     them later: the figure is the chance of the line, not of a hand played to the end). The old
 *     closed form put it about twice as high (1 shanten, 10–19 tiles, 8–11 turns, against a
 *     riichi: 0.26 predicted, 0.13 measured);
 *   - value: what wins of that estimated han actually paid (honba, sticks, dealer and ura
 *     included): the han-to-points table underrated cheap hands (2 han closed: 2,600 against
 *     5,400 paid);
 *   - deal-in chance: the shape count (danger.ts) of the tile thrown against the tiles that
 *     did deal in: about twice the count (2–4 % → 7.5 %, 4–7 % → 11.7 %, 7–10 % → 16 %).
 */

/** Win chance by [riichi?][shanten][acceptance bucket][turns bucket], flattened; see the file comment. */
const WIN = [
  0.154, 0.25, 0.297, 0.28, 0.154, 0.301, 0.377, 0.466, 0.257, 0.391, 0.464, 0.658, 0.257, 0.439, 0.555, 0.658, 0.257, 0.655, 0.742, 0.658, // open threats only, 0 shanten
  0.024, 0.048, 0.12, 0.188, 0.031, 0.118, 0.191, 0.257, 0.031, 0.16, 0.218, 0.309, 0.031, 0.357, 0.369, 0.45, 0.031, 0.357, 0.369, 0.45, // open threats only, 1 shanten
  0, 0.01, 0.013, 0.094, 0, 0.01, 0.038, 0.096, 0, 0.035, 0.073, 0.137, 0, 0.036, 0.088, 0.159, 0, 0.036, 0.113, 0.171, // open threats only, 2 shanten
  0.094, 0.167, 0.291, 0.224, 0.156, 0.265, 0.309, 0.374, 0.206, 0.331, 0.395, 0.512, 0.255, 0.412, 0.459, 0.512, 0.255, 0.43, 0.611, 0.512, // riichi, 0 shanten
  0.01, 0.037, 0.072, 0.115, 0.036, 0.089, 0.139, 0.185, 0.038, 0.128, 0.211, 0.238, 0.038, 0.153, 0.214, 0.3, 0.038, 0.153, 0.214, 0.3, // riichi, 1 shanten
  0, 0, 0, 0.021, 0, 0.004, 0.019, 0.057, 0, 0.01, 0.035, 0.057, 0, 0.01, 0.06, 0.095, 0, 0.054, 0.07, 0.101, // riichi, 2 shanten
];

const acceptBucket = (sh: number, a: number) => sh === 0 ? (a <= 2 ? 0 : a <= 4 ? 1 : a <= 6 ? 2 : a <= 8 ? 3 : 4) : (a < 10 ? 0 : a < 20 ? 1 : a < 30 ? 2 : a < 45 ? 3 : 4);
const turnsBucket = (turns: number) => (turns >= 12 ? 3 : turns >= 8 ? 2 : turns >= 4 ? 1 : 0);

/** Measured chance of winning with a threat on the table from `sh` shanten (3+: 0). */
export function measuredWin(riichi: boolean, sh: number, accept: number, turns: number): number {
  if (sh > 2 || sh < 0) return 0;
  return WIN[(((riichi ? 3 : 0) + sh) * 5 + acceptBucket(sh, accept)) * 4 + turnsBucket(turns)]!;
}

/** What wins paid, by estimated han (whole han; linear between), closed and open hands. */
const CLOSED_PAID = [5400, 5400, 5400, 7300, 9500, 10600, 12000, 13700, 16000];
const OPEN_PAID = [2300, 2300, 3600, 6000, 9000, 11100, 13500, 13500, 16000];

export function measuredValue(han: number, open: boolean, dealer: boolean): number {
  const table = open ? OPEN_PAID : CLOSED_PAID;
  const h = Math.max(0, Math.min(8, han));
  const lo = Math.floor(h);
  const v = lo >= 8 ? table[8]! : table[lo]! + (table[lo + 1]! - table[lo]!) * (h - lo);
  // The tables mix dealer and non-dealer wins (about one in four by the dealer, paid 1.5×).
  return v * (dealer ? 1.35 : 0.9);
}

/** Measured deal-in chance of a tile from its shape count (0 stays 0: genbutsu). */
export const measuredDealIn = (d: number, offset = 0.004): number => (d > 0 ? 2 * d + offset : 0);
