import type { StoredGame } from '../backend/types';
import type { GameSummary } from './model';

/** A stored game as the API and `mahjong games --json` show it (snake_case, no log, no token hash). */
export const summaryJson = (g: Omit<StoredGame, 'mjlog' | 'tokenHash'>): typeof GameSummary.static => ({
  game_id: g.id, created_at: g.createdAt, finished_at: g.finishedAt, mode: g.mode, max_round: g.maxRound, seed: g.seeded ? g.seed : null, seeded: g.seeded,
  ais: g.ais, scores: g.scores, points: g.points, placements: g.placements, hands: g.hands,
});
