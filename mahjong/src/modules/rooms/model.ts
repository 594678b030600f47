import { t } from 'elysia';
import { State } from '../game/model';

const Seat = t.Integer({ minimum: 0, maximum: 3 });
const Name = t.String({ minLength: 1, maxLength: 64, description: 'the player\'s name (1–24 characters once trimmed; ratings are kept per name)' });
const AiName = t.String({ minLength: 1, maxLength: 4096, description: 'AI for the seats left empty at the start: strong (default), heuristic, random, a model file, or mjai:<name> (one server only)' });

export const CreateRoomBody = t.Object({
  name: Name,
  seat: t.Optional(Seat),
  max_round: t.Optional(t.Integer({ minimum: 0, maximum: 1, description: '0 East only, 1 East-South (default)' })),
  bots: t.Optional(AiName),
  decision_ms: t.Optional(t.Integer({ minimum: 100, maximum: 120_000, description: 'time per decision (default 5000)' })),
  bank_ms: t.Optional(t.Integer({ minimum: 0, maximum: 600_000, description: 'time bank per player (default 10000)' })),
  bank_per: t.Optional(t.Union([t.Literal('hand'), t.Literal('game')], { description: 'the bank refills every hand (default) or once per game' })),
  spectator_delay_ms: t.Optional(t.Integer({ minimum: 0, maximum: 600_000, description: 'spectators see the table this much later (default 30000)' })),
  seed: t.Optional(t.Union([t.Null(), t.Integer({ minimum: 0, maximum: 2 ** 31 - 1, description: 'a practice wall: the game is never rated' })])),
}, { additionalProperties: false });
export type CreateRoomBody = typeof CreateRoomBody.static;

export const JoinBody = t.Object({ name: Name, seat: t.Optional(Seat) }, { additionalProperties: false });
export const RoomActionBody = t.Object({ action_idx: t.Integer({ description: 'the action index, 0–53; one not legal now (another integer included) is 400 ILLEGAL_ACTION' }) }, { additionalProperties: false });
export const RoomParams = t.Object({ room_id: t.String({ maxLength: 64 }) });
export const WatchQuery = t.Object({ watch: t.Optional(t.String({ maxLength: 8, description: 'any value: watch as a spectator even when holding a seat' })) });
export const ResultsQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 200 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export const ResultParams = t.Object({ game_id: t.String({ maxLength: 64 }) });
export const ResultExportQuery = t.Object({ format: t.Union([t.Literal('xml'), t.Literal('tenhou6'), t.Literal('mjai')]) });

export const SeatView = t.Object({
  seat: Seat,
  kind: t.Union([t.Literal('human'), t.Literal('bot'), t.Literal('empty')]),
  name: t.Union([t.String(), t.Null()]),
  ai: t.Union([t.String(), t.Null()]),
  connected: t.Boolean({ description: 'a human with an open stream on any server (a bot always)' }),
  rating: t.Union([t.Number(), t.Null()]),
});

export const RatingChangeView = t.Object({
  name: t.String(), seat: Seat, place: t.Integer({ minimum: 1, maximum: 4 }), before: t.Number(), after: t.Number(), delta: t.Number(),
});

export const RoomView = t.Object({
  room_id: t.String(),
  status: t.Union([t.Literal('open'), t.Literal('playing'), t.Literal('over')]),
  owner_seat: Seat,
  max_round: t.Integer(),
  seeded: t.Boolean(),
  seed: t.Union([t.Integer(), t.Null()], {
    description: 'a practice wall\'s seed, shown to everyone: from it (or from a few dealt tiles, by a search of seconds) anyone can compute every hand and draw, so no player may be the only one to know it; null: the walls come from a secret revealed at the end',
  }),
  clock: t.Object({ decision_ms: t.Integer(), bank_ms: t.Integer(), bank_per: t.Union([t.Literal('hand'), t.Literal('game')]) }),
  spectator_delay_ms: t.Integer(),
  bots: t.String(),
  you: t.Union([Seat, t.Null()], { description: 'the caller\'s seat (from its seat token), null for a spectator' }),
  seats: t.Array(SeatView),
  ratings: t.Union([t.Array(RatingChangeView), t.Null()], { description: 'once the game is over and rated' }),
});
export type RoomView = typeof RoomView.static;

export const SeatedResponse = t.Object({
  room: RoomView,
  seat: Seat,
  token: t.String({ description: 'your seat token; also set as an HttpOnly cookie for this room, which the page uses' }),
  invite: t.String({ description: 'the invitation link (carries only the room id)' }),
});
export const RoomActionResponse = t.Object({ ok: t.Literal(true), state: State });

export const RatingsResponse = t.Object({ ratings: t.Array(t.Object({ name: t.String(), rating: t.Number(), games: t.Integer() })) });
export const RoomResultSummaryView = t.Object({
  game_id: t.String(), finished_at: t.String(), max_round: t.Integer(), seeded: t.Boolean(), rated: t.Boolean(),
  names: t.Array(t.Union([t.String(), t.Null()])), bots: t.Array(t.Union([t.String(), t.Null()])),
  scores: t.Array(t.Integer()), points: t.Array(t.Number()), placements: t.Array(t.Integer()), hands: t.Integer(),
  ratings: t.Array(RatingChangeView),
});
export const RoomResultsResponse = t.Object({ games: t.Array(RoomResultSummaryView), total: t.Integer() });

/** The events of GET /api/rooms/{id}/events (besides the game's own shapes: state as in /api/game). */
export const RoomEventDoc = t.Union([
  t.Object({ type: t.Literal('room'), room: RoomView }, { description: 'first event, and whenever a seat is taken, someone connects or leaves, the game starts or ends' }),
  t.Object({ type: t.Literal('snapshot'), state: State, seats: t.Array(t.Object({ kind: t.String(), ai: t.Union([t.String(), t.Null()]), name: t.Union([t.String(), t.Null()]) })), banks: t.Optional(t.Array(t.Union([t.Integer(), t.Null()]), { description: 'each seat\'s time bank: your own; null for the others' })), delay_ms: t.Optional(t.Integer()) }),
  t.Object({ type: t.Literal('action'), player: Seat, action: t.Integer(), by: t.Union([t.Literal('human'), t.Literal('ai'), t.Literal('auto'), t.Literal('timeout')]), timeout: t.Optional(t.Literal(true)), state: State }),
  t.Object({ type: t.Literal('state'), state: State }, { description: 'the table moved on after a step that is not shown (everyone passed on a discard, and the next seat drew)' }),
  t.Object({ type: t.Literal('clock'), seat: Seat, deadline: t.Optional(t.Number({ description: 'your own clock only' })), bank_ms: t.Optional(t.Integer({ description: 'your own clock only' })), decision_ms: t.Integer(), started: t.Number() }),
  t.Object({ type: t.Literal('kyoku_start'), state: State }),
  t.Object({ type: t.Literal('kyoku_end'), result: t.Any(), state: State }),
  t.Object({ type: t.Literal('game_over'), state: State }),
]);
