/**
 * The paipu: one game record, as parsed from Tenhou mjlog XML or produced by our engine.
 * Shared by the verifier, the exporter and the replay viewer. Tiles are Tenhou ids 0–135
 * (`kind = id >> 2`, red fives 16/52/88); scores are in points (not hundreds).
 */
import { type Static, Type as t } from '@sinclair/typebox';

const Seat = t.Integer({ minimum: 0, maximum: 3 });
const Tile = t.Integer({ minimum: 0, maximum: 135 });
const FourInts = t.Array(t.Integer(), { minItems: 4, maxItems: 4 });
const FourNums = t.Array(t.Number(), { minItems: 4, maxItems: 4 });

export const Meld = t.Object({
  type: t.Union([t.Literal('chi'), t.Literal('pon'), t.Literal('daiminkan'), t.Literal('kakan'), t.Literal('ankan')]),
  /** Every tile of the meld, ascending. */
  tiles: t.Array(Tile),
  /** The tile taken from another seat; null for ankan. */
  called: t.Union([Tile, t.Null()]),
  /** For kakan: the tile added from the hand. */
  added: t.Union([Tile, t.Null()]),
  /** Absolute seat the called tile came from (the owner for ankan). */
  from: Seat,
  /** Tenhou's `m` bit field for this meld. */
  m: t.Integer(),
});
export type Meld = Static<typeof Meld>;

export const Yaku = t.Object({ id: t.Integer(), han: t.Integer() });
export type Yaku = Static<typeof Yaku>;

export const DrawEvent = t.Object({ t: t.Literal('draw'), who: Seat, tile: Tile });
export const DiscardEvent = t.Object({ t: t.Literal('discard'), who: Seat, tile: Tile, tsumogiri: t.Boolean() });
export const CallEvent = t.Object({ t: t.Literal('call'), who: Seat, meld: Meld });
export const RiichiEvent = t.Object({ t: t.Literal('riichi'), who: Seat, step: t.Union([t.Literal(1), t.Literal(2)]) });
export const DoraEvent = t.Object({ t: t.Literal('dora'), tile: Tile });
export const ByeEvent = t.Object({ t: t.Literal('bye'), who: Seat });
export const ReconnectEvent = t.Object({ t: t.Literal('reconnect'), who: Seat });

export const AgariEvent = t.Object({
  t: t.Literal('agari'),
  who: Seat,
  fromWho: Seat,
  paoWho: t.Union([Seat, t.Null()]),
  honba: t.Integer(),
  kyotaku: t.Integer(),
  /** Closed tiles including the winning tile. */
  hand: t.Array(Tile),
  melds: t.Array(Meld),
  machi: Tile,
  fu: t.Integer(),
  /** Base points without honba and sticks. */
  points: t.Integer(),
  /** 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman. */
  limit: t.Integer(),
  yaku: t.Array(Yaku),
  yakuman: t.Array(t.Integer()),
  doraIndicators: t.Array(Tile),
  uraIndicators: t.Array(Tile),
  /** Scores before this result and the deltas (incl. honba and sticks). */
  scores: FourInts,
  deltas: FourInts,
});
export type AgariEvent = Static<typeof AgariEvent>;

export const RyuukyokuKind = t.Union([
  t.Literal('exhaustive'), t.Literal('yao9'), t.Literal('reach4'), t.Literal('ron3'),
  t.Literal('kan4'), t.Literal('kaze4'), t.Literal('nm'),
]);
export type RyuukyokuKind = Static<typeof RyuukyokuKind>;

export const RyuukyokuEvent = t.Object({
  t: t.Literal('ryuukyoku'),
  kind: RyuukyokuKind,
  honba: t.Integer(),
  kyotaku: t.Integer(),
  scores: FourInts,
  deltas: FourInts,
  /** Hands shown at the draw (tenpai hands, or the nine-terminals hand); null = not shown. */
  hands: t.Array(t.Union([t.Array(Tile), t.Null()]), { minItems: 4, maxItems: 4 }),
});
export type RyuukyokuEvent = Static<typeof RyuukyokuEvent>;

export const RoundEvent = t.Union([
  DrawEvent, DiscardEvent, CallEvent, RiichiEvent, DoraEvent, ByeEvent, ReconnectEvent, AgariEvent, RyuukyokuEvent,
]);
export type RoundEvent = Static<typeof RoundEvent>;

export const Round = t.Object({
  /** 0–3 East 1–4, 4–7 South, 8–11 West, … */
  round: t.Integer({ minimum: 0 }),
  honba: t.Integer({ minimum: 0 }),
  kyotaku: t.Integer({ minimum: 0 }),
  dice: t.Array(t.Integer(), { minItems: 2, maxItems: 2 }),
  oya: Seat,
  scores: FourInts,
  doraIndicator: Tile,
  /** The 13-tile starting hands. */
  hands: t.Array(t.Array(Tile), { minItems: 4, maxItems: 4 }),
  events: t.Array(RoundEvent),
});
export type Round = Static<typeof Round>;

export const Player = t.Object({ name: t.String(), dan: t.Integer(), rate: t.Number(), sex: t.String() });
export type Player = Static<typeof Player>;

export const Owari = t.Object({ scores: FourInts, points: FourNums });
export type Owari = Static<typeof Owari>;

export const Paipu = t.Object({
  /** Tenhou's GO type rule bits (169 = 0xA9: four players, red fives, open tanyao, East-South). */
  type: t.Integer(),
  /** Wall seed: Tenhou's SHUFFLE seed text, or `devhub-v1,<n>` for games our engine dealt. */
  seed: t.String(),
  lobby: t.Integer(),
  /** A custom lobby's rule string (GO `csrule`), kept as written; absent for ranked lobbies. */
  csrule: t.Optional(t.String()),
  rules: t.Object({ redFives: t.Boolean(), openTanyao: t.Boolean(), eastSouth: t.Boolean(), sanma: t.Boolean() }),
  players: t.Array(Player, { minItems: 4, maxItems: 4 }),
  /** First dealer (TAIKYOKU oya). */
  oya: Seat,
  rounds: t.Array(Round),
  owari: t.Union([Owari, t.Null()]),
  /** Why the record stops early: null = complete game. */
  truncated: t.Union([t.Null(), t.Literal('mid-round'), t.Literal('no-game-end'), t.Literal('no-rounds')]),
});
export type Paipu = Static<typeof Paipu>;
