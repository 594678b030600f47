import { Elysia } from 'elysia';
import { AiModelList, OkResponse, SpeedBody, SpeedResponse } from './model';
import { ActionBody, ActionResponse, NewGameBody, NewGameResponse, SessionParams, StateQuery } from './model';
import type { GameService } from './service';
import { ExportQuery } from '../replay/model';
import { exportFile } from '../replay/service';

const tags = ['game'];

/** The game endpoints of the spec plus the README's speed, delete, sessions, log and mjlog. */
export const gameModule = (service: GameService) =>
  new Elysia({ name: 'game' })
    .get('/api/ai/models', () => ({ models: service.models(), default: 'random' }), {
      response: AiModelList, detail: { summary: 'AIs to choose from for ai_model / ai_models: built-in ones and the configured mjai bots (the shipped trained policy is left out: it loses to the heuristic)', tags },
    })
    .post('/api/game/new', async ({ body }) => {
      const s = await service.create(body);
      return { session_id: s.id, mode: s.mode, state: s.state() };
    }, { body: NewGameBody, response: NewGameResponse, detail: { summary: 'Start a game', tags } })
    .get('/api/game/:session_id/state', ({ params, query }) => service.get(params.session_id).state(query.for_player), {
      params: SessionParams, query: StateQuery, detail: { summary: 'State seen from a seat', tags },
    })
    .post('/api/game/:session_id/action', async ({ params, body }) => ({
      ok: true as const,
      state: await service.get(params.session_id).act(body.player_id, body.action_idx),
    }), { params: SessionParams, body: ActionBody, response: ActionResponse, detail: { summary: 'Submit the human player\'s action', tags } })
    .get('/api/game/:session_id/events', ({ params }) => {
      const s = service.get(params.session_id);
      return new Response(s.hub.subscribe(s.greeting()), {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' },
      });
    }, { params: SessionParams, detail: { summary: 'Server-sent events: snapshot, ai_action, kyoku_end, game_over, error', tags } })
    .get('/api/game/:session_id/paipu', ({ params }) => service.get(params.session_id).paipu() as Record<string, unknown>, {
      params: SessionParams, detail: { summary: 'Game record in the replay loader\'s paipu shape', tags },
    })
    .get('/api/game/:session_id/mjlog', ({ params, set }) => {
      const xml = service.get(params.session_id).mjlog();
      set.headers['content-type'] = 'application/xml; charset=utf-8';
      set.headers['content-disposition'] = `attachment; filename="mahjong-${params.session_id}.xml"`;
      return xml;
    }, { params: SessionParams, detail: { summary: 'Game as Tenhou XML', tags } })
    .get('/api/game/:session_id/export', ({ params, query, set }) => {
      const file = exportFile(service.get(params.session_id).paipu(), query.format);
      set.headers['content-type'] = file.type;
      set.headers['content-disposition'] = `attachment; filename="mahjong-${params.session_id}.${file.filename.split('.').pop()}"`;
      return file.text;
    }, { params: SessionParams, query: ExportQuery, detail: { summary: 'Game as Tenhou XML, tenhou.net/6 JSON or mjai JSON lines (a download)', tags } })
    .get('/api/game/:session_id/log', ({ params, set }) => {
      set.headers['content-type'] = 'application/x-ndjson';
      return service.get(params.session_id).actionLog();
    }, { params: SessionParams, detail: { summary: 'Every action so far, one JSON object per line', tags } })
    .post('/api/game/:session_id/speed', ({ params, body }) => {
      const s = service.get(params.session_id);
      s.delayMs = body.delay_ms;
      return { ok: true as const, delay_ms: s.delayMs };
    }, { params: SessionParams, body: SpeedBody, response: SpeedResponse, detail: { summary: '4ai: milliseconds per AI action', tags } })
    .delete('/api/game/:session_id', ({ params }) => {
      service.sessions.delete(params.session_id);
      return { ok: true as const };
    }, { params: SessionParams, response: OkResponse, detail: { summary: 'End and remove a session', tags } });
