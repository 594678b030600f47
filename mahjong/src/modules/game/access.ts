import { AppError } from '@devhub/shared';
import { timingSafeEqual } from 'node:crypto';
import { tokenHash } from '../backend/game-store';
import { gameCookie } from './cookies';

/** What access checks look at: the session's token and mode, and whether its game is over. */
interface Guarded {
  readonly tokenHash: string;
  readonly mode?: string;
  readonly isOver?: boolean;
}

export class TokenRequired extends AppError {
  constructor(what: string) {
    super('TOKEN_REQUIRED', 401, `${what} needs the session's token (the "token" of POST /api/game/new) in X-Session-Token or Authorization: Bearer, or the game's cookie the pages get`);
  }
}

export class WrongToken extends AppError {
  constructor(message = 'that token does not belong to this session') {
    super('WRONG_TOKEN', 403, message);
  }
}

/** The admin sign-in was given a token that is not the server's admin token. */
export class NotAdminToken extends WrongToken {
  constructor(configured: boolean) {
    super(configured
      ? 'that is not the admin token (the one `mahjong serve` was started with: --admin-token or MAHJONG_ADMIN_TOKEN)'
      : 'this server has no admin token: start `mahjong serve` with --admin-token or MAHJONG_ADMIN_TOKEN to sign in as admin');
  }
}

export class HiddenWhilePlaying extends AppError {
  constructor(what: string) {
    super('HIDDEN_UNTIL_GAME_OVER', 403, `${what} shows concealed tiles and the wall: it is available when the game is over`);
  }
}

/**
 * The token a request presents: X-Session-Token (or X-Seat-Token), Authorization: Bearer, or the game's HttpOnly
 * cookie (`sessionId`'s; pages, EventSource included). Never a URL's.
 */
export function presentedToken(request: Request, sessionId?: string): string | null {
  // X-Seat-Token too, the rooms' name for the same kind of secret.
  const header = request.headers.get('x-session-token') ?? request.headers.get('x-seat-token');
  if (header) return header.trim();
  const auth = request.headers.get('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  return sessionId === undefined ? null : gameCookie(request, sessionId);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who may do what with a session. The seat token (human_ai) or owner token (4ai) comes with the
 * session; an admin token from the server's config may do everything.
 */
export class GameAccess {
  constructor(private readonly adminToken: string | null = null) {}

  /** The server was started with an admin token. */
  get hasAdmin(): boolean { return !!this.adminToken; }

  isAdmin(token: string | null): boolean {
    return !!token && !!this.adminToken && same(token, this.adminToken);
  }

  owns(session: { readonly tokenHash: string }, token: string | null): boolean {
    return !!token && (same(tokenHash(token), session.tokenHash) || this.isAdmin(token));
  }

  /** Throws unless `token` is the session's (or the admin's). */
  requireOwner(session: { readonly tokenHash: string }, token: string | null, what: string): void {
    if (!token) throw new TokenRequired(what);
    if (!this.owns(session, token)) throw new WrongToken();
  }

  /** A human_ai game in play hides its full record; a 4ai game is a spectacle, shown whole. */
  requireRecordVisible(session: Guarded, what: string): void {
    if (session.mode === 'human_ai' && !session.isOver) throw new HiddenWhilePlaying(what);
  }

  /** A stored (finished) game is its owner's: whoever holds its session token, and the admin. */
  ownsStored(game: { readonly tokenHash: string }, token: string | null): boolean {
    return !!token && (this.isAdmin(token) || same(tokenHash(token), game.tokenHash));
  }

  /** Whether `token` is the stored game's own (its player's), the admin's not counted. */
  ownsStoredAsPlayer(game: { readonly tokenHash: string }, token: string | null): boolean {
    return !!token && same(tokenHash(token), game.tokenHash);
  }

  requireStoredOwner(game: { readonly tokenHash: string }, token: string | null, what: string): void {
    if (!token) throw new TokenRequired(what);
    if (!this.ownsStored(game, token)) throw new WrongToken();
  }
}
