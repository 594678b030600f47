/**
 * Who sits where in a room, before and during its game (mahjong/README.md, "Rooms"): four seats,
 * each empty, a human (by name, holding a secret seat token of which the room keeps only the
 * SHA-256) or a bot. The room starts with at least MIN_HUMANS humans; bots fill the empty seats.
 */
export const SEATS = 4;
export const MIN_HUMANS = 2;
export const MAX_NAME = 24;

export type Seat =
  | { kind: 'human'; name: string; tokenHash: string }
  | { kind: 'bot'; ai: string };

export type SeatList = (Seat | null)[];

export class SeatError extends Error {
  constructor(readonly code: 'NAME_INVALID' | 'NAME_TAKEN' | 'SEAT_TAKEN' | 'ROOM_FULL' | 'NOT_ENOUGH_PLAYERS', message: string) {
    super(message);
  }
}

/** A player's name as shown and rated: trimmed, 1–24 characters, no control characters. */
export function cleanName(raw: string): string {
  const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!name || [...name].length > MAX_NAME) throw new SeatError('NAME_INVALID', `a name has 1–${MAX_NAME} characters`);
  if (/\p{C}/u.test(name)) throw new SeatError('NAME_INVALID', 'a name may not contain control or invisible format characters');
  return name;
}

/** The seat a new player gets: the one asked for if free, else the first free one. */
export function takeSeat(seats: SeatList, name: string, wanted?: number): number {
  if (seats.some((s) => s?.kind === 'human' && s.name.toLowerCase() === name.toLowerCase())) throw new SeatError('NAME_TAKEN', `${name} already sits at this table`);
  if (wanted !== undefined) {
    if (seats[wanted]) throw new SeatError('SEAT_TAKEN', `seat ${wanted} is taken`);
    return wanted;
  }
  const free = seats.findIndex((s) => !s);
  if (free < 0) throw new SeatError('ROOM_FULL', 'all four seats are taken');
  return free;
}

export const humans = (seats: SeatList): number => seats.filter((s) => s?.kind === 'human').length;

/** The seats at the start: every empty one given to `bots[seat]`. */
export function fillWithBots(seats: SeatList, bots: readonly string[]): Seat[] {
  if (humans(seats) < MIN_HUMANS) throw new SeatError('NOT_ENOUGH_PLAYERS', `a room starts with at least ${MIN_HUMANS} players seated (${humans(seats)} now)`);
  return seats.map((s, i) => s ?? { kind: 'bot', ai: bots[i]! });
}
