import { AppError } from '@devhub/shared';
import { FailedAttempts, MAX_FAILED_ATTEMPTS } from '@devhub/shared/failed-attempts';
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
 * limits count them (`clientOf`: the owner's own machine and in-process requests are not).
 */
export class TokenGuesses {
  private readonly attempts = new FailedAttempts();
  private readonly clients = new WeakMap<Request, string>();

  constructor(private readonly clientOf: (request: Request, server: PeerServer) => string | null) {}

  /** Refuses a locked client before any route looks at its token. */
  readonly plugin = new Elysia({ name: 'token-guesses' })
    .onRequest(({ request, server }) => {
      if (!presentsToken(request)) return;
      const key = this.clientOf(request, server);
      if (key === null) return;
      this.clients.set(request, key);
      const wait = this.attempts.retryAfter(key);
      if (wait > 0) throw new TooManyWrongTokens(wait);
    });

  /** Counts refused tokens. Elysia stops at the first error hook that answers: use it before the error mapper. */
  readonly countRefusals = new Elysia({ name: 'token-guesses-count' })
    .onError({ as: 'global' }, ({ request, error }) => {
      if (error instanceof AppError && error.code === 'WRONG_TOKEN') this.miss(request);
    });

  /** The request's tokens matched nothing it asked for (a list of its games or sessions came back empty). */
  miss(request: Request): void {
    const key = this.clients.get(request);
    if (key !== undefined) this.attempts.fail(key);
  }
}
