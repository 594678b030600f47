/**
 * How well a tenpai wait gets paid, beyond its live copies (`StrongOptions.ronWeight`): opponents
 * who fold or sidestep throw the tiles they read as safe — honours already seen, terminals, the
 * suji of our own discards, a tile safe against another seat's riichi — so a wait on such a tile
 * is dealt in far more often per live copy than a wait in the middle of a suit; and a wait on a
 * kind in our own river (the discard being chosen included) is furiten: won by our own draws only.
 *
 * RON: how often an opponent's discard was a given wait, per live copy (‰), measured at every
 * opponent discard while a seat was tenpai and not furiten, 2,000 hanchan of one `strong` against
 * three `strong-v1` (mahjong/README.md, "Fifth strength round"), by the seat's state (in riichi, or
 * dama) and the wait's kind: honour with one or 2+ copies visible to the seat, 1/9, 2/8, 3/7, 4–6,
 * each with or without a suji of the seat's own discards, and any kind safe against another
 * seat's riichi. Against riichi the middle (4–6) is thrown 2.75 ‰, a terminal 8.3 ‰, a terminal
 * on suji 16 ‰, an honour 13–14 ‰.
 */
import type { Table } from './table';
import { waitKinds } from './tenpai-groups';

/** Wait categories, the columns of RON. */
export const enum Cat { Honour1, Honour2, T19, T19Suji, T28, T28Suji, T37, T37Suji, Mid, MidSuji, SafeVsRiichi }

/** ‰ per live copy per opponent discard, [riichi-or-closed, dama-open][Cat]. */
const RON = [
  [13.9, 12.9, 8.34, 16.1, 5.30, 6.74, 3.90, 6.70, 2.75, 4.33, 14.6],
  [6.19, 15.9, 10.1, 10.8, 7.61, 7.93, 5.55, 7.82, 4.73, 5.93, 19.3],
] as const;

/** The category of wait `w` for RON (see the file comment); `river` marks our own discards. */
export function waitCategory(t: Table, w: number, river: Uint8Array): Cat {
  for (const th of t.threats) if (th.riichi && th.safe[w] === 1) return Cat.SafeVsRiichi;
  if (w >= 27) return t.visible[w]! >= 2 ? Cat.Honour2 : Cat.Honour1;
  const n = w % 9;
  const suji = (n >= 3 && river[w - 3] === 1) || (n <= 5 && river[w + 3] === 1) ? 1 : 0;
  if (n === 0 || n === 8) return Cat.T19 + suji;
  if (n === 1 || n === 7) return Cat.T28 + suji;
  if (n === 2 || n === 6) return Cat.T37 + suji;
  return Cat.Mid + suji;
}

/**
 * The live copies of the waits of counted hand `c` without one `kind`, each weighted by how it is
 * won against a middle-tile wait: own draw (1 / unseen tiles) + three opponent discards × RON per
 * live copy, RON taken `weight` of the way from the middle tile's rate to the wait's own (0: every
 * wait as a middle one, only the furiten rule left); a furiten hand wins by its own draws only.
 * `c` is restored. −1 when `c` is not a whole hand (an open hand's route set tiles aside).
 */
export function weightedWaits(t: Table, c: number[], kind: number, weight: number): number {
  let tiles = 0, unseen = 136;
  for (let k = 0; k < 34; k++) { tiles += c[k]!; unseen -= t.visible[k]!; }
  if (tiles !== 14 - 3 * t.meldCount) return -1;
  const river = RIVER;
  river.fill(0);
  for (const d of t.me.river) river[d.tile >> 2] = 1;
  river[kind] = 1;
  c[kind]! -= 1;
  const waits = waitKinds(c, t.meldCount, WAITS);
  c[kind]! += 1;
  let open = false;
  for (const m of t.me.melds) if (m.type !== 'ankan') open = true;
  const rates = RON[open ? 1 : 0];
  const draw = 1000 / Math.max(20, unseen);
  const mid = rates[Cat.Mid];
  const base = draw + 3 * mid;
  let furiten = false;
  for (const w of waits) if (river[w] === 1) furiten = true;
  let sum = 0;
  for (const w of waits) {
    const live = 4 - t.visible[w]!;
    if (live <= 0) continue;
    sum += (live * (furiten ? draw : draw + 3 * (mid + weight * (rates[waitCategory(t, w, river)]! - mid)))) / base;
  }
  return sum;
}

const RIVER = new Uint8Array(34);
const WAITS: number[] = [];

/**
 * Chance that tenpai waits `waits` (after throwing `kind`) are won over the own draws left (a
 * quarter of the wall): 1 − e^(−draws × Σ live × (own draw + three discards × RON)), by the riichi
 * table or the dama one; own draws only when furiten.
 */
export function waitWinChance(t: Table, waits: readonly number[], kind: number, riichi: boolean): number {
  let unseen = 136;
  for (let k = 0; k < 34; k++) unseen -= t.visible[k]!;
  const river = RIVER;
  river.fill(0);
  for (const d of t.me.river) river[d.tile >> 2] = 1;
  river[kind] = 1;
  let furiten = false;
  for (const w of waits) if (river[w] === 1) furiten = true;
  const rates = RON[riichi ? 0 : 1];
  const draw = 1000 / Math.max(20, unseen);
  let perDraw = 0;
  for (const w of waits) {
    const live = 4 - t.visible[w]!;
    if (live > 0) perDraw += live * (furiten ? draw : draw + 3 * rates[waitCategory(t, w, river)]!);
  }
  return 1 - Math.exp((-Math.max(1, t.tilesLeft / 4) * perDraw) / 1000);
}

/**
 * Per kind, a closed hand's chance per own draw to win on a live copy of it as a wait, against the
 * draw alone (1 / unseen): 1 + three opponent discards × RON × unseen (the riichi table; 1 for a
 * kind in our own river). The expected-score model reads it for the waits of the hands it reaches
 * (hand-ev-value.ts, with `ronWeight`) instead of one rate for every wait.
 */
export function ronRates(t: Table, unseen: number, into: Float64Array): Float64Array {
  const river = RIVER;
  river.fill(0);
  for (const d of t.me.river) river[d.tile >> 2] = 1;
  const rates = RON[0];
  for (let w = 0; w < 34; w++) into[w] = river[w] === 1 ? 1 : 1 + (3 * rates[waitCategory(t, w, river)]! * unseen) / 1000;
  return into;
}
