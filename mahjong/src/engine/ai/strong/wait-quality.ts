/**
 * How well a tenpai wait gets paid, beyond its live copies (`StrongOptions.ronWeight`): opponents
 * who fold or sidestep throw the tiles they read as safe — honours already seen, terminals, the
 * suji of our own discards — so a wait on such a tile is dealt more often per live copy than a
 * wait in the middle of a suit; and a wait on a kind in our own river is furiten (won by our own
 * draws only).
 */
import { waitingKinds } from '../../ukeire';
import type { Table } from './table';

/** 0–1: how readily opponents throw kind `w` as we can tell from the table (see the file comment). */
export function ronFactor(t: Table, w: number, river: Uint8Array): number {
  if (w >= 27) return t.visible[w]! >= 2 ? 1 : t.visible[w]! === 1 ? 0.6 : 0.3;
  const n = w % 9;
  // Suji of our own discards: a ryanmen through w would be furiten, so w reads as safer.
  const suji = (n >= 3 && river[w - 3] === 1) || (n <= 5 && river[w + 3] === 1);
  if (suji) return n === 0 || n === 8 ? 1 : 0.8;
  return n === 0 || n === 8 ? 0.5 : n === 1 || n === 7 ? 0.25 : 0;
}

/**
 * The live copies of the waits of counted hand `c` without one `kind`, each weighted 1 +
 * `weight` × ronFactor, halved when a wait is in our own river (furiten); `c` is restored. −1
 * when `c` is not a whole hand (an open hand's route set tiles aside).
 */
export function weightedWaits(t: Table, c: number[], kind: number, weight: number): number {
  let tiles = 0;
  for (let k = 0; k < 34; k++) tiles += c[k]!;
  // An open hand's counted tiles leave out what its yaku route cannot use: no wait search there.
  if (tiles !== 14 - 3 * t.meldCount) return -1;
  const river = RIVER;
  river.fill(0);
  for (const d of t.me.river) river[d.tile >> 2] = 1;
  // The discard itself joins the river: a wait on it is furiten, and its suji read as safe.
  river[kind] = 1;
  c[kind]! -= 1;
  const waits = waitingKinds(c, t.meldCount);
  c[kind]! += 1;
  let sum = 0, furiten = false;
  for (const w of waits) {
    if (river[w] === 1) furiten = true;
    const live = 4 - t.visible[w]!;
    if (live > 0) sum += live * (1 + weight * ronFactor(t, w, river));
  }
  return furiten ? sum / 2 : sum;
}

const RIVER = new Uint8Array(34);
