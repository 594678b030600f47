/**
 * The waits of a tenpai hand (3n+1 concealed tiles) with their shapes, for display and the AI.
 * A tanki on a tile that is also a tanki three away across a held 4-tile run (e.g. 3456 waiting on
 * 3 and 6) is reported as `nobetan`.
 */
import { type Counts34, type TileKind } from '../tiles';
import type { WaitShape } from '../scoring/types';
import { impliedMelds } from '../shanten';
import { waitingKinds } from '../ukeire';
import { decompositions } from './decompose';
import { winReadings } from './waits';

export interface HandWait {
  kind: TileKind;
  shapes: WaitShape[];
}

export function handWaits(counts: Counts34, meldCount = impliedMelds(counts)): HandWait[] {
  const kinds = waitingKinds(counts, meldCount);
  const out: HandWait[] = kinds.map((kind) => {
    const work = counts.slice();
    work[kind]!++;
    const shapes = new Set<WaitShape>();
    for (const dec of decompositions(work)) for (const r of winReadings(dec, kind)) shapes.add(r.wait);
    return { kind, shapes: [...shapes] };
  });
  const tanki = new Set(out.filter((w) => w.shapes.includes('tanki')).map((w) => w.kind));
  for (const w of out) {
    if (!w.shapes.includes('tanki') || w.kind >= 27) continue;
    const run = (low: number) => low >= 0 && Math.floor(low / 9) === Math.floor((low + 3) / 9) && [0, 1, 2, 3].every((i) => counts[low + i]! > 0);
    const partner = [w.kind + 3, w.kind - 3].some((p) => tanki.has(p) && run(Math.min(p, w.kind)));
    if (partner) w.shapes = w.shapes.map((s) => (s === 'tanki' ? 'nobetan' : s));
  }
  return out;
}
