/**
 * Tiles. Two encodings, both Tenhou's:
 * - kind 0–33: 0–8 = 1m–9m, 9–17 = 1p–9p, 18–26 = 1s–9s, 27–30 = East South West North,
 *   31–33 = Haku Hatsu Chun.
 * - id 0–135: `kind = id >> 2`, `copy = id & 3`; copy 0 of each five is red (ids 16, 52, 88).
 */

export type TileKind = number;
export type TileId = number;
/** 34 counts, index = kind. */
export type Counts34 = number[];

export const KIND_COUNT = 34;
export const TILE_COUNT = 136;
export const RED_FIVE_IDS: readonly TileId[] = [16, 52, 88];

export const EAST = 27;
export const SOUTH = 28;
export const WEST = 29;
export const NORTH = 30;
export const HAKU = 31;
export const HATSU = 32;
export const CHUN = 33;

export type Suit = 'm' | 'p' | 's' | 'z';
export const SUITS: readonly Suit[] = ['m', 'p', 's', 'z'];

/** The 13 terminal and honor kinds (kokushi). */
export const YAOCHUU: readonly TileKind[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

export const kindOf = (id: TileId): TileKind => id >> 2;
/** Whether a physical tile is one of the three red fives (`RED_FIVE_IDS`). */
export const isRed = (id: TileId): boolean => id === 16 || id === 52 || id === 88;
/** 0, 1, 2 for the red 5m, 5p, 5s: the red five's place in `RED_FIVE_IDS` (only for a red five). */
export const redFiveIndex = (id: TileId): number => (id - 16) / 36;
export const suitOf = (kind: TileKind): Suit => SUITS[Math.floor(kind / 9)] as Suit;
/** 1–9 for suited tiles, 1–7 for honors (East … Chun). */
export const numberOf = (kind: TileKind): number => (kind % 9) + 1;
export const isHonor = (kind: TileKind): boolean => kind >= 27;
export const isSuited = (kind: TileKind): boolean => kind < 27;
export const isTerminal = (kind: TileKind): boolean => kind < 27 && (kind % 9 === 0 || kind % 9 === 8);
// Written out (not isHonor || isTerminal): the AI asks it per draw while counting acceptance.
export const isYaochuu = (kind: TileKind): boolean => kind >= 27 || kind % 9 === 0 || kind % 9 === 8;
export const isSimple = (kind: TileKind): boolean => !isYaochuu(kind);
export const isDragon = (kind: TileKind): boolean => kind >= HAKU;
export const isWind = (kind: TileKind): boolean => kind >= EAST && kind <= NORTH;

/** Seat/round wind 0–3 (East … North) as a tile kind. */
export const windKind = (wind: number): TileKind => EAST + (wind & 3);

/**
 * The dora a given indicator points at: next in suit (9 → 1), winds E→S→W→N→E,
 * dragons Haku→Hatsu→Chun→Haku.
 */
export function doraFromIndicator(indicator: TileKind): TileKind {
  if (indicator < 27) return indicator - (indicator % 9) + ((indicator % 9) + 1) % 9;
  if (indicator <= NORTH) return EAST + ((indicator - EAST + 1) % 4);
  return HAKU + ((indicator - HAKU + 1) % 3);
}

/** 34 zeros, copied for each count array (a copy is cheaper than filling a new array). */
const NO_COUNTS: readonly number[] = new Array<number>(KIND_COUNT).fill(0);

/** Counts per kind of a list of 136-ids. */
export function countsOf(ids: readonly TileId[]): Counts34 {
  const counts = NO_COUNTS.slice();
  for (const id of ids) counts[id >> 2]!++;
  return counts;
}

/** Counts per kind of a list of kinds. */
export function countsOfKinds(kinds: readonly TileKind[]): Counts34 {
  const counts = NO_COUNTS.slice();
  for (const k of kinds) counts[k]!++;
  return counts;
}

export const isValidId = (id: unknown): id is TileId =>
  typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < TILE_COUNT;
