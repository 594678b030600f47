import type { Logger } from '@devhub/shared';
import { Elysia } from 'elysia';
import type { Gateway } from '../../runtime';
import { NotInitialized, Unauthorized } from '../common/errors';
import { authorize, bearerToken } from './service';

export type PeerResolver = (request: Request) => string | null;

const PUBLIC = new Set(['/health', '/api/v1/health']);
const DOCS = /^\/docs(\/|$)/;
/** WebSocket paths authenticate in the socket's open handler (close 4001), not here. */
const WS = /^\/api\/v1\/ws(\/|$)/;
/** Chat-platform webhooks cannot send our key: each checks the platform's token and signature itself. */
const WEBHOOKS = /^\/bridge\//;

/**
 * REST authentication and readiness for every route but health: 401 `Invalid or missing API key`,
 * then 503 `Gateway not initialized` until the gateway has started.
 */
export const authModule = (gateway: Gateway, peerOf: PeerResolver, log: Logger) =>
  new Elysia({ name: 'auth' }).onBeforeHandle({ as: 'global' }, ({ request, path }) => {
    if (PUBLIC.has(path) || WS.test(path)) return;
    if (WEBHOOKS.test(path)) {
      // Not ready: 503, so the platform delivers again later.
      if (!gateway.ready) throw new NotInitialized();
      return;
    }
    const apiKey = gateway.ctx.config.api_key;
    // The docs hold no data: public when a key protects the API, loopback-only otherwise.
    const token = DOCS.test(path) && apiKey ? apiKey : bearerToken(request.headers.get('authorization'));
    const verdict = authorize(apiKey, token, peerOf(request));
    if (!verdict.ok) {
      log.warn(`401 ${request.method} ${path}: ${verdict.reason}`);
      throw new Unauthorized();
    }
    if (!DOCS.test(path) && !gateway.ready) throw new NotInitialized();
  });
