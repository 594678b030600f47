import { AppError } from '@devhub/shared';
import { Guessers, MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
import { forwardingHeader, isLoopbackAddress } from '@devhub/shared/host-allow';
import { otherUserIn, requestPeerUids, type ListeningServer } from '@devhub/shared/peer-user';
import { Elysia } from 'elysia';
import type { PeerServer } from './client-resolver';

/** A client sent MAX_FAILED_ATTEMPTS wrong tokens within a minute (README, "Security model"). */
export class TooManyWrongTokens extends AppError {
  constructor(readonly retryAfter: number) {
    super('TOO_MANY_WRONG_TOKENS', 429, `more than ${MAX_FAILED_ATTEMPTS - 1} wrong tokens from this address within a minute; try again in ${retryAfter} s`, { retry_after: retryAfter });
  }
}

/** The request carries a token of some kind: a header, or a cookie (a script can send any). */
function presentsToken(request: Request): boolean {
  const h = request.headers;
  return h.has('x-session-token') || h.has('x-seat-token') || h.has('authorization') || /(^|;\s*)mj_/.test(h.get('cookie') ?? '');
}

/**
 * Guessing the admin token is slow by construction. Session and seat tokens are 256-bit random;
 * the admin token is the one secret an operator chooses, and it opens every game's hidden hands.
 * A wrong guess shows as a refusal (403 `WRONG_TOKEN`, the admin sign-in included) or as a list
 * that holds nothing (`miss`); a client with MAX_FAILED_ATTEMPTS of them within a minute is refused
 * for the next minute whenever it presents a token, right or wrong (429 `TOO_MANY_WRONG_TOKENS`),
 * so a guess that happened to be right tells nothing either. Clients are counted as the creation
 * limits count them (`clientOf`: the owner's own machine and in-process requests are not), except
 * a program of another Unix user of this machine: any program may connect from 127.0.0.1 (the
 * owner's machine, not counted) or any other 127.x.y.z, so such a program is counted by its user,
 * whatever address it picks (the kernel says who owns a loopback socket: shared/src/peer-user.ts).
 */
export class TokenGuesses {
  private readonly guessers = new Guessers();
  /** Per request: the key it is counted under (null: not counted), and the server it came to. */
  private readonly clients = new WeakMap<Request, string | null>();
  private readonly servers = new WeakMap<Request, PeerServer>();

  constructor(private readonly clientOf: (request: Request, server: PeerServer) => string | null) {}

  /** Refuses a locked client before any route looks at its token. */
  readonly plugin = new Elysia({ name: 'token-guesses' })
    .onRequest(({ request, server }) => {
      if (!presentsToken(request)) return;
      this.servers.set(request, server);
      const wait = this.guessers.retryAfter(() => this.keyOf(request));
      if (wait > 0) throw new TooManyWrongTokens(wait);
    });

  /** Counts refused tokens. Elysia stops at the first error hook that answers: use it before the error mapper. */
  readonly countRefusals = new Elysia({ name: 'token-guesses-count' })
    .onError({ as: 'global' }, ({ request, error }) => {
      if (error instanceof AppError && error.code === 'WRONG_TOKEN') this.miss(request);
    });

  /** The request's tokens matched nothing it asked for (a list of its games or sessions came back empty). */
  miss(request: Request): void {
    if (this.servers.has(request)) this.guessers.fail(this.keyOf(request));
  }

  /** The key `request` is counted under, worked out once (a socket owner's lookup is a kernel query). */
  private keyOf(request: Request): string | null {
    if (this.clients.has(request)) return this.clients.get(request)!;
    const server = this.servers.get(request) ?? null;
    const key = otherUsersKey(request, server) ?? this.clientOf(request, server);
    this.clients.set(request, key);
    return key;
  }
}

/** `uid N` for a loopback peer without a forwarding header whose socket another user of this machine owns; else null. */
function otherUsersKey(request: Request, server: PeerServer): string | null {
  const peer = server?.requestIP(request)?.address;
  if (!peer || !isLoopbackAddress(peer) || forwardingHeader(request.headers) !== null) return null;
  const other = otherUserIn(requestPeerUids(server as ListeningServer, request));
  return other === undefined ? null : `uid ${other}`;
}
