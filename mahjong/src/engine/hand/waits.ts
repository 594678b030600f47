/**
 * Wait shapes: which set of a reading the winning tile completed, and how.
 */
import type { TileKind } from '../tiles';
import type { WaitShape } from '../scoring/types';
import type { Decomposition } from './decompose';

export interface WinReading {
  /** Index in `decomposition.sets` of the set the winning tile completed (−1 for kokushi 13-wait). */
  setIndex: number;
  wait: WaitShape;
}

/** Shape of winning on `win` into a chow starting at `low`: 12-3/7-89 penchan, 1-3 kanchan, else ryanmen. */
export function chowWait(low: TileKind, win: TileKind): WaitShape {
  if (win === low + 1) return 'kanchan';
  if (win === low) return low % 9 === 6 ? 'penchan' : 'ryanmen';
  return low % 9 === 0 ? 'penchan' : 'ryanmen';
}

/** Every way the winning kind can be placed in the (concealed) sets of a reading. */
export function winReadings(dec: Decomposition, win: TileKind): WinReading[] {
  if (dec.form === 'kokushi') {
    return [{ setIndex: -1, wait: dec.sets[0]?.kind === win ? 'kokushi13' : 'kokushi' }];
  }
  if (dec.form === 'chiitoi') return [{ setIndex: dec.sets.findIndex((s) => s.kind === win), wait: 'chiitoi' }];
  const out: WinReading[] = [];
  const sets = dec.sets;
  for (let i = 0; i < sets.length; i++) {
    const s = sets[i]!;
    if (s.open) continue;
    let wait: WaitShape | undefined;
    if (s.type === 'pair' && s.kind === win) wait = 'tanki';
    else if (s.type === 'pung' && s.kind === win) wait = 'shanpon';
    else if (s.type === 'chow' && win >= s.kind && win <= s.kind + 2) wait = chowWait(s.kind, win);
    if (!wait) continue;
    // Identical sets give identical readings; keep one.
    let repeat = false;
    for (const r of out) { const t = sets[r.setIndex]!; if (t.type === s.type && t.kind === s.kind && r.wait === wait) repeat = true; }
    if (!repeat) out.push({ setIndex: i, wait });
  }
  return out;
}
