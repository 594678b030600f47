import { Elysia, type TSchema } from 'elysia';
import { AiModelList, AutoBody, AutoResponse, GameEvent, GameExportQuery, OkResponse, SpeedBody, SpeedResponse, State } from './model';
import { Paipu } from '../../engine/paipu';
import { ActionBody, ActionResponse, NewGameBody, NewGameResponse, SessionParams, StateQuery } from './model';
import { clearedPlayCookie, gameCookies } from './cookies';
import { GameAccess, HiddenWhilePlaying, presentedToken, WrongToken } from './access';
import { SessionNotFound } from '../../server/errors';
import { parseMjlog } from '../../engine/mjlog/parse';
import { HUMAN_SEAT } from './session-replica';
import type { StateView } from '../../engine/game';
import type { GameService } from './service';
import { exportFile } from '../replay/service';
import type { StreamGate } from '../../server/stream-quota';

const tags = ['game'];
/** A TypeBox schema (JSON Schema) where the OpenAPI types want a SchemaObject. */
const jsonSchema = (schema: TSchema): {} => schema;
/** A viewer that is no seat: every concealed hand hidden. */
const SPECTATOR = -1;

/** A finished human_ai game's table as someone without its token sees it: the wall secret stays with the record. */
const withoutWallSecret = (state: StateView): StateView => (state.game.wall ? { ...state, game: { ...state.game, wall: { ...state.game.wall, secret: null } } } : state);

