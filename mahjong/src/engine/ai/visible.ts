import type { StateView } from '../game/view-schema';
import { SEEN_KINDS } from '../game/seen';

/** Copies of each kind the viewer can see outside its hand: uncalled discards, melds, dora indicators. */
export function seenKinds(view: StateView): number[] {
  // A view built by the engine carries the table's running count; a view from elsewhere is counted.
  const kept = (view as { [SEEN_KINDS]?: readonly number[] })[SEEN_KINDS];
  return kept ? kept.slice() : countSeen(view);
}

/** `seenKinds` written into `out` (34 entries), without a new array. */
export function seenKindsInto(view: StateView, out: number[]): void {
  const from = seenKindsSource(view);
  for (let k = 0; k < 34; k++) out[k] = from[k]!;
}

/** The seen counts to copy from (never write it): the table's running count a view built by the engine carries, else a fresh count. */
export function seenKindsSource(view: StateView): readonly number[] {
  return (view as { [SEEN_KINDS]?: readonly number[] })[SEEN_KINDS] ?? countSeen(view);
}

/** `seenKinds` counted from the view's rivers, melds and dora indicators. */
export function countSeen(view: StateView): number[] {
  const seen = ZERO_34.slice();
  const players = view.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    const river = p.river;
    for (let j = 0; j < river.length; j++) { const r = river[j]!; if (!r.called) seen[r.tile >> 2]! += 1; }
    const melds = p.melds;
    for (let j = 0; j < melds.length; j++) { const tiles = melds[j]!.tiles; for (let t = 0; t < tiles.length; t++) seen[tiles[t]! >> 2]! += 1; }
  }
  const dora = view.dora;
  for (let i = 0; i < dora.length; i++) seen[dora[i]! >> 2]! += 1;
  return seen;
}

/** 34 zeros, copied for each count array (a copy is cheaper than filling a new array). */
export const ZERO_34: readonly number[] = new Array<number>(34).fill(0);
