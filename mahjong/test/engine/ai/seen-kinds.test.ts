import { describe, expect, test } from 'bun:test';
import { RandomAgent, StrongAgent } from '../../../src/engine/ai';
import { countSeen, seenKinds } from '../../../src/engine/ai/visible';
import { Game } from '../../../src/engine/game/game';

// The table keeps a running count of the copies every seat can see; the AIs read it in place of
// walking rivers and melds per decision, so it must equal that walk at every decision.
describe('seen kinds kept by the table', () => {
  test('equal the count from rivers, melds and dora indicators at every decision (calls, kans, kan dora)', () => {
    let decisions = 0, calledAway = 0, kans = 0, extraDora = 0;
    for (let g = 0; g < 10; g++) {
      const game = new Game({ seed: 7_300 + g, autoNextHand: true });
      const agents = [0, 1, 2, 3].map((s) => (g % 2 ? new RandomAgent(g * 4 + s + 1) : new StrongAgent()));
      while (!game.isOver()) {
        const seat = game.actor();
        const view = game.stateView(seat, { shallow: true });
        expect(seenKinds(view)).toEqual(countSeen(view));
        expect(seenKinds(game.stateView(null, { shallow: true }))).toEqual(countSeen(game.stateView(null)));
        decisions++;
        if (view.players.some((p) => p.river.some((r) => r.called))) calledAway++;
        if (view.players.some((p) => p.melds.some((m) => m.type === 'ankan' || m.type === 'kakan' || m.type === 'daiminkan'))) kans++;
        if (view.dora.length > 1) extraDora++;
        expect(game.step(seat, agents[seat]!.decide(view)).ok).toBe(true);
      }
    }
    expect(decisions).toBeGreaterThan(3000);
    expect(calledAway).toBeGreaterThan(100);
    expect(kans).toBeGreaterThan(10);
    expect(extraDora).toBeGreaterThan(10);
  });

  test('a full view (a copy its caller may edit) or a view from JSON is counted from its contents', () => {
    const game = new Game({ seed: 11, autoNextHand: true });
    const view = game.stateView(0);
    view.players[2]!.river.push({ tile: 0, tsumogiri: false, riichi: false, called: false });
    expect(seenKinds(view)).toEqual(countSeen(view));
    expect(seenKinds(view)[0]).toBe(countSeen(game.stateView(0))[0]! + 1);
    const parsed = JSON.parse(JSON.stringify(game.stateView(0, { shallow: true })));
    expect(seenKinds(parsed)).toEqual(countSeen(game.stateView(0)));
    expect(seenKinds(parsed).reduce((a: number, b: number) => a + b, 0)).toBe(1);
  });
});
