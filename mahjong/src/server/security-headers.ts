import { Elysia } from 'elysia';

/**
 * What our pages may load and run: scripts, styles, images and requests of this server only, no
 * inline script, nothing framing them. Player names, names inside uploaded logs and room names are
 * shown on these pages; should one ever slip past the escaping, it cannot run or send anything
 * elsewhere. Inline styles stay allowed (the ladder page's, and style attributes).
 */
export const PAGE_POLICY = [
  "default-src 'none'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:", "connect-src 'self'",
  "font-src 'self'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/** The API reference (`/docs`: Swagger UI, its assets served from the binary by modules/docs): only framing is forbidden there. */
const DOCS_POLICY = "frame-ancestors 'none'";

/**
 * Headers on every answer (README, "Security model"): no page of ours may be framed — a page of the
 * same site could otherwise lay ours, cookies and all, under its own and steer the player's
 * clicks — a link out tells nothing of the URL it left, and no answer is read as another type.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'content-security-policy': PAGE_POLICY,
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** The path without `new URL`, which throws on the URL Bun makes of an HTTP/1.0 request without Host. */
const isDocs = (url: string): boolean => /^\/docs(\/|\?|#|$)/.test(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''));

export const securityHeaders = () =>
  new Elysia({ name: 'security-headers' }).onRequest(({ request, set }) => {
    Object.assign(set.headers, SECURITY_HEADERS);
    if (isDocs(request.url)) set.headers['content-security-policy'] = DOCS_POLICY;
  });
