import { Elysia } from 'elysia';
import roomHtml from '../../web/room.html' with { type: 'file' };
// @ts-expect-error untyped browser script
import roomJs from '../../web/js/room.js' with { type: 'file' };
// @ts-expect-error untyped browser script
import roomHistoryJs from '../../web/js/room-history.js' with { type: 'file' };
import { exportFile } from '../replay/service';
import { clearedSeatCookie, presentedSeatToken, seatCookie } from './access';
import { RoomResultNotFound, RoomState } from './errors';
import {
  CreateRoomBody, JoinBody, RatingsResponse, ResultExportQuery, ResultParams, ResultsQuery, RoomActionBody, RoomActionResponse,
  RoomEventDoc, RoomParams, RoomResultsResponse, RoomView, SeatedResponse, WatchQuery,
} from './model';
import type { RoomService } from './service';
import type { RoomRecord, RoomResultSummary } from './types';
import { SPECTATOR, viewFor } from './views';
import type { StreamGate } from '../../server/stream-quota';

const tags = ['rooms'];
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };
const file = (path: string, type: string) => () => new Response(Bun.file(path), { headers: { 'content-type': type, 'cache-control': 'no-cache' } });

const resultJson = (r: RoomResultSummary) => ({
  game_id: r.id, finished_at: new Date(r.finishedAt).toISOString(), max_round: r.maxRound, seeded: r.seeded, rated: r.rated,
  names: r.names, bots: r.bots, scores: r.scores, points: r.points, placements: r.placements, hands: r.hands, ratings: r.ratings,
});

/** Rooms for friends (README, "Rooms"): create, invite, take seats, start, play, watch; ratings. */
export const roomsModule = (rooms: RoomService, openStream: StreamGate = () => () => undefined) => {
  const seated = async (record: RoomRecord, seat: number, token: string, request: Request, set: { headers: Record<string, unknown> }) => {
    set.headers['set-cookie'] = seatCookie(record.id, token);
    const invite = `${new URL(request.url).origin}/room?id=${encodeURIComponent(record.id)}`;
    return { room: await rooms.view(record, seat), seat, token, invite };
  };
  return new Elysia({ name: 'rooms' })
    .get('/room', file(roomHtml as unknown as string, 'text/html; charset=utf-8'), { detail: { summary: 'Rooms: create, invite, take a seat, play, watch', tags: ['pages'] } })
    .get('/room/room.js', file(roomJs as string, 'text/javascript; charset=utf-8'), { detail: { hide: true } })
    .get('/room/history.js', file(roomHistoryJs as string, 'text/javascript; charset=utf-8'), { detail: { hide: true } })
    .post('/api/rooms', async ({ body, request, set }) => {
      const { record, token, seat } = await rooms.create(body);
      return seated(record, seat, token, request, set);
    }, { body: CreateRoomBody, response: SeatedResponse, detail: { summary: 'Create a room and take a seat in it (the seat token comes back and as an HttpOnly cookie)', tags } })
    .get('/api/rooms/:room_id', async ({ params, request }) => {
      const record = await rooms.record(params.room_id);
      return rooms.view(record, rooms.seatOf(record, presentedSeatToken(request, record.id)));
    }, { params: RoomParams, response: RoomView, detail: { summary: 'The room: seats, who is connected, status, timers', tags } })
    .post('/api/rooms/:room_id/seats', async ({ params, body, request, set }) => {
      const { record, token, seat } = await rooms.join(params.room_id, body.name, body.seat, presentedSeatToken(request, params.room_id));
      return seated(record, seat, token, request, set);
    }, { params: RoomParams, body: JoinBody, response: SeatedResponse, detail: { summary: 'Take a seat by name before the start (a caller already seated keeps its seat)', tags } })
    .delete('/api/rooms/:room_id/seats/me', async ({ params, request, set }) => {
      const record = await rooms.leave(params.room_id, presentedSeatToken(request, params.room_id));
      set.headers['set-cookie'] = clearedSeatCookie(record.id);
      return rooms.view(record, null);
    }, { params: RoomParams, response: RoomView, detail: { summary: 'Give your seat up before the start (not the creator)', tags } })
    .post('/api/rooms/:room_id/start', async ({ params, request }) => {
      const record = await rooms.start(params.room_id, presentedSeatToken(request, params.room_id));
      return rooms.view(record, record.ownerSeat);
    }, { params: RoomParams, response: RoomView, detail: { summary: 'The creator starts the game; bots take the empty seats', tags } })
    .post('/api/rooms/:room_id/action', async ({ params, body, request }) => {
      const { state } = await rooms.act(params.room_id, presentedSeatToken(request, params.room_id), body.action_idx);
      return { ok: true as const, state };
    }, { params: RoomParams, body: RoomActionBody, response: RoomActionResponse, detail: { summary: 'Your seat\'s action (0–53, as /api/game/{id}/action)', tags } })
    .get('/api/rooms/:room_id/state', async ({ params, request, query }) => {
      const record = await rooms.record(params.room_id);
      const seat = query.watch === undefined ? rooms.seatOf(record, presentedSeatToken(request, record.id)) : null;
      const table = await rooms.table(record.id);
      if (!table.game) throw new RoomState('the game has not started');
      if (seat === null) return table.greeting(SPECTATOR, { type: 'room' }).find((e) => e.type === 'snapshot')!.state as ReturnType<typeof viewFor>;
      await rooms.requested(table, seat);
      return table.exclusive(() => viewFor(table.game!, seat));
    }, { params: RoomParams, query: WatchQuery, detail: { summary: 'The table as your seat sees it (a spectator: as it was spectator_delay_ms ago, no concealed hand)', tags } })
    .get('/api/rooms/:room_id/events', async ({ params, request, query, server }) => {
      const record = await rooms.record(params.room_id);
      const seat = query.watch === undefined ? rooms.seatOf(record, presentedSeatToken(request, record.id)) : null;
      const release = openStream(request, server);
      const stream = await rooms.events(record.id, seat, release).catch((err: unknown) => { release(); throw err; });
      return new Response(stream, { headers: SSE_HEADERS });
    }, {
      params: RoomParams, query: WatchQuery, detail: {
        summary: 'Server-sent events of the room for your seat (its token) or, without one or with ?watch=1, for a spectator (delayed, no concealed hand)',
        responses: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: RoomEventDoc as {} } } } },
        tags,
      },
    })
    .get('/api/ratings', async ({ query }) => ({ ratings: await rooms.store.topRatings(query.limit ?? 50) }), {
      query: ResultsQuery, response: RatingsResponse, detail: { summary: 'Room players by rating (highest first)', tags },
    })
    .get('/api/room-games', async ({ query }) => {
      const { results, total } = await rooms.store.results(query.limit ?? 50, query.offset ?? 0);
      return { games: results.map(resultJson), total };
    }, { query: ResultsQuery, response: RoomResultsResponse, detail: { summary: 'Finished room games, newest first, with each player\'s rating change', tags } })
    .get('/api/room-games/:game_id/export', async ({ params, query, set }) => {
      const found = await rooms.resultLog(params.game_id);
      if (!found) throw new RoomResultNotFound(params.game_id);
      const f = exportFile(found.paipu(), query.format);
      set.headers['content-type'] = f.type;
      set.headers['content-disposition'] = `attachment; filename="room-${params.game_id}.${f.filename.split('.').pop()}"`;
      return f.text;
    }, { params: ResultParams, query: ResultExportQuery, detail: { summary: 'A finished room game as Tenhou XML, tenhou.net/6 JSON or mjai lines', tags } });
};
