/**
 * Ladder standings from its duplicate matches (each match: one wall played four times with the
 * lineup rotated). A contestant's rating is its mean final points per game (Tenhou's uma and
 * return applied), with a 95 % interval that treats each match as one sample; average place is
 * given the same way. Lineups are drawn at random from the entrants, so over many matches every
 * contestant meets the same mix of opponents.
 */
import { Type as t, type Static } from '@sinclair/typebox';
import { clusterRatio, type GameRecord } from '../../engine/sim/arena';
import { PublishedRun, RELEASE_RUNS } from './runs';

export const LadderMatch = t.Object({
  at: t.String({ description: 'when the match ended (ISO 8601)' }),
  seed: t.Integer({ description: 'the wall played four times' }),
  lineup: t.Array(t.String(), { minItems: 4, maxItems: 4 }),
  /** Per game (rotation) and seat: contestant, place 1–4, final points. */
  games: t.Array(t.Array(t.Object({ name: t.String(), place: t.Integer(), points: t.Number() }))),
});
export type LadderMatch = Static<typeof LadderMatch>;

const Interval = t.Object({ mean: t.Number(), ci95: t.Number({ description: 'half-width of the 95 % interval (matches as samples)' }) });

export const LadderRow = t.Object({
  name: t.String(),
  rating: Interval,
  avg_place: Interval,
  games: t.Integer(),
  matches: t.Integer(),
  last_played: t.String(),
});
export type LadderRow = Static<typeof LadderRow>;

export const LadderStandings = t.Object({
  enabled: t.Boolean({ description: 'whether this server is playing ladder matches now (serve --ladder)' }),
  matches: t.Integer(),
  standings: t.Array(LadderRow, { description: 'best rating first' }),
  runs: t.Array(PublishedRun, { description: 'published strength figures (arena runs, classic mjai client series), newest first' }),
  skipped_runs: t.Array(t.String(), { description: 'files in ladder-runs/ that are not runs (left alone)' }),
  release_runs: t.Array(PublishedRun, { description: 'the strength figures measured for this release, shipped with the program' }),
});
export type LadderStandings = Static<typeof LadderStandings>;

export function matchOf(lineup: string[], seed: number, records: GameRecord[], at = new Date()): LadderMatch {
  return { at: at.toISOString(), seed, lineup, games: records.map((g) => g.results.map((r) => ({ name: r.name, place: r.place, points: r.points }))) };
}

export function standings(matches: LadderMatch[], enabled: boolean, published: { runs: PublishedRun[]; skipped: string[] } = { runs: [], skipped: [] }): LadderStandings {
  const names = [...new Set(matches.flatMap((m) => m.lineup))];
  const rows = names.map((name): LadderRow => {
    const mine = matches.filter((m) => m.lineup.includes(name));
    const seats = mine.map((m) => m.games.flat().filter((r) => r.name === name));
    const n = seats.map((s) => s.length);
    return {
      name,
      rating: round(clusterRatio(seats.map((s) => s.reduce((a, r) => a + r.points, 0)), n), 2),
      avg_place: round(clusterRatio(seats.map((s) => s.reduce((a, r) => a + r.place, 0)), n), 3),
      games: n.reduce((a, b) => a + b, 0),
      matches: mine.length,
      last_played: mine.reduce((a, m) => (m.at > a ? m.at : a), ''),
    };
  });
  rows.sort((a, b) => b.rating.mean - a.rating.mean || a.name.localeCompare(b.name));
  return { enabled, matches: matches.length, standings: rows, runs: published.runs, skipped_runs: published.skipped, release_runs: RELEASE_RUNS };
}

const round = (e: { mean: number; ci95: number }, d: number) => ({ mean: Number(e.mean.toFixed(d)), ci95: Number(e.ci95.toFixed(d)) });
