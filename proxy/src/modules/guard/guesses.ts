import { attemptKey, FAILED_ATTEMPT_WINDOW_S, FailedAttempts } from '@devhub/shared/failed-attempts';
import { forwardingHeader, isLoopbackAddress } from '@devhub/shared/host-allow';

/** Who is on the other end of a request's socket: its address, and the Unix users owning it (shared/src/peer-user.ts). */
export interface PeerLookup {
  address(request: Request): string | null;
  uids(request: Request): readonly number[] | null;
}

const WINDOW_MS = FAILED_ATTEMPT_WINDOW_S * 1000;

/**
 * The wrong client tokens seen, per guesser (shared/src/failed-attempts.ts counts and locks). A
 * guesser is what attemptKey says (a remote address, IPv6 by its /64; everything a relay forwarded
 * together), except a program of this machine: every 127.x.y.z is this machine and any program may
 * connect from any of them, so counted by address one local guesser would get 10 guesses a minute
 * from each of 16 million addresses. It is counted by the Unix user owning its socket instead (all
 * of loopback together where that cannot be told): another user's guesses never hold up this
 * user's programs, and no address it picks gives it a fresh count.
 */
export class TokenGuesses {
  private readonly attempts = new FailedAttempts();
  /** When a wrong token last came: a minute after it nobody is refused, and no guesser needs to be looked up. */
  private lastFailure = Number.NEGATIVE_INFINITY;

  /** Seconds until the request's guesser may present a token again; 0 when it may now. */
  retryAfter(request: Request, peer: PeerLookup | undefined, now = Date.now()): number {
    if (now - this.lastFailure > WINDOW_MS) return 0;
    return this.attempts.retryAfter(guesser(request, peer), now);
  }

  /** A wrong token came with `request`. */
  fail(request: Request, peer: PeerLookup | undefined, now = Date.now()): void {
    this.lastFailure = now;
    this.attempts.fail(guesser(request, peer), now);
  }
}

function guesser(request: Request, peer: PeerLookup | undefined): string {
  const address = peer?.address(request) ?? null;
  if (peer && address !== null && isLoopbackAddress(address) && forwardingHeader(request.headers) === null) {
    const uids = peer.uids(request);
    return uids && uids.length > 0 ? `uid ${uids.join(',')}` : 'loopback';
  }
  return attemptKey(address, request.headers);
}
