/**
 * Schemas of the game review (`mahjong review`, `POST /api/replay/review`, `GET /api/games/:id/review`):
 * one per shape, reused for validation, types and the /docs page. Points are Tenhou points.
 */
import { t } from 'elysia';
import { Paipu } from '../../engine/paipu';
import { PlayerInfo } from '../replay/analysis-model';

const Seat = t.Integer({ minimum: 0, maximum: 3 });

export const Severity = t.Union([t.Literal('none'), t.Literal('small'), t.Literal('medium'), t.Literal('large')], {
  description: 'value the player\'s choice loses against the engine\'s: none < 100 points, small < 400, medium < 1,200, large from 1,200 (see README, Reviewer)',
});
export type Severity = typeof Severity.static;

export const DecisionKind = t.Union([t.Literal('discard'), t.Literal('riichi'), t.Literal('win'), t.Literal('call')], {
  description: 'win: a ron or tsumo was legal; riichi: the seat could declare riichi; call: a chi, pon or kan was offered; discard: any other turn',
});
export type DecisionKind = typeof DecisionKind.static;

/** The deal-in risk of an option against one opponent who may be tenpai. */
export const ThreatRisk = t.Object({
  seat: Seat,
  riichi: t.Boolean(),
  tenpai: t.Number({ description: 'chance the opponent is tenpai now (1 for riichi)' }),
  deal_in: t.Number({ description: 'chance this option deals in if the opponent is tenpai (the strong AI\'s danger model)' }),
  loss: t.Number({ description: 'expected points paid on a deal-in' }),
});
export type ThreatRisk = typeof ThreatRisk.static;

/** One legal option at a decision with its value from the engine's model. */
export const ReviewOption = t.Object({
  action: t.Integer({ minimum: 0, maximum: 53, description: 'action index (README, Actions)' }),
  riichi: t.Boolean({ description: 'a discard that declares riichi' }),
  text: t.String({ description: 'in words: "discard 5m", "riichi, discard 3p", "pon", "ron", "skip"' }),
  shanten: t.Integer({ minimum: -1, maximum: 8, description: 'shanten after the option (-1: the win itself)' }),
  ukeire: t.Integer({ minimum: 0, description: 'unseen tiles that lower the shanten after the option (tenpai: live winning tiles)' }),
  value: t.Number({ description: 'points the hand is worth if it wins (exact when tenpai or winning now, else an estimate from the han reachable)' }),
  win: t.Number({ description: 'chance of winning the hand from here' }),
  risk: t.Array(ThreatRisk, { description: 'per opponent who threatens: tenpai chance, deal-in chance, loss' }),
  deal_in: t.Number({ description: 'expected points lost to deal-ins, this discard and (while pushing) the turns to come' }),
  ev: t.Number({ description: 'expected points of the option: win × value − deal-in cost (− the riichi stick)' }),
});
export type ReviewOption = typeof ReviewOption.static;

export const ReviewChoice = t.Object({
  option: t.Integer({ minimum: 0, description: 'index into `options`' }),
  text: t.String(),
});
export type ReviewChoice = typeof ReviewChoice.static;

export const ReviewDecision = t.Object({
  index: t.Integer({ minimum: 0 }),
  seat: Seat,
  step: t.Integer({ minimum: 0, description: 'the replay step (of /api/replay/steps) whose table the seat decides on' }),
  kyoku_index: t.Integer({ minimum: 0 }),
  round_label: t.String(),
  kind: DecisionKind,
  hand: t.Array(t.Integer({ minimum: 0, maximum: 135 }), { description: 'the seat\'s concealed tiles (Tenhou ids)' }),
  target: t.Union([t.Integer({ minimum: 0, maximum: 135 }), t.Null()], { description: 'the tile being answered (calls and ron), else null' }),
  options: t.Array(ReviewOption, { description: 'every legal option, highest ev first' }),
  engine: ReviewChoice,
  played: ReviewChoice,
  agrees: t.Boolean({ description: 'the player chose the engine\'s option' }),
  loss: t.Number({ minimum: 0, description: 'ev of the engine\'s option minus the player\'s (0 when the player\'s is worth as much or more)' }),
  severity: Severity,
});
export type ReviewDecision = typeof ReviewDecision.static;

const Rate = t.Object({
  decisions: t.Integer({ minimum: 0 }),
  agreed: t.Integer({ minimum: 0 }),
  rate: t.Union([t.Number(), t.Null()], { description: 'agreed / decisions; null without decisions' }),
});

export const PlayerReview = t.Object({
  seat: Seat,
  name: t.String(),
  decisions: t.Integer({ minimum: 0 }),
  agreed: t.Integer({ minimum: 0 }),
  agreement: t.Union([t.Number(), t.Null()], { description: 'share of decisions where the player chose the engine\'s option' }),
  by_kind: t.Object({ discard: Rate, riichi: Rate, win: Rate, call: Rate }),
  mistakes: t.Object({ small: t.Integer(), medium: t.Integer(), large: t.Integer() }),
  loss: t.Number({ description: 'sum of the value lost, points' }),
  rating: t.Number({ description: '100 × exp(−mean loss per decision / 200): 100 plays every decision at full value' }),
});
export type PlayerReview = typeof PlayerReview.static;

export const ReviewReport = t.Object({
  engine: t.String({ description: 'who chose: "strong" or "mjai:<bot>" (the values always come from the built-in model)' }),
  players: t.Array(PlayerInfo, { minItems: 4, maxItems: 4 }),
  seats: t.Array(Seat, { description: 'the seats reviewed' }),
  summary: t.Array(PlayerReview, { description: 'one per reviewed seat' }),
  decisions: t.Array(ReviewDecision),
  thresholds: t.Object({ small: t.Number(), medium: t.Number(), large: t.Number() }, { description: 'loss in points from which a disagreement is that severe' }),
  elapsed_ms: t.Number(),
});
export type ReviewReport = typeof ReviewReport.static;

export const ReviewBody = t.Object({
  paipu: t.Optional(Paipu),
  xml_content: t.Optional(t.String({ description: 'the log as text (Tenhou XML, tenhou.net/6 JSON or mjai JSON lines)' })),
  seat: t.Optional(Seat),
}, { description: 'one of paipu / xml_content; `seat` reviews one seat (default: all four)' });
export type ReviewBody = typeof ReviewBody.static;
