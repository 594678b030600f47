import { t } from 'elysia';
import { Paipu } from '../../engine/paipu';

const Tile = t.Integer({ minimum: 0, maximum: 135, description: 'Tenhou tile id (kind = id >> 2; 16/52/88 are red fives)' });

export const RiverTile = t.Object({ tile: Tile, tsumogiri: t.Boolean(), riichi: t.Boolean(), called: t.Boolean() });
export const ReplayMeld = t.Object({
  type: t.Union([t.Literal('chi'), t.Literal('pon'), t.Literal('daiminkan'), t.Literal('kakan'), t.Literal('ankan')]),
  tiles: t.Array(Tile), called: t.Union([Tile, t.Null()]), from: t.Integer({ description: 'seat the called tile came from' }),
});
export const ReplayPlayer = t.Object({
  seat: t.Integer(), wind: t.Integer({ description: '0 East … 3 North' }), score: t.Integer(),
  hand: t.Array(Tile), drawn: t.Union([Tile, t.Null()]), river: t.Array(RiverTile), melds: t.Array(ReplayMeld), riichi: t.Boolean(),
});
export type ReplayPlayer = typeof ReplayPlayer.static;

const YakuLine = t.Object({ id: t.Integer(), name: t.String(), han: t.Integer() });
export const ReplayWin = t.Object({
  who: t.Integer(), from_who: t.Integer(), han: t.Integer(), fu: t.Integer(), points: t.Integer(), limit_name: t.String(),
  yaku: t.Array(YakuLine), hand: t.Array(Tile), machi: Tile,
});
/** The hand's result once it is over (the same summary the game's kyoku_end event carries). */
export const ReplayResult = t.Object({
  type: t.Union([t.Literal('agari'), t.Literal('ryuukyoku')]),
  kind: t.Optional(t.String({ description: "Tenhou's kind of draw: exhaustive, yao9, reach4, ron3, kan4, kaze4, nm" })),
  kind_name: t.Optional(t.String()),
  tenpai: t.Optional(t.Array(t.Integer(), { description: 'exhaustive draw: the tenpai seats' })),
  wins: t.Array(ReplayWin),
  deltas: t.Array(t.Integer()),
});
export type ReplayResult = typeof ReplayResult.static;

/** The table as the replay shows it: the game's state object with every hand visible. */
export const ReplayState = t.Object({
  phase: t.Integer(), turn: t.Integer(), oya: t.Integer(), round: t.Integer(), round_wind: t.Integer(),
  honba: t.Integer(), kyotaku: t.Integer(), tiles_left: t.Integer(), dora: t.Array(Tile),
  players: t.Array(ReplayPlayer), valid_actions: t.Array(t.Integer()), valid_actions_mask: t.Array(t.Boolean()),
  riichi_stage2: t.Boolean(), is_over: t.Boolean(),
  result: t.Union([t.Null(), ReplayResult]),
  game: t.Object({ round_label: t.String(), scores: t.Array(t.Integer()) }),
});
export type ReplayState = typeof ReplayState.static;

export const StepType = t.Union([
  t.Literal('init'), t.Literal('draw'), t.Literal('discard'), t.Literal('call'), t.Literal('riichi'), t.Literal('dora'),
  t.Literal('agari'), t.Literal('ryuukyoku'), t.Literal('kyoku_end'), t.Literal('game_end'),
]);
export type StepType = typeof StepType.static;

export const ReplayStep = t.Object({
  step: t.Integer(), event_type: StepType, kyoku_index: t.Integer(),
  player: t.Union([t.Integer(), t.Null()]), description: t.String(), state: ReplayState,
});
export type ReplayStep = typeof ReplayStep.static;

export const LogFormatName = t.Union([t.Literal('xml'), t.Literal('tenhou6'), t.Literal('mjai')], { description: 'xml = Tenhou mjlog, tenhou6 = tenhou.net/6 JSON, mjai = mjai JSON lines' });
/** One of the two: a paipu from `/api/replay/load`, or the XML itself. */
export const StepsBody = t.Object({
  paipu: t.Optional(t.Record(t.String(), t.Unknown(), { description: 'a paipu from /api/replay/load' })),
  xml_content: t.Optional(t.String({ description: 'the log as text (Tenhou XML, tenhou.net/6 JSON or mjai JSON lines)' })),
});
export type StepsBody = typeof StepsBody.static;
export const LoadResponse = t.Object({ ok: t.Literal(true), format: LogFormatName, paipu: Paipu });
export const ExportQuery = t.Object({ format: LogFormatName });
export const ExportBody = t.Object({ paipu: t.Record(t.String(), t.Unknown(), { description: 'a paipu from /api/replay/load' }) });
export const StepsResponse = t.Object({
  steps: t.Array(ReplayStep), total: t.Integer(), kyoku_indices: t.Array(t.Integer()),
});
export const BuiltinList = t.Object({ paipu_files: t.Array(t.String()) });
