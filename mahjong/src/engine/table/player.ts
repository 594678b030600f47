import type { Meld } from '../paipu/types';
import { bumpMasks, handMasksOf, type HandMasks } from './hand-masks';

export interface RiverTile {
  tile: number;
  tsumogiri: boolean;
  /** The tile that declared riichi. */
  riichi: boolean;
  /** Taken by another seat's call. */
  called: boolean;
}

/** One seat's share of a hand in progress. */
export interface PlayerState {
  /**
   * The concealed tiles, ascending: built from `ids` when read (the same array, refilled when the
   * hand changed since). Read-only for callers: the table changes it through addTile/removeTile.
   */
  readonly hand: number[];
  /** The concealed tiles as a 136-bit set (bit id & 31 of word id >> 5), what the table keeps. Read-only. */
  readonly ids: number[];
  /** How many concealed tiles (`hand.length`, without building the list). */
  readonly tileCount: number;
  melds: Meld[];
  /**
   * The discards in order, as objects built from `riverCodes` when read (the same array each time,
   * brought up to date: a reader that kept it sees the discards made since once it reads again).
   * Read-only for callers: the table changes it through discardTo and markLastCalled.
   */
  readonly river: RiverTile[];
  /** The river as one integer per discard (`RIVER_*` bits over the tile id), what the table keeps. */
  readonly riverCodes: number[];
  /** Kinds this seat ever discarded (permanent furiten), including tiles called away: read from the bits below. */
  readonly discarded: readonly boolean[];
  /** The same as bits (kinds 0–26, then 27–33), what the table keeps (see discardTo). */
  discardedSuits: number;
  discardedHonours: number;
  /** Kinds passed since this seat's last draw, or since riichi (temporary and riichi furiten), read from the bits below. */
  readonly missed: readonly boolean[];
  /**
   * The passed kinds as bits (kinds 0–26, then 27–33), the table's own record of them: marking
   * runs for every seat at every draw, so it is one OR (see markMissed/clearMissed, isMissed).
   */
  missedSuits: number;
  missedHonours: number;
  /** Riichi declared (step 1 done). */
  riichi: boolean;
  /** The riichi stick was paid (the declaring discard was not ronned). */
  riichiAccepted: boolean;
  doubleRiichi: boolean;
  ippatsu: boolean;
  /** All discards terminals/honours and none called (nagashi mangan). */
  nagashi: boolean;
  /** Kinds kuikae forbids discarding right after a chi/pon. */
  forbidden: number[];
  /** Seat liable for big three dragons / big four winds (pao). */
  pao: number | null;
  kans: number;
  /** Cached winning kinds of the 13-tile (3n+1) hand; null = recompute. */
  waits: number[] | null;
  /** Shanten of the same 3n+1 hand (valid with `waits`). */
  shanten13: number;
  /** Tiles per kind in `hand`, kept in step by addTile/removeTile. Read-only for callers. */
  counts: number[];
  /** Bit masks of the same hand (hand-masks.ts), kept in step likewise. */
  masks: HandMasks;
}

/** Bits of a river code above the tile id (bits 0–7). */
export const RIVER_TSUMOGIRI = 1 << 8;
export const RIVER_RIICHI = 1 << 9;
export const RIVER_CALLED = 1 << 10;

const riverTileOf = (code: number): RiverTile =>
  ({ tile: code & 0xff, tsumogiri: (code & RIVER_TSUMOGIRI) !== 0, riichi: (code & RIVER_RIICHI) !== 0, called: (code & RIVER_CALLED) !== 0 });

/** The one implementation of PlayerState (a class: its fields keep one shape, its getters live on the prototype). */
class Player implements PlayerState {
  readonly ids: number[];
  tileCount: number;
  /** `hand` as last built (made on the first read); `handStale` once the set changed since. */
  private handList: number[] | null = null;
  handStale = true;
  melds: Meld[] = [];
  readonly riverCodes: number[] = [];
  /** The river's objects, made on the first read (a random self-play hand never reads them). */
  private riverTiles: RiverTile[] | null = null;
  discardedSuits = 0;
  discardedHonours = 0;
  missedSuits = 0;
  missedHonours = 0;
  riichi = false;
  riichiAccepted = false;
  doubleRiichi = false;
  ippatsu = false;
  nagashi = true;
  forbidden: number[] = NO_KINDS;
  pao: number | null = null;
  kans = 0;
  waits: number[] | null = null;
  shanten13 = 8;
  counts: number[];
  masks: HandMasks;

  constructor(ids: number[], tileCount: number, counts: number[], masks: HandMasks) {
    this.ids = ids;
    this.tileCount = tileCount;
    this.counts = counts;
    this.masks = masks;
  }

  get hand(): number[] {
    const out = this.handList ??= [];
    if (this.handStale) {
      // The set read back in order: sorted with no comparisons.
      if (out.length !== 0) out.length = 0;
      const ids = this.ids;
      for (let w = 0; w < 5; w++) for (let m = ids[w]!; m !== 0; m &= m - 1) out.push(w * 32 + 31 - Math.clz32(m & -m));
      this.handStale = false;
    }
    return out;
  }

