/**
 * Tile acceptance (ukeire) for a 3n+1 hand: the kinds whose draw lowers shanten, with how many
 * copies are still unseen (4 − copies in hand − copies visible elsewhere).
 */
import { HandGroups, ShantenPlusOne, shanten, impliedMelds } from './shanten';

/** The wait search's hand (refilled per search: no allocation). */
const WAIT_GROUPS = new HandGroups();
import { YAOCHUU, type Counts34, type TileKind } from './tiles';

export interface Ukeire {
  shanten: number;
  tiles: { kind: TileKind; unseen: number }[];
  /** Sum of unseen copies over `tiles`. */
  total: number;
}

export function ukeire(counts: Counts34, meldCount = impliedMelds(counts), visible?: Counts34): Ukeire {
  const work = counts.slice();
  const before = shanten(work, meldCount);
  const plus = new ShantenPlusOne(work, meldCount);
  const tiles: Ukeire['tiles'] = [];
  let total = 0;
  // A kind that is neither held nor a suit neighbour within two joins no set, partial or pair;
  // it can only lower seven pairs (fewer than 7 kinds held) or kokushi (a terminal/honour).
  let kinds = 0;
  for (let k = 0; k < 34; k++) if (work[k]! > 0) kinds++;
  const chiitoi = meldCount === 0 && kinds < 7;
  for (let k = 0; k < 34; k++) {
    if (work[k]! >= 4) continue;
    if (!chiitoi && !mayComplete(work, k, meldCount === 0)) continue;
    if (plus.with(k) < before) {
      const unseen = Math.max(0, 4 - counts[k]! - (visible?.[k] ?? 0));
      tiles.push({ kind: k, unseen });
      total += unseen;
    }
  }
  return { shanten: before, tiles, total };
}

/**
 * Whether drawing `k` could complete anything: a wait is a held kind (tanki, shanpon, the seven
 * pairs single) or a suit neighbour within two (ryanmen, kanchan, penchan); kokushi waits on
 * terminals/honours, which `kokushi` admits.
 */
function mayComplete(c: Counts34, k: number, kokushi: boolean): boolean {
  if (c[k]! > 0) return true;
  if (k >= 27) return kokushi;
  const n = k % 9;
  if ((n >= 1 && c[k - 1]! > 0) || (n >= 2 && c[k - 2]! > 0) || (n <= 7 && c[k + 1]! > 0) || (n <= 6 && c[k + 2]! > 0)) return true;
  return kokushi && (n === 0 || n === 8);
}

/** Winning kinds of a tenpai 3n+1 hand (empty when not tenpai); a kind already held 4 times is no wait (Tenhou). */
export function waitingKinds(counts: Counts34, meldCount = impliedMelds(counts)): TileKind[] {
  const work = counts.slice();
  const out: TileKind[] = [];
  let yaochuu = 0;
  for (const y of YAOCHUU) if (work[y]! > 0) yaochuu++;
  const kokushi = meldCount === 0 && yaochuu >= 12;
  // The three groups a kind does not touch are combined once.
  WAIT_GROUPS.set(work, meldCount);
  for (let k = 0; k < 34; k++) {
    if (work[k]! >= 4 || !mayComplete(work, k, kokushi)) continue;
    if (WAIT_GROUPS.changed(work, k, 1) === -1) out.push(k);
  }
  return out;
}
