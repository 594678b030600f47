/**
 * Physical tiles as Tenhou numbers them: ids 0–135, `kind = id >> 2` (0–8 man, 9–17 pin,
 * 18–26 sou, 27–33 E S W N Haku Hatsu Chun), copy 0 of each five is red (16, 52, 88).
 */
export const RED_IDS = [16, 52, 88] as const;

export const kindOf = (id: number): number => id >> 2;
export const isRed = (id: number): boolean => id === 16 || id === 52 || id === 88;

const SUITS = ['m', 'p', 's'] as const;
const HONOURS = ['E', 'S', 'W', 'N', 'P', 'F', 'C'] as const;

/** Kind (0–33) as short notation: `5m`, `9s`, `E`, `C`. */
export function kindName(kind: number): string {
  if (kind >= 27) return HONOURS[kind - 27] ?? '?';
  return `${(kind % 9) + 1}${SUITS[Math.floor(kind / 9)]}`;
}

/** Tile id as notation; a red five is written `0m`/`0p`/`0s`. */
export function tileName(id: number): string {
  if (isRed(id)) return `0${SUITS[Math.floor(kindOf(id) / 9)]}`;
  return kindName(kindOf(id));
}

/** The dora kind indicated by an indicator kind (9→1 within a suit, N→E, Chun→Haku). */
export function doraOf(indicatorKind: number): number {
  if (indicatorKind < 27) return indicatorKind - (indicatorKind % 9) + (((indicatorKind % 9) + 1) % 9);
  if (indicatorKind < 31) return 27 + ((indicatorKind - 27 + 1) % 4);
  return 31 + ((indicatorKind - 31 + 1) % 3);
}

export const isTerminalOrHonour = (kind: number): boolean => kind >= 27 || kind % 9 === 0 || kind % 9 === 8;

/** Counts per kind (length 34) of a list of tile ids. */
export function kindCounts(ids: readonly number[]): number[] {
  const counts = new Array<number>(34).fill(0);
  for (const id of ids) counts[id >> 2]! += 1;
  return counts;
}
