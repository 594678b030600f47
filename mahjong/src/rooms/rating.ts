/**
 * Ratings of room players, after Tenhou's R rating (mahjong/README.md, "Rooms"):
 *
 *   R' = R + K(games) × L × (placeScore + (tableAverage − R) / 40)
 *
 * - placeScore = 50 − 20 × place: +30, +10, −10, −30 for 1st … 4th;
 * - tableAverage: the mean R of the four seats, a bot seat counting as BOT_RATING;
 * - K(games) = max(0.2, 1 − 0.002 × games played before this one) (new players move faster);
 * - L = 1 for East-South, 0.5 for East only (a shorter game says less).
 *
 * Only human seats change; a game counts only with at least two humans and an unseeded wall.
 */
export const INITIAL_RATING = 1500;
export const BOT_RATING = 1500;
export const MIN_HUMANS_RATED = 2;

export interface Rating {
  name: string;
  rating: number;
  games: number;
}

export interface RatedSeat {
  /** null for a bot seat. */
  name: string | null;
  /** 1–4. */
  place: number;
}

export interface RatingChange {
  name: string;
  seat: number;
  place: number;
  before: number;
  after: number;
  delta: number;
  games: number;
}

export const placeScore = (place: number): number => 50 - 20 * place;
export const gamesFactor = (games: number): number => Math.max(0.2, 1 - 0.002 * games);
export const lengthFactor = (maxRound: number): number => (maxRound === 0 ? 0.5 : 1);
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Whether a finished game changes ratings. */
export function counts(seats: readonly RatedSeat[], seeded: boolean): boolean {
  return !seeded && seats.filter((s) => s.name !== null).length >= MIN_HUMANS_RATED;
}

/** The new rating of every human seat; `current` holds the players' ratings before the game (missing = new player). */
export function rate(seats: readonly RatedSeat[], current: ReadonlyMap<string, Rating>, maxRound: number): RatingChange[] {
  const before = seats.map((s) => (s.name === null ? null : current.get(s.name) ?? { name: s.name, rating: INITIAL_RATING, games: 0 }));
  const average = before.reduce((sum, r) => sum + (r ? r.rating : BOT_RATING), 0) / seats.length;
  const out: RatingChange[] = [];
  seats.forEach((s, seat) => {
    const r = before[seat];
    if (!r || s.name === null) return;
    const delta = round2(gamesFactor(r.games) * lengthFactor(maxRound) * (placeScore(s.place) + (average - r.rating) / 40));
    out.push({ name: s.name, seat, place: s.place, before: r.rating, after: round2(r.rating + delta), delta, games: r.games + 1 });
  });
  return out;
}
