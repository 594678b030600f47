/**
 * mjai events as TypeBox schemas (the JSON-lines log of Mortal, mjai.app and mjai-reviewer, and
 * the messages of a live mjai bot). One schema per event; `MjaiEvent` is their union. Extra
 * fields that other tools add are allowed (objects are not closed).
 */
import { type Static, Type as t } from '@sinclair/typebox';

const Seat = t.Integer({ minimum: 0, maximum: 3 });
export const MjaiTileCode = t.String({ pattern: '^([1-9][mps]|5[mps]r|[ESWNPFC]|\\?)$', description: 'mjai tile: 1m…9s, 5mr/5pr/5sr red, E S W N P F C honours, ? hidden' });
const Tiles = t.Array(MjaiTileCode);
const Four = <T extends import('@sinclair/typebox').TSchema>(x: T) => t.Array(x, { minItems: 4, maxItems: 4 });

export const StartGame = t.Object({ type: t.Literal('start_game'), names: t.Optional(Four(t.String())), id: t.Optional(Seat) });
export const StartKyoku = t.Object({
  type: t.Literal('start_kyoku'),
  bakaze: t.Union([t.Literal('E'), t.Literal('S'), t.Literal('W'), t.Literal('N')]),
  dora_marker: MjaiTileCode,
  kyoku: t.Integer({ minimum: 1, maximum: 4 }),
  honba: t.Integer({ minimum: 0 }),
  kyotaku: t.Integer({ minimum: 0 }),
  oya: Seat,
  scores: Four(t.Integer()),
  tehais: Four(t.Array(MjaiTileCode, { minItems: 13, maxItems: 13 })),
});
export const Tsumo = t.Object({ type: t.Literal('tsumo'), actor: Seat, pai: MjaiTileCode });
export const Dahai = t.Object({ type: t.Literal('dahai'), actor: Seat, pai: MjaiTileCode, tsumogiri: t.Boolean() });
export const Chi = t.Object({ type: t.Literal('chi'), actor: Seat, target: Seat, pai: MjaiTileCode, consumed: t.Array(MjaiTileCode, { minItems: 2, maxItems: 2 }) });
export const Pon = t.Object({ type: t.Literal('pon'), actor: Seat, target: Seat, pai: MjaiTileCode, consumed: t.Array(MjaiTileCode, { minItems: 2, maxItems: 2 }) });
export const Daiminkan = t.Object({ type: t.Literal('daiminkan'), actor: Seat, target: Seat, pai: MjaiTileCode, consumed: t.Array(MjaiTileCode, { minItems: 3, maxItems: 3 }) });
export const Kakan = t.Object({ type: t.Literal('kakan'), actor: Seat, pai: MjaiTileCode, consumed: t.Array(MjaiTileCode, { minItems: 3, maxItems: 3 }) });
export const Ankan = t.Object({ type: t.Literal('ankan'), actor: Seat, consumed: t.Array(MjaiTileCode, { minItems: 4, maxItems: 4 }) });
export const Dora = t.Object({ type: t.Literal('dora'), dora_marker: MjaiTileCode });
export const Reach = t.Object({ type: t.Literal('reach'), actor: Seat });
export const ReachAccepted = t.Object({ type: t.Literal('reach_accepted'), actor: Seat, deltas: t.Optional(Four(t.Integer())), scores: t.Optional(Four(t.Integer())) });
export const Hora = t.Object({
  type: t.Literal('hora'), actor: Seat, target: Seat,
  deltas: t.Optional(Four(t.Integer())), ura_markers: t.Optional(Tiles), pai: t.Optional(MjaiTileCode), scores: t.Optional(Four(t.Integer())),
});
export const Ryukyoku = t.Object({ type: t.Literal('ryukyoku'), deltas: t.Optional(Four(t.Integer())), reason: t.Optional(t.String()) });
export const EndKyoku = t.Object({ type: t.Literal('end_kyoku') });
export const EndGame = t.Object({ type: t.Literal('end_game'), scores: t.Optional(Four(t.Integer())) });
/** A bot's answer to a prompt: "none" passes. */
export const None = t.Object({ type: t.Literal('none') });

export const MjaiEvent = t.Union([
  StartGame, StartKyoku, Tsumo, Dahai, Chi, Pon, Daiminkan, Kakan, Ankan, Dora, Reach, ReachAccepted,
  Hora, Ryukyoku, EndKyoku, EndGame, None,
]);
export type MjaiEvent = Static<typeof MjaiEvent>;
export type MjaiEventType = MjaiEvent['type'];
export const MJAI_EVENT_TYPES = MjaiEvent.anyOf.map((s) => s.properties.type.const as MjaiEventType);
