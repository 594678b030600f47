import type { StateView } from '../game/view-schema';

/** Copies of each kind the viewer can see outside its hand: uncalled discards, melds, dora indicators. */
export function seenKinds(view: StateView): number[] {
  const seen = new Array<number>(34).fill(0);
  for (const p of view.players) {
    for (const r of p.river) if (!r.called) seen[r.tile >> 2]! += 1;
    for (const m of p.melds) for (const id of m.tiles) seen[id >> 2]! += 1;
  }
  for (const d of view.dora) seen[d >> 2]! += 1;
  return seen;
}
