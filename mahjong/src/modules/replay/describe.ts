/** Words for replay steps: tiles, seats, rounds, draws. */
import { isRed } from '../../engine/tiles';
const WINDS = ['East', 'South', 'West', 'North'];
const HONORS = ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'];

export function tileText(id: number): string {
  const kind = id >> 2;
  if (kind >= 27) return HONORS[kind - 27] ?? '?';
  const red = isRed(id);
  return `${red ? 0 : (kind % 9) + 1}${'mps'[Math.floor(kind / 9)]}`;
}

export const seatText = (seat: number, oya: number): string => `P${seat} (${WINDS[(seat - oya + 4) % 4]})`;

/** Round index 0–3 East 1–4, 4–7 South, 8–11 West (paipu Round.round). */
export const roundText = (round: number): string => `${WINDS[Math.floor(round / 4) % 4]} ${(round % 4) + 1}`;

export { RYUUKYOKU_TEXT } from '../../engine/game/result-text';
