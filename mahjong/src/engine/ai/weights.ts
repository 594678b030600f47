/**
 * Parameters of the rule-based player, and the model-file format that carries them
 * (`mahjong-heuristic-v1`, see mahjong/README.md). One schema for validation and types.
 */
import { type Static, Type as t } from '@sinclair/typebox';

export const HeuristicWeights = t.Object({
  /** Penalty per shanten step of a discard. */
  shanten: t.Number(),
  /** Reward per unseen tile that would lower shanten (ukeire). */
  ukeire: t.Number(),
  /** Bonus for discarding an isolated honour/terminal, or an isolated simple. */
  isolatedYaochuu: t.Number(),
  isolated: t.Number(),
  /** Penalty for discarding a dora or a red five. */
  dora: t.Number(),
  /** Weight of safety (0–100) when folding. */
  safety: t.Number(),
  /** Fold against riichi when the best reachable shanten is at least this. */
  foldShanten: t.Integer(),
  riichi: t.Boolean(),
  callYakuhai: t.Boolean(),
  callTanyao: t.Boolean(),
  callUnderRiichi: t.Boolean(),
});
export type HeuristicWeights = Static<typeof HeuristicWeights>;

export const DEFAULT_WEIGHTS: HeuristicWeights = {
  shanten: 1000, ukeire: 10, isolatedYaochuu: 6, isolated: 3, dora: 15, safety: 10, foldShanten: 2,
  riichi: true, callYakuhai: true, callTanyao: true, callUnderRiichi: false,
};

export const ModelFile = t.Object({
  format: t.Literal('mahjong-heuristic-v1'),
  name: t.Optional(t.String()),
  weights: t.Partial(HeuristicWeights),
});
export type ModelFile = Static<typeof ModelFile>;
