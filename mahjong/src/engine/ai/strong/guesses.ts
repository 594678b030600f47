/**
 * The strong AI's hand-set judgements, outside its decision flow (agent.ts): the guessed win
 * chance (the reviewer's values and the AI without `measured`), the shape preference among
 * discards, and the reviewer's Houou riichi-or-dama rule.
 */
import { A } from '../../table/actions';
import type { Table } from './table';
import { isYakuhai, tenpaiValue } from './value';
import { isYaochuu } from '../../tiles';

/**
 * Riichi or dama as Houou players choose (bench/mahjong-review-agreement.ts, thresholds chosen on
 * its tuning logs), the reviewer's judgment: with a yaku, dama when the hand is worth 5,200 by
 * ron, when another seat is in riichi (the hand keeps the choice to fold), on a poor wait (three
 * live tiles or fewer: wait for a better one), late (16 tiles or fewer left) and in the last hand
 * as first; otherwise riichi. The playing AI keeps its own rule: it placed no better in the arena
 * dama-ing more (mahjong/README.md, AI players).
 */
export function hououRiichi(t: Table, hand: number[], waits: number[]): number {
  const dama = tenpaiValue(t, hand, waits, false);
  if (dama.ron === 0) return A.RIICHI;
  if (t.allLast && t.place === 1) return A.RIICHI_CANCEL;
  if (dama.ron >= 5200 || t.threats.some((th) => th.riichi) || dama.live <= 3 || t.tilesLeft <= 16) return A.RIICHI_CANCEL;
  return A.RIICHI;
}

/** Chance of winning this hand from `sh` shanten with `accept` good draws, `turns` draws left. */
export function winChance(sh: number, accept: number, turns: number, unseen: number, furiten: boolean): number {
  const draws = (u: number, n: number, rate: number) => 1 - Math.exp(-(u * n * rate) / Math.max(20, unseen));
  if (sh <= 0) return Math.min(0.85, draws(accept, turns, furiten ? 1 : 2.4));
  if (sh === 1) return 0.55 * draws(accept, turns, 1) * draws(6, Math.max(0, turns - 3), 2.2);
  if (sh === 2) return 0.25 * draws(accept, turns, 1) * draws(6, Math.max(0, turns - 6), 2);
  return 0.04;
}

/** Shape preference: isolated honours and terminals go first, useless honours before live ones. */
export function shape(t: Table, kind: number): number {
  const c = t.counts;
  if (kind >= 27) {
    if (c[kind]! >= 2) return isYakuhai(t, kind) ? -12 : -2;
    if (!isYakuhai(t, kind)) return 8;
    return t.visible[kind]! >= 3 ? 9 : 5;
  }
  const n = kind % 9;
  const isolated = c[kind] === 1 && (n < 2 || c[kind - 2] === 0) && (n < 1 || c[kind - 1] === 0)
    && (n > 7 || c[kind + 1] === 0) && (n > 6 || c[kind + 2] === 0);
  if (isolated) return isYaochuu(kind) ? 6 : n === 1 || n === 7 ? 4 : 3;
  return 0;
}
