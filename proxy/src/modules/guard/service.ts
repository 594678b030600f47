import { timingSafeEqual } from 'node:crypto';
import type { ServerSettings } from '../../config/schema';
import { isLoopbackHost } from '../../config/listen';
import { Forbidden, RequestTooLarge, Unauthorized } from '../../upstream/errors';
import { MAX_BODY_BYTES } from '../messages/parse';

/** Paths anyone who can reach the socket may call (no token): liveness only. */
const OPEN_PATHS = new Set(['/health']);

/**
 * Checks that run before routing. DNS rebinding: a web page can reach 127.0.0.1 under its own host
 * name, so the Host must be a loopback name (unless allow_remote), and any browser `Origin` is refused
 * — the proxy spends the user's keys and serves no browser. Then the optional client token and the
 * declared body size.
 */
export function guardRequest(request: Request, server: ServerSettings): void {
  const host = request.headers.get('host') ?? new URL(request.url).host;
  if (!server.allow_remote && !isLoopbackHost(hostName(host))) {
    throw new Forbidden(`Host "${host}" is not a loopback name; modelproxy answers only requests addressed to localhost or 127.0.0.1 (DNS-rebinding protection)`, 'forbidden_host');
  }
  if (request.headers.has('origin')) {
    throw new Forbidden('browser requests (with an Origin header) are refused: a web page must not spend your keys', 'forbidden_origin');
  }
  if (server.auth_token && !OPEN_PATHS.has(new URL(request.url).pathname) && !tokenMatches(request.headers, server.auth_token)) {
    throw new Unauthorized();
  }
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new RequestTooLarge(MAX_BODY_BYTES);
}

function tokenMatches(headers: Headers, token: string): boolean {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '')?.[1]?.trim();
  const presented = [headers.get('x-api-key'), bearer];
  const expected = Buffer.from(token);
  return presented.some((value) => {
    if (!value) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** `127.0.0.1:8765` → `127.0.0.1`, `[::1]:8765` → `::1`. */
function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
