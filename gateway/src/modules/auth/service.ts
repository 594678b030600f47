import { timingSafeEqual } from 'node:crypto';
import { otherUserIn } from '@devhub/shared/peer-user';
import { forwardingHeader, isLoopbackAddress } from '../guard/policy';
import { Guessers, guesserKey, MAX_FAILED_ATTEMPTS, RELAYED } from '@devhub/shared/failed-attempts';
import type { ConsoleSessions } from './sessions';

export { isLoopbackAddress } from '../guard/policy';

/** The web console's login cookie (HttpOnly, SameSite=Strict; see login in index.ts). */
export const SESSION_COOKIE = 'agentgw_session';

export function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearerToken(header: string | null | undefined): string {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  return match?.[1]?.trim() ?? '';
}

/** One cookie's value from a `Cookie` header; '' when absent. */
export function cookieValue(header: string | null | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return '';
}

export type AuthVerdict = { ok: true } | { ok: false; reason: string; retryAfter?: number };

/** The Unix users owning a loopback peer's socket (shared/src/peer-user.ts); null where it cannot be told. */
export type PeerUidResolver = (request: Request) => readonly number[] | null;

/**
 * README "Security model": with a key, the token must match; with none, only direct loopback
 * peers of this user are served. A request relayed by a proxy or tunnel (`forwarded`: the header
 * that says so) reaches us from loopback but is not local, so it is never anonymous; a program of
 * another user of this machine (`peerUids`, read from the kernel's socket table) is local but not
 * ours. `peer` is null for in-process requests (app.handle), which are local by definition.
 */
export function authorize(apiKey: string, token: string, peer: string | null, forwarded: string | null = null, peerUids: () => readonly number[] | null = () => null): AuthVerdict {
  if (apiKey) {
    return tokensEqual(token, apiKey) ? { ok: true } : { ok: false, reason: token ? 'wrong API key' : 'missing API key' };
  }
  if (forwarded) {
    return { ok: false, reason: `no API key is configured, so only direct loopback peers are served, and this request came through a proxy or tunnel (${forwarded} header); set api_key / GW_API_KEY to use the gateway behind one` };
  }
  if (peer === null) return { ok: true };
  if (isLoopbackAddress(peer)) {
    const uid = otherUserIn(peerUids());
    if (uid === undefined) return { ok: true };
    return { ok: false, reason: `no API key is configured, so only programs of this gateway's own user are served, and peer ${peer} belongs to uid ${uid}; set api_key / GW_API_KEY to let other users in with the key` };
  }
  return { ok: false, reason: `no API key is configured, so only loopback peers are served (peer ${peer}); set api_key / GW_API_KEY to allow remote use` };
}

/**
 * Who a request is, for REST and the WebSocket upgrade alike: `Authorization: Bearer <key>`, the
 * console's login cookie, or (WebSocket only, for clients that cannot set headers) `?token=<key>`.
 */
export class Authenticator {
  private readonly guessers = new Guessers();
  /** Each request's peer uid, read once (a WebSocket's in the upgrade, while its socket is still the request's). */
  private readonly uids = new WeakMap<Request, readonly number[] | null>();

  constructor(private readonly config: { readonly api_key: string }, readonly sessions: ConsoleSessions, private readonly peerUidOf: PeerUidResolver = () => null) {}

  /** The peer's uids, looked up only where they decide anything: no key, a loopback peer. */
  peerUids(request: Request): readonly number[] | null {
    if (!this.uids.has(request)) this.uids.set(request, this.peerUidOf(request));
    return this.uids.get(request) ?? null;
  }

  /**
   * A guesser that sent too many wrong keys is refused before its key is looked at. Guessers as
   * shared/src/failed-attempts.ts `guesserKey` counts them: a remote address (IPv6 by its /64),
   * everything relayed together, a program of this machine by its Unix user (any 127.x.y.z).
   */
  locked(request: Request, peer: string | null): AuthVerdict | null {
    let who = '';
    const retryAfter = this.guessers.retryAfter(() => (who = this.guesser(request, peer)));
    if (!retryAfter) return null;
    const from = who === RELAYED ? 'relayed clients' : who.startsWith('uid ') ? `this machine's ${who}` : `peer ${peer ?? 'in-process'}`;
    return { ok: false, retryAfter, reason: `more than ${MAX_FAILED_ATTEMPTS - 1} wrong keys from ${from}; refused for ${retryAfter} s` };
  }

  /** Counts a wrong key (not a missing one) against the guesser. */
  noteFailure(request: Request, peer: string | null, verdict: AuthVerdict): void {
    if (!verdict.ok && verdict.reason === 'wrong API key') this.guessers.fail(this.guesser(request, peer));
  }

  private guesser(request: Request, peer: string | null): string {
    return guesserKey(peer, request.headers, () => this.peerUids(request));
  }

  get apiKey(): string {
    return this.config.api_key;
  }

  check(request: Request, peer: string | null, queryToken = ''): AuthVerdict {
    const locked = this.locked(request, peer);
    if (locked) return locked;
    const verdict = this.verdict(request, peer, queryToken);
    this.noteFailure(request, peer, verdict);
    return verdict;
  }

  private verdict(request: Request, peer: string | null, queryToken: string): AuthVerdict {
    const apiKey = this.config.api_key;
    const token = bearerToken(request.headers.get('authorization')) || queryToken;
    if (apiKey && !token && this.sessions.valid(apiKey, cookieValue(request.headers.get('cookie'), SESSION_COOKIE))) return { ok: true };
    return authorize(apiKey, token, peer, forwardingHeader(request.headers), () => this.peerUids(request));
  }
}
