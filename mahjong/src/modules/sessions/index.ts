import { Elysia } from 'elysia';
import { SessionList } from './model';
import type { GameService } from '../game/service';
import { type GameAccess, presentedToken, TokenRequired } from '../game/access';
import type { TokenGuesses } from '../../server/token-guesses';

/**
 * `GET /api/sessions`: live sessions with their settings and activity — every one for the admin
 * token, the caller's own for a session token, nothing without a token.
 */
export const sessionsModule = (service: GameService, access: GameAccess, guesses?: TokenGuesses) =>
  new Elysia({ name: 'sessions' }).get('/api/sessions', async ({ request }) => {
    const token = presentedToken(request);
    if (!token) throw new TokenRequired('the session list');
    const admin = access.isAdmin(token);
    const all = await service.list();
    const shown = all.filter(({ record }) => admin || access.owns(record, token));
    // A token that is neither the admin's nor any live session's may be a guess at the admin token.
    if (!admin && shown.length === 0) guesses?.miss(request);
    return {
      sessions: shown.map(({ record: r, lastActive, subscribers, handsFinished, isOver }) => ({
        session_id: r.id, mode: r.mode, ai_model: r.aiModel, seed: r.seed, max_round: r.maxRound, created_at: r.createdAt,
        last_active: new Date(lastActive).toISOString(), subscribers, hands_finished: handsFinished, is_over: isOver,
        delay_ms: r.delayMs,
      })),
      max_sessions: service.sessions.maxSessions,
      ttl_seconds: Math.round(service.sessions.ttlMs / 1000),
    };
  }, { response: SessionList, detail: { summary: 'Live sessions (admin token: all; a session token: that session)', tags: ['sessions'] } });
