import { timingSafeEqual } from 'node:crypto';
import { forwardingHeader, isLoopbackAddress, isOtherPageSite } from '@devhub/shared/host-allow';
import { otherUserIn } from '@devhub/shared/peer-user';
import type { ServerSettings } from '../../config/schema';
import { isLoopbackHost } from '../../config/listen';
import { Forbidden, RequestTooLarge, TooManyWrongTokens, Unauthorized } from '../../upstream/errors';
import { MAX_BODY_BYTES } from '../messages/parse';
import { requestPath } from './request-path';
import type { PeerLookup, TokenGuesses } from './guesses';

export type { PeerLookup };

/**
 * Paths anyone who can reach the socket may call (no token): liveness, and the dashboard's page and
 * assets, which hold no data (the page asks for the token and sends it with every API call).
 */
const OPEN_PATHS = new Set(['/health', '/', '/favicon.ico', '/dashboard', '/dashboard/assets/app.js', '/dashboard/assets/style.css']);
/** The dashboard's own page calls these from the browser: an Origin is allowed there when it is the proxy's own. */
const DASHBOARD_PREFIX = '/dashboard';

/**
 * Checks that run before routing. DNS rebinding: a web page can reach 127.0.0.1 under its own host
 * name, so the Host must be a loopback name (unless allow_remote), and any browser `Origin` is refused
 * — the proxy spends the user's keys and serves no browser. Then the optional client token and the
 * declared body size. `guesses`: the wrong tokens seen per guesser; without it (tests of the other
 * checks) guessing is not limited.
 */
export function guardRequest(request: Request, server: ServerSettings, peer?: PeerLookup, guesses?: TokenGuesses): void {
  if (!server.allow_remote) {
    // Without a Host header, the URL's host (a Request built in-process); none at all is refused.
    const host = request.headers.get('host') ?? urlHost(request.url);
    if (host === null || !isLoopbackHost(host)) {
      const which = host === null ? 'a request without Host' : `Host "${host}" is not a loopback name`;
      throw new Forbidden(`${which}; modelproxy answers only requests addressed to localhost or 127.0.0.1 (DNS-rebinding protection)`, 'forbidden_host');
    }
    // A tunnel or reverse proxy to 127.0.0.1 (ngrok, cloudflared, nginx) may present a loopback Host
    // and would put the keys on the internet; it says so in a forwarding header. Without a client
    // token only local programs are served.
    const relayed = server.auth_token ? null : forwardingHeader(request.headers);
    if (relayed) {
      throw new Forbidden(`this request came through a proxy or tunnel (${relayed} header); without server.auth_token modelproxy serves only programs on this machine: set auth_token to serve relayed clients`, 'forbidden_forwarded');
    }
    // Every user of the machine reaches 127.0.0.1: without a token, only this user's programs
    // (and root's, who can read the keys anyway) may spend the keys.
    if (!server.auth_token && peer) {
      const address = peer.address(request);
      const other = address !== null && isLoopbackAddress(address) ? otherUserIn(peer.uids(request)) : undefined;
      if (other !== undefined) {
        throw new Forbidden(`a program of another user (uid ${other}) of this machine; without server.auth_token modelproxy serves only its own user's programs: set auth_token to share it`, 'forbidden_user');
      }
    }
  }
  const origin = request.headers.get('origin');
  if (origin !== null && !(isDashboard(request) && sameOrigin(origin, request))) {
    throw new Forbidden('browser requests (with an Origin header) are refused: a web page must not spend your keys', 'forbidden_origin');
  }
  // An <img>, <script> or link of another page sends no Origin, but its browser says where it came
  // from: such a GET would still open a dashboard stream or run a handler. Open paths (the
  // dashboard's page, /health) and the API reference may be linked to from anywhere.
  const site = request.headers.get('sec-fetch-site');
  if (isOtherPageSite(site) && !isOpenPath(request) && !isDocs(request)) {
    throw new Forbidden(`a request another web page made (Sec-Fetch-Site: ${site!.slice(0, 20)}) is refused: a web page must not use the proxy`, 'forbidden_origin');
  }
  if (server.auth_token && !isOpenPath(request)) checkToken(request, server.auth_token, peer, guesses);
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new RequestTooLarge(MAX_BODY_BYTES);
}

/** Whether a request needs no token (OPEN_PATHS): passing the guard there says nothing of who sent it. */
export function isOpenPath(request: Request): boolean {
  return OPEN_PATHS.has(requestPath(request));
}

function isDocs(request: Request): boolean {
  const path = requestPath(request);
  return path === '/docs' || path.startsWith('/docs/');
}

function isDashboard(request: Request): boolean {
  const path = requestPath(request);
  return path === DASHBOARD_PREFIX || path.startsWith(`${DASHBOARD_PREFIX}/`);
}

/** The dashboard page calling its own API: the Origin names the very host and port the request was sent to. */
function sameOrigin(origin: string, request: Request): boolean {
  const host = request.headers.get('host') ?? urlHost(request.url);
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && host !== null && url.host === host;
  } catch {
    return false;
  }
}

/**
 * The client token, with guessing made slow: a guesser (an address; a program of this machine by
 * its user, see TokenGuesses) that sent MAX_FAILED_ATTEMPTS wrong tokens within a minute is
 * refused, right token or wrong, until the minute is over. Only a wrong token counts, not a missing
 * one (a client not set up yet is no guess).
 */
function checkToken(request: Request, token: string, peer: PeerLookup | undefined, guesses: TokenGuesses | undefined): void {
  const wait = guesses?.retryAfter(request, peer) ?? 0;
  if (wait > 0) throw new TooManyWrongTokens(wait);
  const presented = presentedTokens(request.headers);
  if (tokenMatches(presented, token)) return;
  if (presented.length > 0) guesses?.fail(request, peer);
  throw new Unauthorized();
}

function presentedTokens(headers: Headers): string[] {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '')?.[1]?.trim();
  return [headers.get('x-api-key'), bearer].filter((value): value is string => !!value);
}

function tokenMatches(presented: string[], token: string): boolean {
  const expected = Buffer.from(token);
  return presented.some((value) => {
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function urlHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
