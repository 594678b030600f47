import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../src/engine/ai';
import type { Agent } from '../../src/engine/ai/types';
import type { StateView } from '../../src/engine/game/view-schema';
import { playGame } from '../../src/engine/sim/play';
import { A } from '../../src/engine/table/actions';
import { LearnedPlayer } from '../../src/modules/review/player';
import { StrongEngine } from '../../src/modules/review/review';
import { evaluateOptions } from '../../src/modules/review/values';

/** Wraps a learned player: checks each answer against the review engine's choice on the same view. */
function checked(player: LearnedPlayer, tally: { engine: number; differsFromStrong: number; riichi: number }): Agent {
  const engine = new StrongEngine(new StrongAgent('strong', { learnedDiscard: false }));
  const strong = new StrongAgent('strong', { learnedDiscard: false });
  let riichi: boolean | null = null;
  return {
    name: player.name,
    decide(view: StateView) {
      const acts = view.valid_actions;
      let expected: { action: number; riichi: boolean } | null = null;
      let strongAction = -1;
      if (acts.length > 1 && !view.riichi_stage2 && ![A.RON, A.TSUMO, A.KYUUSHU].some((a) => acts.includes(a))) {
        expected = engine.choose(view, 0, evaluateOptions(view));
        strongAction = strong.decide(view);
      }
      const action = player.decide(view);
      if (view.riichi_stage2 && riichi !== null) {
        expect(action).toBe(riichi ? A.RIICHI : A.RIICHI_CANCEL);
        tally.riichi++;
      }
      riichi = null;
      if (expected) {
        expect(action).toBe(expected.action);
        tally.engine++;
        if (action !== strongAction) tally.differsFromStrong++;
        if (view.riichi_tiles.includes(action)) riichi = expected.riichi;
      }
      return action;
    },
  };
}

describe('the review engine as a player', () => {
  it('plays whole games legally, every discard and call being the review engine\'s choice, the riichi confirm its choice with the discard', () => {
    const tally = { engine: 0, differsFromStrong: 0, riichi: 0 };
    for (const seed of [11, 12]) {
      const game = playGame([0, 1, 2, 3].map(() => checked(new LearnedPlayer('learned'), tally)), { seed });
      expect(game.isOver()).toBe(true);
    }
    expect(tally.engine).toBeGreaterThan(200);
    // The models change the strong AI's choices (the shipped discard model agrees with it on most, not all).
    expect(tally.differsFromStrong).toBeGreaterThan(5);
    expect(tally.riichi).toBeGreaterThan(0);
  });

  it('leaves discards or calls to the strong AI when asked', () => {
    const strong = new StrongAgent('strong', { learnedDiscard: false });
    let seen = 0;
    const probe = (p: LearnedPlayer): Agent => ({
      name: 'p',
      decide(view: StateView) {
        const mine = p.decide(view);
        if (view.phase < 4 && !view.riichi_stage2) { expect(mine).toBe(strong.decide(view)); seen++; }
        return mine;
      },
    });
    playGame([0, 1, 2, 3].map(() => probe(new LearnedPlayer('l', { discards: false }))), { seed: 13 });
    expect(seen).toBeGreaterThan(100);
  });
});
