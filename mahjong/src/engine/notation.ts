/**
 * Short tile notation, e.g. `123m406p789s1122z`: digits followed by their suit letter
 * (m, p, s, z); `0` is a red five (m/p/s only); z digits 1–7 = East South West North Haku Hatsu Chun.
 */
import { type TileId, type TileKind, isRed, kindOf, SUITS } from './tiles';

export class NotationError extends Error {
  readonly code = 'BAD_NOTATION';
  constructor(message: string) {
    super(message);
    this.name = 'NotationError';
  }
}

/** Parse to kinds (0–33) in written order; red fives become plain fives. Throws NotationError. */
export function parseKinds(text: string): TileKind[] {
  return parseRaw(text).map((t) => t.kind);
}

/**
 * Parse to 136-ids in written order. Each tile takes a free copy of its kind: `0` takes the red
 * copy (copy 0), a plain `5` takes copies 1–3 first and the red copy only when all three are taken
 * (with red fives in play a fourth five is always red). `used` marks ids already taken elsewhere
 * (for example by melds parsed earlier) and is updated. Throws NotationError.
 */
export function parseTiles(text: string, used: Set<TileId> = new Set()): TileId[] {
  const ids: TileId[] = [];
  for (const { kind, red } of parseRaw(text)) {
    const order = red ? [0] : kind < 27 && kind % 9 === 4 ? [1, 2, 3, 0] : [0, 1, 2, 3];
    const id = order.map((c) => kind * 4 + c).find((i) => !used.has(i));
    if (id === undefined) {
      throw new NotationError(`${red ? 'red five' : formatKinds([kind])}: more copies than exist in "${quote(text)}"`);
    }
    used.add(id);
    ids.push(id);
  }
  return ids;
}

/** Format 136-ids (red fives as `0`), sorted by kind unless `sort` is false. */
export function formatTiles(ids: readonly TileId[], sort = true): string {
  const list = sort ? [...ids].sort((a, b) => kindOf(a) - kindOf(b) || (isRed(b) ? 1 : 0) - (isRed(a) ? 1 : 0)) : ids;
  return group(list.map((id) => ({ kind: kindOf(id), red: isRed(id) })));
}

/** Format kinds, sorted unless `sort` is false. */
export function formatKinds(kinds: readonly TileKind[], sort = true): string {
  const list = sort ? [...kinds].sort((a, b) => a - b) : kinds;
  return group(list.map((kind) => ({ kind, red: false })));
}

/** One kind as notation, e.g. 4 → `5m`, 31 → `5z`. */
export const kindName = (kind: TileKind): string => formatKinds([kind]);

function group(tiles: { kind: TileKind; red: boolean }[]): string {
  let out = '';
  let digits = '';
  let suit = '';
  for (const { kind, red } of tiles) {
    const s = SUITS[Math.floor(kind / 9)] as string;
    if (s !== suit && digits) {
      out += digits + suit;
      digits = '';
    }
    suit = s;
    digits += red ? '0' : String((kind % 9) + 1);
  }
  return digits ? out + digits + suit : out;
}

/** Error messages quote at most 40 characters of what was written (a pasted log stays one line). */
const quote = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function parseRaw(text: string): { kind: TileKind; red: boolean }[] {
  // Typed by hand: spaces between groups, upper-case suits and full-width digits (a Japanese IME)
  // mean the same tiles.
  const src = text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
  if (!/^(\d+[mpsz])*$/.test(src)) {
    throw new NotationError(`"${quote(text)}" is not tile notation (digits followed by m, p, s or z, e.g. 123m406p11z)`);
  }
  const out: { kind: TileKind; red: boolean }[] = [];
  for (const m of src.matchAll(/(\d+)([mpsz])/g)) {
    const base = SUITS.indexOf(m[2] as 'm') * 9;
    for (const ch of m[1] as string) {
      const n = Number(ch);
      if (m[2] === 'z' && (n < 1 || n > 7)) throw new NotationError(`"${ch}z" is not an honor (1z–7z)`);
      out.push({ kind: base + (n === 0 ? 4 : n - 1), red: n === 0 });
    }
  }
  return out;
}
