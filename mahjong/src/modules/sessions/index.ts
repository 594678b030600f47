import { Elysia } from 'elysia';
import { SessionList } from './model';
import type { GameService } from '../game/service';

/** `GET /api/sessions`: every live session with its settings and activity. */
export const sessionsModule = (service: GameService) =>
  new Elysia({ name: 'sessions' }).get('/api/sessions', () => ({
    sessions: service.sessions.list().map(({ session: s, lastActive }) => ({
      session_id: s.id, mode: s.mode, ai_model: s.aiModel, seed: s.seed, max_round: s.maxRound, created_at: s.createdAt,
      last_active: new Date(lastActive).toISOString(), subscribers: s.hub.size, hands_finished: s.finished, is_over: s.isOver,
      delay_ms: s.delayMs,
    })),
    max_sessions: service.sessions.limits.maxSessions,
    ttl_seconds: Math.round(service.sessions.limits.ttlMs / 1000),
  }), { response: SessionList, detail: { summary: 'Live sessions', tags: ['sessions'] } });
