import { AppError, type Logger } from '@devhub/shared';
import { Elysia } from 'elysia';
import { isJsonContentType, RequestPolicy } from './policy';

export { RequestPolicy } from './policy';

class Forbidden extends AppError {
  constructor(reason: string) { super('FORBIDDEN', 403, `Forbidden: ${reason}`); }
}

class UnsupportedMediaType extends AppError {
  constructor(type: string) {
    super('UNSUPPORTED_MEDIA_TYPE', 415, `Unsupported Media Type: request bodies must be application/json${type ? ` (got ${type})` : ''}`);
  }
}

/** Chat-platform webhooks are reached through the user's tunnel under its name, and sign what they send. */
const WEBHOOKS = /^\/bridge\//;
/** The API documentation holds no data: a link from any page may open it. */
const DOCS = /^\/docs(\/|$)/;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * No answer of ours may be framed by another page (clickjacking) or loaded by one as an image,
 * script or style (`Cross-Origin-Resource-Policy`, which the browser enforces for no-cors loads).
 */
const SECURITY_HEADERS = {
  'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'", 'cross-origin-resource-policy': 'same-origin',
};

/**
 * The first check on every request Elysia routes (REST, docs, the WebSocket upgrade; README
 * "Security model"): 403 for a Host that is not ours (DNS rebinding) or a browser Origin that is
 * not the console's own nor configured, or a request another page's browser sent without one (an
 * image, a script: Sec-Fetch-Site); 415 for a body that is not `application/json`, which is
 * what a cross-site form or `text/plain` "simple request" would send without a CORS preflight.
 * Each refusal is logged with its reason.
 */
export const guardModule = (policy: RequestPolicy, log: Logger) =>
  new Elysia({ name: 'guard' }).onRequest(({ request, set }) => {
    // The console's own page checks its framing itself (console/web/frame-guard.ts), as Bun serves
    // it without our headers.
    Object.assign(set.headers, SECURITY_HEADERS);
    const path = new URL(request.url).pathname;
    const host = request.headers.get('host') ?? new URL(request.url).host;
    const refuse = (status: number, reason: string) => log.warn(`${status} ${request.method} ${path}: ${reason}`);
    if (!WEBHOOKS.test(path)) {
      const verdict = policy.host(host);
      if (!verdict.ok) {
        refuse(403, verdict.reason);
        throw new Forbidden(verdict.reason);
      }
    }
    const origin = policy.origin(request.headers.get('origin'), host);
    if (!origin.ok) {
      refuse(403, origin.reason);
      throw new Forbidden(origin.reason);
    }
    if (!DOCS.test(path)) {
      const site = policy.fetchSite(request.headers.get('sec-fetch-site'), request.headers.get('origin'));
      if (!site.ok) {
        refuse(403, site.reason);
        throw new Forbidden(site.reason);
      }
    }
    if (BODY_METHODS.has(request.method) && !WEBHOOKS.test(path)) {
      // A body without a Content-Type is read as JSON (as FastAPI reads it; clients such as Python's
      // `requests.post(url, data=text)` send none). A browser sending one cross-site also sends its
      // Origin, refused above; every type a form or a CORS simple request can name is refused here.
      const type = request.headers.get('content-type');
      if (type !== null && !isJsonContentType(type)) {
        refuse(415, `body sent as ${type}`);
        throw new UnsupportedMediaType(type);
      }
    }
  });
