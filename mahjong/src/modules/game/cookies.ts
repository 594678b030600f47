import { clearedCookie, fromElsewhere, requestCookies, secretCookie, trustedCookie } from '../../server/cookies';

/**
 * A game's token in the browser (README, "Security model"): two HttpOnly, SameSite=Strict cookies
 * of the same name — one scoped to the game's own API path (play, events, its downloads), one to
 * the history's (`/api/games`, which lists every game whose cookie the browser holds).
 */
const PREFIX = 'mj_game_';
export const gameCookieName = (id: string): string => `${PREFIX}${id.replace(/[^A-Za-z0-9-]/g, '')}`;
const gamePath = (id: string): string => `/api/game/${encodeURIComponent(id)}`;
export const HISTORY_PATH = '/api/games';

/** Long enough to resume a game left overnight; afterwards the history's cookie still opens its record. */
const PLAY_MAX_AGE_S = 7 * 24 * 3600;
/** Browsers cap a cookie's life at 400 days. */
const HISTORY_MAX_AGE_S = 400 * 24 * 3600;

export const gameCookies = (id: string, token: string): string[] => [
  secretCookie(gameCookieName(id), token, { path: gamePath(id), maxAge: PLAY_MAX_AGE_S }),
  secretCookie(gameCookieName(id), token, { path: HISTORY_PATH, maxAge: HISTORY_MAX_AGE_S }),
];

/** An ended session: its play cookie goes, the history's stays (the stored game is still its player's). */
export const clearedPlayCookie = (id: string): string => clearedCookie(gameCookieName(id), gamePath(id));

/** The game's token from its cookie, when the request may use it. */
export const gameCookie = (request: Request, id: string): string | null => trustedCookie(request, gameCookieName(id));

/** The admin token as the history page keeps it for the browser's session (no Max-Age). */
export const ADMIN_COOKIE = 'mj_admin';
export const adminCookie = (token: string): string => secretCookie(ADMIN_COOKIE, token, { path: HISTORY_PATH });
export const clearedAdminCookie = (): string => clearedCookie(ADMIN_COOKIE, HISTORY_PATH);
/** The admin cookie's value, when the request may use it. */
export const adminCookieToken = (request: Request): string | null => trustedCookie(request, ADMIN_COOKIE);

/** Every game token and the admin token the request's cookies hold (none from another origin). */
export function cookieTokens(request: Request): string[] {
  if (!request.headers.has('cookie') || fromElsewhere(request)) return [];
  return [...requestCookies(request)].filter(([name]) => name.startsWith(PREFIX) || name === ADMIN_COOKIE).map(([, v]) => v);
}
