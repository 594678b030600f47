import { describe, expect, test } from 'bun:test';
import { RandomAgent } from '../../../src/engine/ai';
import { Game } from '../../../src/engine/game/game';
import { seenKinds } from '../../../src/engine/ai/visible';

// Shallow views (what AIs read in the simulator) share arrays with the live state instead of
// copying them; they must still say exactly what a full copy says, at every decision.
describe('shallow state view', () => {
  test('equals the deep view at every decision of random games (kans, calls, riichi, hand ends)', () => {
    let decisions = 0, withTarget = 0, extraDora = 0;
    for (let g = 0; g < 12; g++) {
      const game = new Game({ seed: 4_200 + g, autoNextHand: true });
      const agents = [0, 1, 2, 3].map((s) => new RandomAgent(g * 4 + s + 1));
      while (!game.isOver()) {
        const seat = game.actor();
        for (const viewer of [seat, null]) {
          const shallow = game.stateView(viewer, { shallow: true });
          const deep = game.stateView(viewer);
          expect({ ...shallow, game: { ...shallow.game, log: deep.game.log } }).toEqual(deep);
        }
        const view = game.stateView(seat, { shallow: true });
        decisions++;
        if (view.target) withTarget++;
        if (view.dora.length > 1) extraDora++;
        expect(game.step(seat, agents[seat]!.decide(view)).ok).toBe(true);
      }
    }
    // The games reach the shared parts the shallow view treats specially.
    expect(decisions).toBeGreaterThan(3000);
    expect(withTarget).toBeGreaterThan(100);
    expect(extraDora).toBeGreaterThan(10);
  });

  // The simulator refreshes one shallow view per seat in place (`reuse`) instead of building one
  // per decision: after any sequence of steps it must read exactly as a freshly built one.
  test('a view refreshed in place equals a fresh one at every decision, for every viewer', () => {
    let decisions = 0, ends = 0;
    for (let g = 0; g < 8; g++) {
      const game = new Game({ seed: 7_300 + g, autoNextHand: true });
      const agents = [0, 1, 2, 3].map((s) => new RandomAgent(g * 4 + s + 1));
      let reused: ReturnType<Game['stateView']> | null = null;
      while (!game.isOver()) {
        const seat = game.actor();
        for (const viewer of [0, 1, 2, 3, null]) {
          const fresh = game.stateView(viewer, { shallow: true });
          const kept = game.stateView(viewer, { shallow: true, reuse: true });
          expect(kept).toEqual(fresh);
          expect(seenKinds(kept)).toEqual(seenKinds(fresh));
        }
        const view = game.stateView(seat, { shallow: true, reuse: true });
        if (reused !== null && reused.viewer === seat) expect(view).toBe(reused); // refreshed, not rebuilt
        reused = view;
        decisions++;
        const hands = game.rounds.length;
        expect(game.step(seat, agents[seat]!.decide(view)).ok).toBe(true);
        if (game.rounds.length !== hands) ends++;
      }
      // After the game: the final view (result, owari) too.
      expect(game.stateView(0, { shallow: true, reuse: true })).toEqual(game.stateView(0, { shallow: true }));
    }
    expect(decisions).toBeGreaterThan(2000);
    expect(ends).toBeGreaterThan(50);
  });
});
