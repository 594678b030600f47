import { t } from 'elysia';
import { GameMode } from '../game/model';
import { LogFormatName } from '../replay/model';

const Four = <T extends Parameters<typeof t.Array>[0]>(item: T, description: string) => t.Array(item, { minItems: 4, maxItems: 4, description });

/** One finished game in the history (the log itself is downloaded separately). */
export const GameSummary = t.Object({
  game_id: t.String({ description: 'The session id the game was played under' }),
  created_at: t.String(), finished_at: t.String(),
  mode: GameMode,
  max_round: t.Integer({ description: '0 East only, 1 East-South' }),
  seed: t.Union([t.Integer(), t.Null()], { description: 'The seed the walls were dealt from (a seeded practice game); null when they came from a secret, revealed in the log' }),
  seeded: t.Boolean({ description: 'A seeded practice game: reproducible walls, never rated' }),
  ais: Four(t.Union([t.String(), t.Null()]), 'AI of each seat (0–3); null = the human (seat 0 of a human_ai game)'),
  scores: Four(t.Integer(), 'Final scores by seat'),
  points: Four(t.Number(), "Tenhou's final points by seat (return 30,000, uma 20/10)"),
  placements: Four(t.Integer({ minimum: 1, maximum: 4 }), 'Place of each seat, 1–4'),
  hands: t.Integer({ description: 'Hands played' }),
});

export const GameList = t.Object({
  games: t.Array(GameSummary),
  total: t.Integer({ description: 'Games this caller may see' }),
  limit: t.Integer(), offset: t.Integer(),
  store: t.Union([t.Literal('sqlite'), t.Literal('redis')], { description: 'Where this server keeps finished games' }),
  admin: t.Boolean({ description: 'The admin token was presented: every game is listed' }),
});

export const GameListQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, description: 'Page size (default 50)' })),
  offset: t.Optional(t.Integer({ minimum: 0 })),
});

export const GameParams = t.Object({ game_id: t.String({ minLength: 1, maxLength: 64 }) });
export const GameExportFileQuery = t.Object({ format: LogFormatName });
export const AdminLoginResponse = t.Object({ admin: t.Boolean({ description: 'whether the history now shows every game' }) });
