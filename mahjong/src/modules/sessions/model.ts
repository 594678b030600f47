import { t } from 'elysia';
import { GameMode } from '../game/model';

export const SessionInfo = t.Object({
  session_id: t.String(), mode: GameMode, ai_model: t.Union([t.String(), t.Null()]), seed: t.Union([t.Integer(), t.Null()]),
  max_round: t.Integer(), created_at: t.String(), last_active: t.String(), subscribers: t.Integer(),
  hands_finished: t.Integer(), is_over: t.Boolean(), delay_ms: t.Integer(),
});
export const SessionList = t.Object({ sessions: t.Array(SessionInfo), max_sessions: t.Integer(), ttl_seconds: t.Integer() });
