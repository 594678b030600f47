/**
 * The state object a client draws the table from (mahjong/README.md: spec fields plus
 * what a client needs). Tiles are Tenhou ids 0–135 (`kind = id >> 2`; red fives 16/52/88).
 */
import { type Static, Type as t } from '@sinclair/typebox';
import { AgariEvent, Meld, Owari, RyuukyokuEvent, RyuukyokuKind } from '../paipu/types';

export const RiverTileView = t.Object({ tile: t.Integer(), tsumogiri: t.Boolean(), riichi: t.Boolean(), called: t.Boolean() });

export const PlayerView = t.Object({
  seat: t.Integer(),
  wind: t.Union([t.Literal('E'), t.Literal('S'), t.Literal('W'), t.Literal('N')], { description: 'seat wind' }),
  is_oya: t.Boolean(),
  score: t.Integer(),
  /** Concealed tiles, sorted; a hidden hand is its tile count. */
  hand: t.Union([t.Array(t.Integer()), t.Integer()]),
  /** The tile just drawn (also in `hand`), when visible. */
  drawn: t.Union([t.Integer(), t.Null()]),
  river: t.Array(RiverTileView),
  melds: t.Array(Meld),
  riichi: t.Boolean(),
  /** Furiten (permanent, temporary or riichi); only told to the seat itself or in full views. */
  furiten: t.Boolean(),
  /** The kinds (0–33) that complete a tenpai 13-tile hand; only told to the seat itself or in full views, empty otherwise. */
  waits: t.Array(t.Integer({ minimum: 0, maximum: 33 })),
});
export type PlayerView = Static<typeof PlayerView>;

export const HandLogEntry = t.Object({
  index: t.Integer(),
  round: t.Integer(),
  round_label: t.String(),
  honba: t.Integer(),
  /** 'agari' or the ryuukyoku kind ('exhaustive', 'yao9', 'reach4', 'ron3', 'kan4', 'kaze4', 'nm'). */
  result_type: t.String(),
  winners: t.Array(t.Integer()),
  losers: t.Array(t.Integer()),
  renchan: t.Boolean(),
  scores_in: t.Array(t.Integer()),
  scores_out: t.Array(t.Integer()),
  score_delta: t.Array(t.Integer()),
});
export type HandLogEntry = Static<typeof HandLogEntry>;

const Tile = t.Integer({ minimum: 0, maximum: 135, description: 'Tenhou tile id (kind = id >> 2; 16/52/88 are red fives)' });

export const YakuLine = t.Object({ id: t.Integer(), name: t.String(), han: t.Integer() });

/**
 * Who paid what for one win, without the honba and sticks (listed apart): a ron's `ron` from the
 * discarder; a non-dealer's tsumo `dealer` / `non_dealer` (Tenhou's "2000/3900" is
 * non_dealer/dealer); a dealer's tsumo `all` from each. `received` = everything the winner got.
 */
export const PaymentView = t.Object({
  kind: t.Union([t.Literal('ron'), t.Literal('tsumo'), t.Literal('tsumo_dealer')]),
  ron: t.Optional(t.Integer()),
  dealer: t.Optional(t.Integer()),
  non_dealer: t.Optional(t.Integer()),
  all: t.Optional(t.Integer()),
  /** Points for the honba (300 each; 100 from each payer on tsumo); a double ron's second winner gets none. */
  honba: t.Integer(),
  /** Points for the riichi sticks on the table (1000 each, to the first winner). */
  sticks: t.Integer(),
  received: t.Integer(),
  /** The seat liable for a big three dragons / big four winds. */
  pao: t.Union([t.Integer(), t.Null()]),
});
export type PaymentView = Static<typeof PaymentView>;

/** One win as the pages show it. */
export const WinView = t.Object({
  who: t.Integer(),
  /** The seat that dealt in; the winner itself for tsumo. */
  from_who: t.Integer(),
  tsumo: t.Boolean(),
  /** The winner is the dealer (absent when the dealer's seat is not known). */
  dealer: t.Optional(t.Boolean()),
  /** Total han (yakuman at 13 each). */
  han: t.Integer(),
  fu: t.Integer(),
  /** Base points (without honba and sticks). */
  points: t.Integer(),
  /** 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman. */
  limit: t.Integer(),
  /** '' or mangan, haneman, baiman, sanbaiman, yakuman. */
  limit_name: t.String(),
  /** Named yaku with their han (zero-han entries left out; yakuman at 13 each). */
  yaku: t.Array(YakuLine),
  yakuman: t.Boolean(),
  /** Closed tiles including the winning tile, the winning tile, and the winner's melds. */
  hand: t.Array(Tile),
  machi: Tile,
  melds: t.Array(Meld),
  /** Dora and ura-dora indicators (ura only on a riichi win). */
  dora: t.Array(Tile),
  ura: t.Array(Tile),
  honba: t.Integer(),
  kyotaku: t.Integer(),
  /** The payment split (absent when the dealer's seat is not known). */
  payment: t.Optional(PaymentView),
  /** This win's score changes per seat, honba and sticks included. */
  deltas: t.Array(t.Integer()),
});
export type WinView = Static<typeof WinView>;

