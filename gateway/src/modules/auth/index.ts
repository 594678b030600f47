import { AppError, type Logger } from '@devhub/shared';
import { Elysia } from 'elysia';
import type { Gateway } from '../../runtime';
import { NotInitialized, TooManyFailedAttempts, Unauthorized } from '../common/errors';
import { LoginBody, LoginResult } from './model';
import { type Authenticator, cookieValue, isLoopbackAddress, SESSION_COOKIE, tokensEqual } from './service';
import { SESSION_MAX_AGE_S } from './sessions';

export { Authenticator, type PeerUidResolver } from './service';
export { CONSOLE_SESSIONS_FILE, ConsoleSessions } from './sessions';

export type PeerResolver = (request: Request) => string | null;

const PUBLIC = new Set(['/health', '/api/v1/health', '/api/v1/auth/login', '/api/v1/auth/logout']);
const DOCS = /^\/docs(\/|$)/;
/** WebSocket paths authenticate in the socket's open handler (close 4001), not here. */
const WS = /^\/api\/v1\/ws(\/|$)/;
/** Chat-platform webhooks cannot send our key: each checks the platform's token and signature itself. */
const WEBHOOKS = /^\/bridge\//;

class NoKeyConfigured extends AppError {
  constructor() { super('NO_API_KEY', 400, 'No API key is configured: there is nothing to log in with (loopback clients need no login)'); }
}

/** `Secure` when the browser reached us over HTTPS (directly or through a TLS-terminating proxy). */
function sessionCookie(request: Request, value: string, maxAge: number): string {
  const https = new URL(request.url).protocol === 'https:' || (request.headers.get('origin') ?? '').startsWith('https:');
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${https ? '; Secure' : ''}`;
}

/**
 * REST authentication and readiness for every route but health: 401 `Invalid or missing API key`,
 * then 503 `Gateway not initialized` until the gateway has started. Also the console's login:
 * `POST /api/v1/auth/login {api_key}` sets an HttpOnly, SameSite=Strict session cookie, so the
 * page never holds the key; `POST /api/v1/auth/logout` ends it.
 */
export const authModule = (gateway: Gateway, auth: Authenticator, peerOf: PeerResolver, log: Logger) =>
  new Elysia({ name: 'auth' })
    .onBeforeHandle({ as: 'global' }, ({ request, path }) => {
      // A WebSocket's credentials are checked once it is open (ws/index.ts), when its peer's port is
      // no longer known: a loopback peer's user (who it is without a key; whose guesses a wrong key
      // counts against with one) is read now, while the upgrade request still has it.
      if (WS.test(path) && isLoopbackAddress(peerOf(request) ?? '')) auth.peerUids(request);
      if (PUBLIC.has(path) || WS.test(path)) return;
      if (WEBHOOKS.test(path)) {
        // Not ready: 503, so the platform delivers again later.
        if (!gateway.ready) throw new NotInitialized();
        return;
      }
      // The docs hold no data: public when a key protects the API, loopback-only otherwise.
      if (!(DOCS.test(path) && auth.apiKey)) {
        const verdict = auth.check(request, peerOf(request));
        if (!verdict.ok) {
          log.warn(`${verdict.retryAfter ? 429 : 401} ${request.method} ${path}: ${verdict.reason}`);
          if (verdict.retryAfter) throw new TooManyFailedAttempts(verdict.retryAfter);
          throw new Unauthorized();
        }
      }
      if (!DOCS.test(path) && !gateway.ready) throw new NotInitialized();
    })
    .post('/api/v1/auth/login', ({ body, request, set }) => {
      const apiKey = auth.apiKey;
      if (!apiKey) throw new NoKeyConfigured();
      const peer = peerOf(request);
      const locked = auth.locked(request, peer);
      if (locked && !locked.ok) {
        log.warn(`429 POST /api/v1/auth/login: ${locked.reason}`);
        throw new TooManyFailedAttempts(locked.retryAfter ?? 1);
      }
      if (!tokensEqual(body.api_key, apiKey)) {
        log.warn(`401 POST /api/v1/auth/login: wrong API key (peer ${peer ?? 'in-process'})`);
        auth.noteFailure(request, peer, { ok: false, reason: 'wrong API key' });
        throw new Unauthorized();
      }
      set.headers['set-cookie'] = sessionCookie(request, auth.sessions.create(apiKey), SESSION_MAX_AGE_S);
      return { ok: true as const };
    }, {
      body: LoginBody,
      response: LoginResult,
      detail: { tags: ['auth'], summary: 'Log the web console in: sets an HttpOnly, SameSite=Strict session cookie (the key is never stored in the browser)', security: [] },
    })
    .post('/api/v1/auth/logout', ({ request, set }) => {
      auth.sessions.revoke(auth.apiKey, cookieValue(request.headers.get('cookie'), SESSION_COOKIE));
      set.headers['set-cookie'] = sessionCookie(request, '', 0);
      return { ok: true as const };
    }, {
      response: LoginResult,
      detail: { tags: ['auth'], summary: 'End the console session of this cookie', security: [] },
    });
