import { AppError } from '@devhub/shared';
import { Elysia } from 'elysia';
import { exportLog, FILE_EXTENSIONS, MEDIA_TYPES } from '../../formats';
import { parseMjlog } from '../../engine/mjlog/parse';
import { GameNotFound, StoreDisabled, tokenHash as tokenHashOf } from '../backend/game-store';
import type { StoredGame } from '../backend/types';
import type { TokenGuesses } from '../../server/token-guesses';
import { type GameAccess, NotAdminToken, presentedToken, TokenRequired, WrongToken } from '../game/access';
import { adminCookie, adminCookieToken, clearedAdminCookie, cookieTokens } from '../game/cookies';
import type { GameService } from '../game/service';
import { ReviewReport } from '../review/model';
import { summaryJson } from './summary-json';
import { AdminLoginResponse, GameExportFileQuery, GameList, GameListQuery, GameParams, GameSummary } from './model';
import type { ClientOf, CostlyPool } from '../replay/costly-pool';

const tags = ['history'];
/** At most this many tokens are read from one request (the pages send the ones they keep). */
const MAX_TOKENS = 500;

/** The tokens of the request's headers: X-Session-Token may hold several, comma-separated (one per game the client played). */
function headerTokens(request: Request): string[] {
  const auth = request.headers.get('authorization');
  const raw = [request.headers.get('x-session-token'), request.headers.get('x-seat-token'), auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7) : null]
    .filter((v): v is string => !!v).join(',');
  return [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
}

/**
 * Every token a request presents: its headers' and its cookies (a page's game cookies, path
 * /api/games, and the admin's cookie).
 */
export function presentedTokens(request: Request): string[] {
  return [...new Set([...headerTokens(request), ...cookieTokens(request)])].slice(0, MAX_TOKENS);
}

/**
 * The one value a request may present as the admin token: its header token when the headers hold
 * exactly one, else (no header token) the history page's admin cookie. A list of many tokens is a
 * list of games, never read as the admin's, so one request is at most one guess at the admin token
 * (README, "Guessing the admin token"); a game token is 122 random bits and needs no such count.
 */
function adminCandidate(request: Request): string | null {
  const headers = headerTokens(request);
  if (headers.length > 0) return headers.length === 1 ? headers[0]! : null;
  return adminCookieToken(request);
}

/**
 * Finished games (README, "Saved games"): the admin token sees every game; a session token sees
 * the game played under it. The pages send the tokens they keep, so a browser sees its own games.
 */
export const historyModule = (service: GameService, access: GameAccess, costly: CostlyPool, clientOf: ClientOf, guesses?: TokenGuesses) => {
  const store = () => service.archive.store;
  /** The game, for its owner or the admin; unknown ids and others' games are told apart (404 / 403) as for sessions. */
  const owned = async (id: string, request: Request, what: string): Promise<StoredGame> => {
    const game = await store().get(id);
    if (!game || game.id !== id) throw new GameNotFound(id);
    const tokens = presentedTokens(request);
    if (!tokens.length) throw new TokenRequired(what);
    if (access.isAdmin(adminCandidate(request)) || tokens.some((t) => access.ownsStoredAsPlayer(game, t))) return game;
    throw new WrongToken();
  };
  const ownsAny = async (token: string) => (await store().list({ owners: [tokenHashOf(token)], limit: 1, offset: 0 })).total > 0;
  return new Elysia({ name: 'history' })
    .post('/api/games/admin', ({ request, set }) => {
      const token = presentedToken(request);
      if (!token) throw new AppError('TOKEN_REQUIRED', 401, 'the admin sign-in needs the admin token in X-Session-Token or Authorization: Bearer');
      if (!access.isAdmin(token)) throw new NotAdminToken(access.hasAdmin);
      set.headers['set-cookie'] = adminCookie(token);
      return { admin: true };
    }, {
      response: AdminLoginResponse,
      detail: { summary: 'The history page\'s admin sign-in: the admin token in X-Session-Token (or Authorization: Bearer) becomes an HttpOnly cookie for /api/games until the browser closes', tags },
    })
    .delete('/api/games/admin', ({ set }) => {
      set.headers['set-cookie'] = clearedAdminCookie();
      return { admin: false };
    }, { response: AdminLoginResponse, detail: { summary: 'Forgets the admin cookie', tags } })
    .get('/api/games', async ({ request, query }) => {
      // --no-store says so first: a page holding no game yet would otherwise only hear "no token".
      if (store().kind === 'off') throw new StoreDisabled();
      const tokens = presentedTokens(request);
      if (!tokens.length) throw new TokenRequired('the game history');
      const candidate = adminCandidate(request);
      const admin = access.isAdmin(candidate);
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const { games, total } = await store().list({ owners: admin ? 'all' : tokens.map(tokenHashOf), limit, offset });
      // A would-be admin token that is no stored game's either is a wrong guess, whatever else the
      // request's own games list; so is a list of tokens that matched nothing.
      if (!admin && (total === 0 || (candidate !== null && !(await ownsAny(candidate))))) guesses?.miss(request);
      return { games: games.map(summaryJson), total, limit, offset, store: store().kind as 'sqlite' | 'redis', admin };
    }, {
      query: GameListQuery, response: GameList,
      detail: { summary: 'Finished games, newest first: all for the admin token, the games of the session tokens presented otherwise', tags },
    })
    .get('/api/games/:game_id', async ({ params, request }) => summaryJson(await owned(params.game_id, request, 'a stored game')), {
      params: GameParams, response: GameSummary, detail: { summary: 'One finished game (its token or the admin\'s)', tags },
    })
    .get('/api/games/:game_id/review', async ({ params, request, server }) => (await costly.run({ kind: 'stored-review', mjlog: (await owned(params.game_id, request, 'a stored game')).mjlog }, clientOf(request, server))) as ReviewReport, {
      params: GameParams, response: ReviewReport,
      detail: { summary: 'The review of a finished game (every decision of every seat, as POST /api/replay/review): its token or the admin\'s', tags },
    })
    .get('/api/games/:game_id/export', async ({ params, query, request, set }) => {
      const game = await owned(params.game_id, request, 'a stored game');
      const text = query.format === 'xml' ? game.mjlog : exportLog(parseMjlog(game.mjlog), query.format);
      set.headers['content-type'] = MEDIA_TYPES[query.format];
      set.headers['content-disposition'] = `attachment; filename="mahjong-${game.id}.${FILE_EXTENSIONS[query.format]}"`;
      return text;
    }, {
      params: GameParams, query: GameExportFileQuery,
      detail: { summary: 'A finished game as Tenhou XML, tenhou.net/6 JSON or mjai JSON lines (a download)', tags },
    });
};
