/**
 * Schemas of `POST /api/replay/analysis` (one per shape; they validate the response, type the
 * service and document the endpoint at /docs). Tiles are Tenhou ids 0–135, kinds 0–33.
 */
import { t } from 'elysia';
import { WinView } from '../../engine/game/view-schema';
import { Meld, Paipu } from '../../engine/paipu';

const Seat = t.Integer({ minimum: 0, maximum: 3 });
const Tile = t.Integer({ minimum: 0, maximum: 135, description: 'Tenhou tile id (kind = id >> 2; 16/52/88 are red fives)' });
const Kind = t.Integer({ minimum: 0, maximum: 33, description: 'tile kind: 0–8 man, 9–17 pin, 18–26 sou, 27–33 East South West North Haku Hatsu Chun' });
const DiscardIndex = t.Integer({ minimum: 0, maximum: 36, description: 'discard action: 0–33 a kind, 34–36 the red 5m / 5p / 5s' });
const Shanten = t.Integer({ minimum: -1, maximum: 8, description: '-1 complete, 0 tenpai, n: n tiles from tenpai' });

/** Tiles whose draw lowers shanten (ukeire), or a tenpai hand's winning tiles. */
export const Acceptance = t.Object({
  kinds: t.Array(Kind, { description: 'the tiles by kind, ascending' }),
  left: t.Array(t.Integer({ minimum: 0, maximum: 4 }), { description: 'left[i]: copies of kinds[i] the seat cannot see (not in its hand, any river, meld or dora indicator)' }),
  total: t.Integer({ minimum: 0, description: 'sum of `left`' }),
});
export type Acceptance = typeof Acceptance.static;

/** One seat's concealed hand at one step, as that seat sees the table. */
export const SeatPosition = t.Object({
  seat: Seat,
  concealed: t.Integer({ minimum: 0, maximum: 14, description: 'concealed tiles held (14 − 3 per meld while on turn, 13 − 3 per meld otherwise)' }),
  shanten: Shanten,
  ukeire: t.Union([Acceptance, t.Null()], { description: 'a hand waiting for its draw (13 − 3 per meld tiles): the draws that lower shanten; null while the seat holds its drawn tile' }),
  waits: t.Union([Acceptance, t.Null()], { description: 'tenpai: the winning tiles; otherwise null' }),
  furiten: t.Boolean({ description: 'tenpai and a winning tile is in its own river or passed since its last draw (riichi: since the declaration)' }),
});
export type SeatPosition = typeof SeatPosition.static;

/** One legal discard at a decision and where it leaves the hand. */
export const Candidate = t.Object({
  discard: DiscardIndex,
  kind: Kind,
  shanten: Shanten,
  ukeire: Acceptance,
  ai_choice: t.Boolean({ description: 'the built-in AI discards this kind' }),
  played: t.Boolean({ description: 'the player discarded this kind' }),
});
export type Candidate = typeof Candidate.static;

/** A choice at a decision: the AI's, or what the log says the player did. */
export const Choice = t.Object({
  action: t.Integer({ minimum: 0, maximum: 53, description: 'action index (mahjong/README.md, Actions): 0–36 discard, 45 ankan, 47 kakan, 50 tsumo, 51 nine terminals' }),
  discard: t.Union([DiscardIndex, t.Null()], { description: 'the discard (with riichi: the riichi tile); null for tsumo, kans, nine terminals' }),
  riichi: t.Boolean(),
  tsumogiri: t.Boolean({ description: 'the discard is the tile just drawn' }),
  text: t.String({ description: 'in words: "discard 5m", "riichi, discard 3p (drawn tile)", "tsumo", "closed kan 4s"' }),
});
export type Choice = typeof Choice.static;

/** A seat to act on its own turn (after a draw, or after a chi or pon). */
export const Decision = t.Object({
  seat: Seat,
  step: t.Integer({ minimum: 0, description: 'the step (of /api/replay/steps) where the seat holds its tiles and must act' }),
  shanten: t.Integer({ minimum: -1, maximum: 8, description: 'of the hand with its drawn tile: -1 complete, else the best shanten a discard keeps' }),
  candidates: t.Array(Candidate, { description: 'every legal discard kind, best first: fewest shanten, then most ukeire' }),
  ai: Choice,
  played: t.Union([Choice, t.Null()], { description: 'null when the log stops before the seat acts' }),
  agrees: t.Union([t.Boolean(), t.Null()], { description: 'the player did what the AI would (same action, same discard copy, same riichi); null without `played`' }),
});
export type Decision = typeof Decision.static;

