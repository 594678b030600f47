/**
 * Tile acceptance (ukeire) for a 3n+1 hand: the kinds whose draw lowers shanten, with how many
 * copies are still unseen (4 − copies in hand − copies visible elsewhere).
 */
import { shanten, impliedMelds } from './shanten';
import type { Counts34, TileKind } from './tiles';

export interface Ukeire {
  shanten: number;
  tiles: { kind: TileKind; unseen: number }[];
  /** Sum of unseen copies over `tiles`. */
  total: number;
}

export function ukeire(counts: Counts34, meldCount = impliedMelds(counts), visible?: Counts34): Ukeire {
  const work = counts.slice();
  const before = shanten(work, meldCount);
  const tiles: Ukeire['tiles'] = [];
  let total = 0;
  for (let k = 0; k < 34; k++) {
    if (work[k]! >= 4) continue;
    work[k]!++;
    const after = shanten(work, meldCount);
    work[k]!--;
    if (after < before) {
      const unseen = Math.max(0, 4 - counts[k]! - (visible?.[k] ?? 0));
      tiles.push({ kind: k, unseen });
      total += unseen;
    }
  }
  return { shanten: before, tiles, total };
}

/** Winning kinds of a tenpai 3n+1 hand (empty when not tenpai); a kind already held 4 times is no wait (Tenhou). */
export function waitingKinds(counts: Counts34, meldCount = impliedMelds(counts)): TileKind[] {
  const work = counts.slice();
  const out: TileKind[] = [];
  for (let k = 0; k < 34; k++) {
    if (work[k]! >= 4) continue;
    work[k]!++;
    if (shanten(work, meldCount) === -1) out.push(k);
    work[k]!--;
  }
  return out;
}