export const HandResultView = t.Object({
  type: t.Union([t.Literal('agari'), t.Literal('ryuukyoku')]),
  /** Draws: Tenhou's kind and its name in words ("nine terminals"). */
  kind: t.Optional(RyuukyokuKind),
  kind_name: t.Optional(t.String()),
  /** Exhaustive draws (and nagashi mangan): the seats that were tenpai, whose hands were shown. */
  tenpai: t.Optional(t.Array(t.Integer())),
  /** Draws: the hands the record shows, per seat (tenpai hands, the nine-terminals hand); null = not shown. */
  hands: t.Optional(t.Array(t.Union([t.Array(Tile), t.Null()]))),
  wins: t.Array(WinView),
  /** Score changes of the hand (riichi deposits, paid at declaration, not included). */
  deltas: t.Array(t.Integer()),
  /** Scores before the hand's payments and after them; honba and riichi sticks the hand ended with. */
  scores_before: t.Array(t.Integer()),
  scores_after: t.Array(t.Integer()),
  honba: t.Integer(),
  kyotaku: t.Integer(),
  renchan: t.Boolean(),
  /** The AGARI / RYUUKYOKU records of the hand (two for a double ron). */
  events: t.Array(t.Union([AgariEvent, RyuukyokuEvent])),
});
export type HandResultView = Static<typeof HandResultView>;

/**
 * How this game's walls are made (mahjong/README.md, "How the wall is made"): a seeded practice
 * game (`seed`, reproducible, never rated), or walls from a secret whose SHA-256 `commitment` is
 * published from the first event on and whose `secret` is revealed once the game is over.
 */
export const WallInfo = t.Object({
  kind: t.Union([t.Literal('seeded'), t.Literal('committed')]),
  seeded: t.Boolean(),
  seed: t.Union([t.Integer(), t.Null()]),
  commitment: t.Union([t.String(), t.Null()]),
  secret: t.Union([t.String(), t.Null()]),
});
export type WallInfo = Static<typeof WallInfo>;

export const GameInfoView = t.Object({
  scores: t.Array(t.Integer()),
  round: t.Integer(),
  round_label: t.String(),
  hand_index: t.Integer(),
  max_round: t.Integer(),
  finished: t.Boolean(),
  log: t.Array(HandLogEntry),
  /** Final scores and Tenhou points once the game is over. */
  owari: t.Union([Owari, t.Null()]),
  /** Set by the server (engine views leave it out, so the engine's recorded views stay as they were). */
  wall: t.Optional(WallInfo),
});

export const StateView = t.Object({
  /** 0–3 self action of seat N, 4–7 answers to a discard, 8–11 chankan, 12–15 kokushi on ankan, 16 hand over. */
  phase: t.Integer(),
  phase_name: t.String(),
  /** Seat that must act now (-1 between hands). */
  turn: t.Integer(),
  oya: t.Integer(),
  round_wind: t.Union([t.Literal('East'), t.Literal('South'), t.Literal('West'), t.Literal('North')]),
  honba: t.Integer(),
  kyotaku: t.Integer(),
  tiles_left: t.Integer(),
  /** Dora indicators shown so far. */
  dora: t.Array(t.Integer()),
  /** Ura indicators, only once the hand is over. */
  ura_dora: t.Array(t.Integer()),
  players: t.Array(PlayerView),
  /** The viewer (null for a spectator's full view). */
  viewer: t.Union([t.Integer(), t.Null()]),
  valid_actions: t.Array(t.Integer()),
  valid_actions_mask: t.Array(t.Boolean()),
  riichi_stage2: t.Boolean(),
  /** The discard index waiting for riichi confirm (48) or cancel (52). */
  riichi_tile: t.Union([t.Integer(), t.Null()]),
  /** The tile being answered in phases 4–15 (a discard, an added kan's tile, an ankan's tile). */
  target: t.Union([t.Object({ tile: t.Integer(), from: t.Integer(), kind: t.String() }), t.Null()]),
  /** Discard indices that would enter riichi step 2 for the viewer. */
  riichi_tiles: t.Array(t.Integer()),
  is_over: t.Boolean(),
  result: t.Union([HandResultView, t.Null()]),
  game: GameInfoView,
});
export type StateView = Static<typeof StateView>;
