import { t } from 'elysia';
import { AutoSettings } from './auto-play';
import { HandResultView, StateView } from '../../engine/game/view-schema';
import { LogFormatName } from '../replay/model';
import { BotReplaced } from '../../mjai/bot-seat';

const AiModelName = t.String({ maxLength: 4096, description: '"strong", "heuristic", "random" (GET /api/ai/models) or a model file path' });

export const AiModelList = t.Object({ models: t.Array(t.Object({ name: t.String(), description: t.String() })), default: t.String() });

import { GameMode } from '../backend/types';

export { GameMode };

export const NewGameBody = t.Object({
  mode: t.Optional(GameMode),
  ai_model: t.Optional(t.Union([t.Null(), AiModelName])),
  ai_models: t.Optional(t.Array(t.Union([t.Null(), AiModelName]), {
    minItems: 4, maxItems: 4, description: 'Per seat (0–3): overrides ai_model for that seat; null = ai_model. Seat 0 is ignored in human_ai.',
  })),
  seed: t.Optional(t.Union([t.Null(), t.Integer({ minimum: 0, maximum: 2 ** 32 - 1 })])),
  max_round: t.Optional(t.Integer({ minimum: 0, maximum: 1, description: '0 East only, 1 East-South (default)' })),
  delay_ms: t.Optional(t.Integer({ minimum: 0, maximum: 10_000, description: '4ai: milliseconds per AI action (default 800)' })),
  auto: t.Optional(t.Partial(AutoSettings, { description: 'human_ai: the human seat\'s automatic play from the start (POST /api/game/{id}/auto)' })),
});
export type NewGameBody = typeof NewGameBody.static;

/** The state object: the engine's state view, validated, documented and sent as it is. */
export const State = StateView;

/** Who sits in a seat, for the pages' name plates: the human, or an AI by its name. */
export const SeatInfo = t.Object({
  kind: t.Union([t.Literal('human'), t.Literal('ai')]),
  ai: t.Union([t.String(), t.Null()], { description: 'the AI\'s name (null for the human)' }),
});
export type SeatInfo = typeof SeatInfo.static;

export const NewGameResponse = t.Object({
  session_id: t.String(), mode: GameMode, state: State,
  seats: t.Array(SeatInfo, { description: 'who plays each seat, for the name plates' }),
  token: t.String({ description: 'The session secret: human_ai actions, seat-0 views and events need it; DELETE and speed too. Also set as HttpOnly cookies, which the pages use' }),
});
export const StateQuery = t.Object({ for_player: t.Optional(t.Integer({ minimum: 0, maximum: 3 })) });
export const ActionBody = t.Object({
  player_id: t.Integer({ minimum: 0, maximum: 3 }),
  // Any integer: one outside 0–53 is an illegal action like any other (400 ILLEGAL_ACTION with the valid ones, README errors).
  action_idx: t.Integer({ description: 'the action index, 0–53; an index that is not legal now (another integer included) is 400 ILLEGAL_ACTION with valid_actions' }),
});
export const ActionResponse = t.Object({ ok: t.Literal(true), state: State });
export const AutoBody = t.Partial(AutoSettings);
export const AutoResponse = t.Object({ ok: t.Literal(true), auto: AutoSettings, state: State });
export const SpeedBody = t.Object({ delay_ms: t.Integer({ minimum: 0, maximum: 10_000 }) });
export const SpeedResponse = t.Object({ ok: t.Literal(true), delay_ms: t.Integer() });
export const SessionParams = t.Object({ session_id: t.String() });
export const OkResponse = t.Object({ ok: t.Literal(true) });
export const GameExportQuery = t.Object({ format: LogFormatName });

const Seat = t.Integer({ minimum: 0, maximum: 3 });
const Action = t.Integer({ minimum: 0, maximum: 53 });

/** The server-sent events of GET /api/game/{id}/events: `event:` is `type`, `data:` the whole object. */
export const GameEvent = t.Union([
  t.Object({
    type: t.Literal('snapshot'), state: State, seats: t.Array(SeatInfo),
    auto: t.Optional(AutoSettings),
  }, { description: 'first event of every stream: the table now, who plays each seat, and (human_ai) the human seat\'s automatic play' }),
  t.Object({ type: t.Literal('kyoku_start'), state: State }, { description: 'a new hand was dealt' }),
  t.Object({ type: t.Literal('player_action'), player: Seat, action: Action, auto: t.Optional(t.Literal(true)), state: State }, {
    description: 'the human seat acted (human_ai); auto: the server made the move (a forced riichi discard or the automatic play)',
  }),
  t.Object({ type: t.Literal('auto'), auto: AutoSettings }, { description: 'the human seat\'s automatic play changed (human_ai)' }),
  t.Object({ type: t.Literal('ai_action'), player: Seat, action: Action, state: State }, { description: 'an AI seat acted' }),
  t.Object({ type: t.Literal('kyoku_end'), result: HandResultView, state: State }, { description: 'a hand ended; result = state.result' }),
  t.Object({ type: t.Literal('game_over'), state: State }, { description: 'the game ended (also sent at once to a subscriber of a finished game)' }),
  t.Object({ type: t.Literal('error'), message: t.String() }, { description: 'an AI failed, or the game stopped' }),
  BotReplaced,
]);
export type GameEvent = typeof GameEvent.static;
