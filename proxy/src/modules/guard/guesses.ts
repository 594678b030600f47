import { Guessers, guesserKey } from '@devhub/shared/failed-attempts';

/** Who is on the other end of a request's socket: its address, and the Unix users owning it (shared/src/peer-user.ts). */
export interface PeerLookup {
  address(request: Request): string | null;
  uids(request: Request): readonly number[] | null;
}

/**
 * The wrong client tokens seen, per guesser (shared/src/failed-attempts.ts `guesserKey`: a remote
 * address, IPv6 by its /64; everything a relay forwarded together; a program of this machine by
 * the Unix user owning its socket, whatever 127.x.y.z it connects from).
 */
export class TokenGuesses {
  private readonly guessers = new Guessers();

  /** Seconds until the request's guesser may present a token again; 0 when it may now. */
  retryAfter(request: Request, peer: PeerLookup | undefined, now = Date.now()): number {
    return this.guessers.retryAfter(() => guesser(request, peer), now);
  }

  /** A wrong token came with `request`. */
  fail(request: Request, peer: PeerLookup | undefined, now = Date.now()): void {
    this.guessers.fail(guesser(request, peer), now);
  }
}

const guesser = (request: Request, peer: PeerLookup | undefined): string =>
  guesserKey(peer?.address(request) ?? null, request.headers, () => peer?.uids(request) ?? null);