export const StepAnalysis = t.Object({
  step: t.Integer({ minimum: 0 }),
  seats: t.Array(t.Integer({ minimum: 0 }), { minItems: 4, maxItems: 4, description: 'per seat, its position: an index into `positions` (seats whose hand and view did not change share the previous step\'s entry)' }),
  decision: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: 'an index into `decisions` when the step\'s player must act on its turn' }),
});
export type StepAnalysis = typeof StepAnalysis.static;

/** A player from the log's header (Tenhou's UN tag: names URL-encoded, dan, rate, sx). */
export const PlayerInfo = t.Object({
  seat: Seat,
  name: t.String({ description: 'decoded; empty when the log names nobody' }),
  dan: t.Integer({ description: "Tenhou's rank index: 0 新人, 1–9 9級–1級, 10–19 初段–十段, 20 天鳳" }),
  dan_name: t.String({ description: 'the rank in English: "novice", "3 kyu", "7 dan", "tenhou"' }),
  dan_name_ja: t.String({ description: 'the rank as Tenhou writes it: 新人, 三級, 七段, 天鳳' }),
  rate: t.Number({ description: 'Tenhou rating (R); 0 when the log has none' }),
  sex: t.String({ description: 'Tenhou sx: M, F, or C (a computer)' }),
});
export type PlayerInfo = typeof PlayerInfo.static;

/** A win as the state view has it (WinView: named yaku, han, fu, points, hand, melds, dora and ura), plus the pao seat. */
export const WinPanel = t.Composite([WinView, t.Object({
  pao_who: t.Union([Seat, t.Null()], { description: 'the seat liable for a big three dragons / big four winds' }),
})]);
export type WinPanel = typeof WinPanel.static;

/** What a result panel shows at the end of a hand. */
export const HandPanel = t.Object({
  kyoku_index: t.Integer({ minimum: 0 }),
  round_label: t.String(),
  first_step: t.Integer({ minimum: 0 }),
  last_step: t.Integer({ minimum: 0 }),
  type: t.Union([t.Literal('agari'), t.Literal('ryuukyoku'), t.Literal('unfinished')], { description: 'unfinished: the log stops inside the hand' }),
  kind: t.Union([t.String(), t.Null()], { description: "draws: Tenhou's kind (exhaustive, yao9, reach4, ron3, kan4, kaze4, nm)" }),
  kind_name: t.Union([t.String(), t.Null()]),
  dora: t.Array(Tile, { description: 'dora indicators shown at the end' }),
  ura: t.Array(Tile, { description: 'ura-dora indicators, when a riichi win revealed them' }),
  wins: t.Array(WinPanel),
  tenpai: t.Array(Seat, { description: 'exhaustive draw: the tenpai seats' }),
  shown_hands: t.Array(t.Union([t.Array(Tile), t.Null()]), { minItems: 4, maxItems: 4, description: 'draws: the hands shown (tenpai hands, the nine-terminals hand)' }),
  scores_before: t.Array(t.Integer(), { minItems: 4, maxItems: 4, description: 'just before the result: the deal\'s scores less the riichi sticks paid in the hand' }),
  deltas: t.Array(t.Integer(), { minItems: 4, maxItems: 4, description: 'the result\'s score changes, honba and sticks included (scores_before + deltas = scores_after)' }),
  scores_after: t.Array(t.Integer(), { minItems: 4, maxItems: 4 }),
});
export type HandPanel = typeof HandPanel.static;

export const AnalysisBody = t.Object({
  paipu: t.Optional(Paipu),
  xml_content: t.Optional(t.String({ description: 'the log as text (Tenhou XML, tenhou.net/6 JSON or mjai JSON lines)' })),
}, { description: 'one of the two: a paipu from /api/replay/load, or the log itself' });
export type AnalysisBody = typeof AnalysisBody.static;

export const AnalysisResponse = t.Object({
  ai: t.String({ description: 'the built-in AI whose choices are shown (strong)' }),
  players: t.Array(PlayerInfo, { minItems: 4, maxItems: 4 }),
  total: t.Integer({ minimum: 0, description: 'steps, as /api/replay/steps makes them for the same log' }),
  steps: t.Array(StepAnalysis, { description: 'one per replay step, same order and numbering' }),
  positions: t.Array(SeatPosition),
  decisions: t.Array(Decision),
  hands: t.Array(HandPanel, { description: 'one per hand of the log' }),
  elapsed_ms: t.Number({ description: 'time the server spent replaying and analysing' }),
});
export type AnalysisResponse = typeof AnalysisResponse.static;