/** The game endpoints of the spec plus the README's speed, delete, sessions, log and mjlog. */
export const gameModule = (service: GameService, access: GameAccess, openStream: StreamGate = () => () => undefined) => {
  /**
   * The full record of a game: a live session's (human_ai: once over), or, once the session is
   * gone, the stored game's for its token holder and the admin. `reading` false (a claim): only
   * whether `token` is the game's, whatever the mode, and whether or not the record is open yet.
   */
  const record = async (id: string, request: Request, what: string, token = presentedToken(request, id), reading = true): Promise<{ paipu: () => Paipu; mjlog: () => string }> => {
    try {
      const s = await service.get(id);
      // A human_ai game's record is its player's (as once stored): the seat token, even after the game.
      if (s.mode === 'human_ai' || !reading) access.requireOwner(s, token, what);
      if (reading) access.requireRecordVisible(s, what);
      return s;
    } catch (err) {
      if (!(err instanceof SessionNotFound) || service.archive.store.kind === 'off') throw err;
      const stored = await service.archive.store.get(id).catch(() => null);
      if (!stored || stored.id !== id) throw err;
      access.requireStoredOwner(stored, token, what);
      return { paipu: () => parseMjlog(stored.mjlog), mjlog: () => stored.mjlog };
    }
  };
  return new Elysia({ name: 'game' })
    .get('/api/ai/models', () => ({ models: service.models(), default: 'random' }), {
      response: AiModelList, detail: { summary: 'AIs to choose from for ai_model / ai_models: built-in ones and the configured mjai bots (the shipped trained policy is left out: it loses to the heuristic)', tags },
    })
    .post('/api/game/new', async ({ body, set }) => {
      const { session: s, token } = await service.create(body);
      // An array is written as one Set-Cookie header per cookie (its type says string only).
      set.headers['set-cookie'] = gameCookies(s.id, token) as unknown as string;
      return { session_id: s.id, mode: s.mode, token, seats: s.seats, state: s.state() };
    }, { body: NewGameBody, response: NewGameResponse, detail: { summary: 'Start a game (the token comes back and as HttpOnly cookies for the game\'s paths and the history)', tags } })
    .get('/api/game/:session_id/state', async ({ params, query, request }) => {
      const s = await service.get(params.session_id);
      if (s.mode !== 'human_ai') return s.state(query.for_player);
      const token = presentedToken(request, params.session_id);
      if (s.isOver) {
        // The record is its player's after the game too: every hand and the wall secret rebuild it.
        if (access.owns(s, token)) return s.state(query.for_player);
        if (query.for_player !== undefined) access.requireOwner(s, token, `seat ${query.for_player}'s view of a finished human_ai game`);
        return withoutWallSecret(s.state(SPECTATOR));
      }
      // A human_ai game in play: only the seat's token holder sees its hand; no one sees another's.
      if (query.for_player !== undefined && query.for_player !== HUMAN_SEAT) throw new HiddenWhilePlaying(`seat ${query.for_player}'s view`);
      if (query.for_player === HUMAN_SEAT) access.requireOwner(s, token, 'the human seat\'s view');
      // Read between steps (the lock): mid-way through the AIs' turns the table could show whose call is pending.
      return s.exclusive(() => s.state(access.owns(s, token) ? HUMAN_SEAT : SPECTATOR));
    }, {
      params: SessionParams, query: StateQuery, response: State, detail: { summary: 'State seen from a seat (human_ai: the seat token shows seat 0; without it no concealed hand is shown)', tags },
    })
    .post('/api/game/:session_id/action', async ({ params, body, request }) => {
      const s = await service.get(params.session_id);
      if (s.mode === 'human_ai') access.requireOwner(s, presentedToken(request, params.session_id), 'an action');
      return { ok: true as const, state: await s.act(body.player_id, body.action_idx) };
    }, { params: SessionParams, body: ActionBody, response: ActionResponse, detail: { summary: 'Submit the human player\'s action', tags } })
    .get('/api/game/:session_id/events', async ({ params, request, server }) => {
      const s = await service.get(params.session_id);
      // The events carry the human seat's view: its holder only.
      if (s.mode === 'human_ai') access.requireOwner(s, presentedToken(request, params.session_id), 'the event stream of a human_ai game');
      const release = openStream(request, server);
      const stream = await s.subscribe(undefined, release).catch((err: unknown) => { release(); throw err; });
      return new Response(stream, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' },
      });
    }, {
      params: SessionParams, detail: {
        summary: 'Server-sent events: snapshot, kyoku_start, player_action, ai_action, kyoku_end, game_over, error, bot_replaced (human_ai: the token, in a header or the game\'s cookie)',
        description: 'Each event is `event: <type>` and `data: <the JSON object>`; the objects are the GameEvent schema below.',
        responses: { 200: { description: 'text/event-stream of GameEvent objects', content: { 'text/event-stream': { schema: jsonSchema(GameEvent) } } } },
        tags,
      },
    })
    .get('/api/game/:session_id/paipu', async ({ params, request }) => (await record(params.session_id, request, 'the game record')).paipu(), {
      params: SessionParams, response: Paipu, detail: { summary: 'Game record in the replay loader\'s paipu shape (a stored game: its token or the admin\'s)', tags },
    })
    .get('/api/game/:session_id/mjlog', async ({ params, request, set }) => {
      const xml = (await record(params.session_id, request, 'the Tenhou log')).mjlog();
      set.headers['content-type'] = 'application/xml; charset=utf-8';
      set.headers['content-disposition'] = `attachment; filename="mahjong-${params.session_id}.xml"`;
      return xml;
    }, { params: SessionParams, detail: { summary: 'Game as Tenhou XML (a stored game: its token or the admin\'s)', tags } })
    .get('/api/game/:session_id/export', async ({ params, query, request, set }) => {
      const file = exportFile((await record(params.session_id, request, 'the game export')).paipu(), query.format);
      set.headers['content-type'] = file.type;
      set.headers['content-disposition'] = `attachment; filename="mahjong-${params.session_id}.${file.filename.split('.').pop()}"`;
      return file.text;
    }, { params: SessionParams, query: GameExportQuery, detail: { summary: 'Game as Tenhou XML, tenhou.net/6 JSON or mjai JSON lines (a download)', tags } })
    .get('/api/game/:session_id/log', async ({ params, request, set }) => {
      const s = await service.get(params.session_id);
      set.headers['content-type'] = 'application/x-ndjson';
      // A human_ai game in play: skips and riichi cancels tell a seat's hidden choices (table-talk.ts); the admin
      // sees them all, the human (the session's token) its own.
      const token = presentedToken(request, params.session_id);
      // Once over, the whole log is the player's (with the wall secret it rebuilds the record).
      const whole = s.mode !== 'human_ai' || access.isAdmin(token) || (s.isOver && access.owns(s, token));
      return s.actionLog(whole ? 'all' : access.owns(s, token) ? HUMAN_SEAT : 'public');
    }, {
      params: SessionParams,
      detail: { summary: 'Every action so far, one JSON object per line (human_ai in play: the public ones and, with the session token, the human\'s own; all with the admin token)', tags },
    })
    .post('/api/game/:session_id/auto', async ({ params, body, request }) => {
      const s = await service.get(params.session_id);
      access.requireOwner(s, presentedToken(request, params.session_id), 'the automatic play');
      return { ok: true as const, ...(await s.setAuto(body)) };
    }, {
      params: SessionParams, body: AutoBody, response: AutoResponse,
      detail: { summary: 'human_ai: the human seat\'s automatic play (auto-win, no calls, auto-pass); a decision it covers is taken at once', tags },
    })
    .post('/api/game/:session_id/speed', async ({ params, body, request }) => {
      const s = await service.get(params.session_id);
      access.requireOwner(s, presentedToken(request, params.session_id), 'changing the speed');
      await service.setSpeed(s, body.delay_ms);
      return { ok: true as const, delay_ms: s.delayMs };
    }, { params: SessionParams, body: SpeedBody, response: SpeedResponse, detail: { summary: '4ai: milliseconds per AI action', tags } })
    .post('/api/game/:session_id/claim', async ({ params, request, set }) => {
      // Only a header's token (the cookie would prove nothing new): a page moving a token it held
      // elsewhere into the cookies, or an API client handing its game to a browser on this origin.
      const token = presentedToken(request);
      await record(params.session_id, request, 'claiming a game', token, false);
      if (access.isAdmin(token)) throw new WrongToken();
      set.headers['set-cookie'] = gameCookies(params.session_id, token!) as unknown as string;
      return { ok: true as const };
    }, {
      params: SessionParams, response: OkResponse,
      detail: { summary: 'Sets this game\'s HttpOnly cookies for the token in X-Session-Token / Authorization: Bearer (a live session or a stored game)', tags },
    })
    .delete('/api/game/:session_id', async ({ params, request, set }) => {
      access.requireOwner(await service.get(params.session_id), presentedToken(request, params.session_id), 'ending a session');
      await service.delete(params.session_id);
      set.headers['set-cookie'] = clearedPlayCookie(params.session_id);
      return { ok: true as const };
    }, { params: SessionParams, response: OkResponse, detail: { summary: 'End and remove a session', tags } });
};
