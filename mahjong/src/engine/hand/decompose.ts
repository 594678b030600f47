/**
 * All readings of a complete concealed part (3n+2 tiles) as sets: regular (n sets + pair),
 * seven pairs and thirteen orphans. Called melds are not part of the input; callers add them.
 */
import { type Counts34, type TileKind, YAOCHUU } from '../tiles';

export type SetType = 'chow' | 'pung' | 'kan' | 'pair';

/** One set; `kind` is its lowest tile. `open` for called sets (ankan is a closed kan). */
export interface HandSet {
  type: SetType;
  kind: TileKind;
  open: boolean;
}

export type HandForm = 'regular' | 'chiitoi' | 'kokushi';

export interface Decomposition {
  form: HandForm;
  /** Regular: the pair first, then chows/pungs in kind order. Chiitoi: 7 pairs. Kokushi: the pair only. */
  sets: HandSet[];
}

/** Every distinct regular, seven-pairs and kokushi reading of `counts` (empty if none). */
export function decompositions(counts: Counts34): Decomposition[] {
  const out: Decomposition[] = [];
  const work = counts.slice();
  let total = 0;
  for (const c of work) total += c;
  if (total % 3 === 2) {
    for (let k = 0; k < 34; k++) {
      if (work[k]! < 2) continue;
      work[k]! -= 2;
      setsOf(work, 0, k, 0, out);
      work[k]! += 2;
    }
  }
  if (total === 14) {
    // Plain loops: every candidate win is scored, most of them neither seven pairs nor kokushi.
    let pairs = 0, terminals = 0;
    for (let k = 0; k < 34; k++) if (counts[k] === 2) pairs++;
    for (let i = 0; i < YAOCHUU.length; i++) if (counts[YAOCHUU[i]!]! >= 1) terminals++;
    if (pairs === 7) {
      const sets: HandSet[] = [];
      for (let k = 0; k < 34; k++) if (counts[k] === 2) sets.push({ type: 'pair', kind: k, open: false });
      out.push({ form: 'chiitoi', sets });
    }
    if (terminals === YAOCHUU.length) {
      const pair = YAOCHUU.find((k) => counts[k] === 2);
      if (pair !== undefined) out.push({ form: 'kokushi', sets: [{ type: 'pair', kind: pair, open: false }] });
    }
  }
  return out;
}

// The sets chosen so far on the way down (kind, and 1 for a chow): a reading's objects are made
// once it is complete, not at every step (every candidate win is scored).
const PATH_KIND = new Int8Array(48);
const PATH_CHOW = new Uint8Array(48);

/**
 * Every way to split `work` (from kind `at` on) into pungs and chows, after the `depth` sets on
 * the path, each pushed to `out` as a regular reading with pair `pair` (pungs before chows at each
 * kind); mutates and restores `work`.
 */
function setsOf(work: number[], at: number, pair: number, depth: number, out: Decomposition[]): void {
  let k = at;
  while (k < 34 && work[k] === 0) k++;
  if (k === 34) {
    const sets: HandSet[] = [{ type: 'pair', kind: pair, open: false }];
    for (let i = 0; i < depth; i++) sets.push({ type: PATH_CHOW[i] ? 'chow' : 'pung', kind: PATH_KIND[i]!, open: false });
    out.push({ form: 'regular', sets });
    return;
  }
  if (work[k]! >= 3) {
    work[k]! -= 3;
    PATH_KIND[depth] = k; PATH_CHOW[depth] = 0;
    setsOf(work, k, pair, depth + 1, out);
    work[k]! += 3;
  }
  if (k < 27 && k % 9 <= 6 && work[k + 1]! > 0 && work[k + 2]! > 0) {
    work[k]!--; work[k + 1]!--; work[k + 2]!--;
    PATH_KIND[depth] = k; PATH_CHOW[depth] = 1;
    setsOf(work, k, pair, depth + 1, out);
    work[k]!++; work[k + 1]!++; work[k + 2]!++;
  }
}

/** True when `counts` (concealed part, 3n+2 tiles) is complete in any form. */
export const isComplete = (counts: Counts34): boolean => decompositions(counts).length > 0;