  get river(): RiverTile[] {
    const out = this.riverTiles ??= [], codes = this.riverCodes;
    for (let i = out.length; i < codes.length; i++) out.push(riverTileOf(codes[i]!));
    return out;
  }

  /** Marks the last discard as called, in the codes and in its object if one was built. */
  markLastCalled(): void {
    const i = this.riverCodes.length - 1;
    this.riverCodes[i] = this.riverCodes[i]! | RIVER_CALLED;
    if (this.riverTiles !== null && this.riverTiles.length > i) this.riverTiles[i]!.called = true;
  }

  get discarded(): readonly boolean[] {
    const out = NOES.slice();
    for (let k = 0; k < 34; k++) out[k] = hasKind(this.discardedSuits, this.discardedHonours, k);
    return out;
  }

  get missed(): readonly boolean[] {
    const out = NOES.slice();
    for (let k = 0; k < 34; k++) out[k] = isMissed(this, k);
    return out;
  }
}

export function newPlayer(hand: readonly number[]): PlayerState {
  const counts = ZEROS.slice();
  const ids = NO_IDS.slice(); // (a literal would be copy-on-write: fresh.ts)
  for (let i = 0; i < hand.length; i++) {
    const id = hand[i]!;
    ids[id >> 5]! |= 1 << (id & 31);
    counts[id >> 2]! += 1;
  }
  return new Player(ids, hand.length, counts, handMasksOf(hand, counts, ids));
}

/** Adds a discard to the seat's river. */
export function discardTo(p: PlayerState, id: number, tsumogiri: boolean, riichi: boolean): void {
  p.riverCodes.push(id | (tsumogiri ? RIVER_TSUMOGIRI : 0) | (riichi ? RIVER_RIICHI : 0));
  const kind = id >> 2;
  if (kind < 27) p.discardedSuits |= 1 << kind;
  else p.discardedHonours |= 1 << (kind - 27);
}

/** The seat's last discard was called away. */
export function markLastCalled(p: PlayerState): void {
  (p as Player).markLastCalled();
}

const ZEROS = new Array<number>(34).fill(0);
const NO_IDS = new Array<number>(5).fill(0);
const NOES = new Array<boolean>(34).fill(false);

/** The empty kuikae list every hand starts with; replaced, never mutated. */
export const NO_KINDS: number[] = [];

/** Whether the concealed hand holds tile `id`. */
export const holds = (p: PlayerState, id: number): boolean => ((p.ids[id >> 5]! >>> (id & 31)) & 1) === 1;

// Hand edits are one bit each (the sorted list is built when read): they run on every draw and discard.
export function removeTile(p: PlayerState, id: number): void {
  const q = p as Player;
  const w = id >> 5, bit = 1 << (id & 31);
  if ((q.ids[w]! & bit) === 0) throw new Error(`invariant: tile ${id} not in hand`);
  q.ids[w] = q.ids[w]! & ~bit;
  q.tileCount--;
  q.handStale = true;
  q.waits = null;
  bumpMasks(q.masks, id, --q.counts[id >> 2]!, false);
}

export function addTile(p: PlayerState, id: number): void {
  const q = p as Player;
  const w = id >> 5, bit = 1 << (id & 31);
  if ((q.ids[w]! & bit) !== 0) throw new Error(`invariant: tile ${id} already in hand`);
  q.ids[w] = q.ids[w]! | bit;
  q.tileCount++;
  q.handStale = true;
  bumpMasks(q.masks, id, ++q.counts[id >> 2]!, true);
}

export function markMissed(p: PlayerState, kind: number): void {
  if (kind < 27) p.missedSuits |= 1 << kind;
  else p.missedHonours |= 1 << (kind - 27);
}

export function clearMissed(p: PlayerState): void {
  p.missedSuits = 0;
  p.missedHonours = 0;
}

/** Whether `kind` was passed since the seat's last draw (or since its riichi). */
export const isMissed = (p: PlayerState, kind: number): boolean => hasKind(p.missedSuits, p.missedHonours, kind);

/** Furiten on `kind`: discarded by the seat, or passed since its last draw. */
export const furitenOn = (p: PlayerState, kind: number): boolean =>
  hasKind(p.discardedSuits | p.missedSuits, p.missedHonours | p.discardedHonours, kind);

/** Whether a kind set kept as two bit masks (kinds 0–26, then 27–33) holds `kind`. */
const hasKind = (suits: number, honours: number, kind: number): boolean =>
  (kind < 27 ? (suits >>> kind) & 1 : (honours >>> (kind - 27)) & 1) === 1;

export function isClosed(p: PlayerState): boolean {
  for (const m of p.melds) if (m.type !== 'ankan') return false;
  return true;
}

/** A copy of the counts per kind (callers may modify it). */
export function handCounts(p: PlayerState): number[] {
  return p.counts.slice();
}

/** Tiles of `kind` in the hand, red five last (so plain copies are used first). */
export function copiesOf(p: PlayerState, kind: number): number[] {
  const out = p.hand.filter((id) => id >> 2 === kind);
  return out.sort((a, b) => (a & 3 ? 0 : 1) - (b & 3 ? 0 : 1) || a - b);
}
