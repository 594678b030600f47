/** Aggregates finished games: hands per game, win/draw rates, placements per AI. */
import type { Game } from '../game/game';

export interface SimStats {
  games: number;
  hands: number;
  wins: number;
  tsumo: number;
  ron: number;
  draws: number;
  abortive: number;
  /** agent name → counts of 1st..4th and summed final points. */
  placements: Record<string, { seats: number; places: number[]; points: number }>;
}

export const emptyStats = (): SimStats => ({ games: 0, hands: 0, wins: 0, tsumo: 0, ron: 0, draws: 0, abortive: 0, placements: {} });

export function addGame(s: SimStats, game: Game, names: string[]): void {
  s.games++;
  s.hands += game.log.length;
  for (const e of game.log) {
    if (e.result_type === 'agari') {
      s.wins++;
      if (e.losers.length > 0) s.ron++;
      else s.tsumo++;
    } else if (e.result_type === 'exhaustive' || e.result_type === 'nm') s.draws++;
    else s.abortive++;
  }
  const order = [0, 1, 2, 3].sort((a, b) => game.scores[b]! - game.scores[a]! || a - b);
  order.forEach((seat, place) => {
    const name = names[seat]!;
    const row = (s.placements[name] ??= { seats: 0, places: [0, 0, 0, 0], points: 0 });
    row.seats++;
    row.places[place]!++;
    row.points += game.owari?.points[seat] ?? 0;
  });
}
