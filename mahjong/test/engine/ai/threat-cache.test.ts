import { describe, expect, test } from 'bun:test';
import { RandomAgent, StrongAgent } from '../../../src/engine/ai';
import { threatOf } from '../../../src/engine/ai/strong/danger';
import { readTable } from '../../../src/engine/ai/strong/table';
import { cachedThreat } from '../../../src/engine/ai/strong/threat-cache';
import { Game } from '../../../src/engine/game/game';

// The strong AI reuses an opponent's threat between decisions while the arrays it was read from
// are unchanged (strong/threat-cache.ts): at every decision it must equal a fresh reading.
describe('threats kept between decisions', () => {
  test('equal a fresh threatOf at every decision of played games (riichi, calls, kakan, kan dora)', () => {
    let compared = 0, riichi = 0, kakan = 0;
    for (let g = 0; g < 8; g++) {
      const game = new Game({ seed: 9_100 + g, autoNextHand: true });
      const agents = [0, 1, 2, 3].map((s) => (g % 2 ? new RandomAgent(g * 4 + s + 1) : new StrongAgent()));
      while (!game.isOver()) {
        const seat = game.actor();
        const view = game.stateView(seat, { shallow: true, reuse: true });
        const t = readTable(view);
        for (const p of view.players) {
          if (p.seat === seat || !(p.riichi || p.melds.length >= 2)) continue;
          const fresh = threatOf(view, p, t.visible, t.dora);
          expect(cachedThreat(view, p, t.visible, t.dora)).toEqual(fresh);
          compared++;
          if (p.riichi) riichi++;
          if (p.melds.some((m) => m.type === 'kakan')) kakan++;
        }
        expect(game.step(seat, agents[seat]!.decide(view)).ok).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(2000);
    expect(riichi).toBeGreaterThan(200);
    expect(kakan).toBeGreaterThan(5);
  });

  test('a view edited between reads (not one of the engine\'s shallow views) is read afresh', () => {
    const game = new Game({ seed: 5, autoNextHand: true });
    const random = new RandomAgent(3);
    while (game.kyoku.players.some((q) => q.river.length < 2)) { const s = game.actor(); game.step(s, random.pick(game.validActions(s))); }
    const view = game.stateView(0);
    const p = view.players[1]!;
    p.riichi = true;
    const dora = new Array<number>(34).fill(0);
    const kind = p.river[0]!.tile >> 2;
    expect(cachedThreat(view, p, dora, dora)!.safe[kind]).toBe(1);
    // The same arrays, lengths and flags, one tile changed in place: only a fresh reading sees it.
    const other = (kind + 17) % 34;
    for (const r of p.river) if (r.tile >> 2 === kind) r.tile = other * 4;
    for (const q of view.players) for (const r of q.river) if (r.tile >> 2 === kind) r.tile = other * 4;
    expect(cachedThreat(view, p, dora, dora)!.safe[kind]).toBe(0);
  });
});
