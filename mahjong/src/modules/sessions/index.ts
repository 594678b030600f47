import { Elysia } from 'elysia';
import { SessionList } from './model';
import type { GameService } from '../game/service';
import { type GameAccess, presentedToken, TokenRequired } from '../game/access';
import { TokenQuery } from '../game/model';

/**
 * `GET /api/sessions`: live sessions with their settings and activity — every one for the admin
 * token, the caller's own for a session token, nothing without a token.
 */
export const sessionsModule = (service: GameService, access: GameAccess) =>
  new Elysia({ name: 'sessions' }).get('/api/sessions', ({ request, query }) => {
    const token = presentedToken(request, query);
    if (!token) throw new TokenRequired('the session list');
    const admin = access.isAdmin(token);
    return {
    sessions: service.sessions.list().filter(({ session }) => admin || access.owns(session, token)).map(({ session: s, lastActive }) => ({
      session_id: s.id, mode: s.mode, ai_model: s.aiModel, seed: s.seed, max_round: s.maxRound, created_at: s.createdAt,
      last_active: new Date(lastActive).toISOString(), subscribers: s.hub.size, hands_finished: s.finished, is_over: s.isOver,
      delay_ms: s.delayMs,
    })),
    max_sessions: service.sessions.limits.maxSessions,
    ttl_seconds: Math.round(service.sessions.limits.ttlMs / 1000),
    };
  }, { query: TokenQuery, response: SessionList, detail: { summary: 'Live sessions (admin token: all; a session token: that session)', tags: ['sessions'] } });
