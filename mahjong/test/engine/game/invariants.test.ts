import { describe, expect, it } from 'bun:test';
import { RandomAgent } from '../../../src/engine/ai';
import { Game } from '../../../src/engine/game';
import { checkInvariants } from '../../../src/engine/sim/invariants';
import { rng } from '../../../src/engine/table/wall';

// The full 10,000-game run is `bun bench/mahjong-sim.ts --invariants 10000` (figures in mahjong/README.md).
const GAMES = Number(process.env.MAHJONG_INVARIANT_GAMES ?? 100);

describe('table invariants under random play', () => {
  it(`${GAMES} random games: tiles conserved, points conserved, illegal actions refused, every game ends`, () => {
    let refused = 0;
    for (let i = 0; i < GAMES; i++) {
      const game = new Game({ seed: 10_000 + i, autoNextHand: true });
      const agents = [0, 1, 2, 3].map((s) => new RandomAgent(i * 4 + s + 1));
      const probe = rng(i + 7);
      let steps = 0;
      while (!game.isOver()) {
        expect(++steps).toBeLessThan(20_000);
        const seat = game.actor();
        const legal = game.validActions(seat);
        // An illegal action or another seat's action is refused and changes nothing.
        const bad = Array.from({ length: 54 }, (_, a) => a).filter((a) => !legal.includes(a));
        const wrong = bad[Math.floor(probe() * bad.length)];
        const before = game.kyoku.events.length;
        if (wrong !== undefined) {
          const r = game.step(seat, wrong);
          expect(r.ok).toBe(false);
          refused++;
        }
        expect(game.step((seat + 1) % 4, legal[0]!).ok).toBe(false);
        expect(game.kyoku.events.length).toBe(before);
        const r = game.step(seat, agents[seat]!.decide(game.stateView(seat, { shallow: true })));
        expect(r.ok).toBe(true);
        const broken = checkInvariants(game);
        if (broken) throw new Error(`game ${10_000 + i}, hand ${game.handIndex}: ${broken}`);
      }
      expect(game.owari).not.toBeNull();
      expect(game.scores.reduce((a, b) => a + b, 0)).toBe(100_000);
    }
    expect(refused).toBeGreaterThan(GAMES * 100);
  }, 120_000);
});
