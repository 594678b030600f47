/**
 * mjai tile codes (Mortal, mjai.app, mjai-reviewer): `1m`–`9m`, `1p`–`9p`, `1s`–`9s`, red fives
 * `5mr` `5pr` `5sr`, honours `E S W N` (winds) and `P F C` (haku, hatsu, chun), `?` for a tile
 * not shown. Our kinds are 0–33 (0–8 man, 9–17 pin, 18–26 sou, 27–33 E S W N P F C); ids are
 * Tenhou's 0–135 with the red fives at 16, 52, 88.
 */
import { isRed, RED_FIVE_IDS } from '../../engine/tiles';

export type MjaiTile = string;

const HONORS = ['E', 'S', 'W', 'N', 'P', 'F', 'C'] as const;
const SUITS = ['m', 'p', 's'] as const;

export const isRedId = isRed;

/** A kind (0–33) and whether it is the red five, as mjai writes it. */
export function mjaiOfKind(kind: number, red = false): MjaiTile {
  if (!Number.isInteger(kind) || kind < 0 || kind > 33) throw new RangeError(`tile kind ${kind} out of range 0–33`);
  if (kind >= 27) return HONORS[kind - 27]!;
  return `${(kind % 9) + 1}${SUITS[Math.floor(kind / 9)]!}${red ? 'r' : ''}`;
}

/** A Tenhou id (0–135) as an mjai tile. */
export const mjaiOfId = (id: number): MjaiTile => mjaiOfKind(id >> 2, isRedId(id));

/** Parse an mjai tile: `{kind, red}`, or null when the code is not a tile (`?` included). */
export function parseMjaiTile(code: unknown): { kind: number; red: boolean } | null {
  if (typeof code !== 'string') return null;
  const h = HONORS.indexOf(code as (typeof HONORS)[number]);
  if (h >= 0) return { kind: 27 + h, red: false };
  const m = /^([1-9])([mps])(r?)$/.exec(code);
  if (!m) return null;
  const n = Number(m[1]);
  const red = m[3] === 'r';
  if (red && n !== 5) return null;
  return { kind: SUITS.indexOf(m[2] as 'm') * 9 + n - 1, red };
}

/** The red five id of a suit kind 4/13/22, else undefined. */
export const redIdOfKind = (kind: number): number | undefined => (kind === 4 ? RED_FIVE_IDS[0] : kind === 13 ? RED_FIVE_IDS[1] : kind === 22 ? RED_FIVE_IDS[2] : undefined);

/** mjai winds: `bakaze` E S W N for round winds 0–3. */
export const windOf = (w: number): MjaiTile => HONORS[w % 4]!;
