import { describe, expect, it } from 'bun:test';
import { RandomAgent } from '../../../src/engine/ai/random';
import { Game } from '../../../src/engine/game/game';
import { roundWindOf, winContext } from '../../../src/engine/table/settle';
import { evaluateWin, waitsOf, yakuByTiles } from '../../../src/engine/table/win';
import type { RoundEvent } from '../../../src/engine/paipu/types';

/** Plays seeded random hanchan, calling `visit` before every step. */
function play(games: number, visit: (g: Game) => void): void {
  for (let i = 0; i < games; i++) {
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(i * 4 + s + 11));
    const g = new Game({ seed: 4200 + i, autoNextHand: true });
    while (!g.isOver()) {
      visit(g);
      const seat = g.actor();
      expect(g.step(seat, agents[seat]!.pick(g.validActions(seat))).ok).toBe(true);
    }
  }
}

describe('the option lists’ quick win checks', () => {
  it('never call a win with a yaku that scoring finds without one (every wait of every seat, every step)', () => {
    let proved = 0;
    let asked = 0;
    play(60, (g) => {
      const k = g.kyoku;
      for (let seat = 0; seat < 4; seat++) {
        const p = k.players[seat]!;
        if (p.riichi) continue;
        for (const kind of waitsOf(p)) {
          // A copy of the winning kind that the seat does not hold, in hand or melds (the ron tile).
          const held = [...p.hand, ...p.melds.flatMap((m) => m.tiles)];
          const tile = [0, 1, 2, 3].map((c) => kind * 4 + c).find((id) => !held.includes(id))!;
          if (tile === undefined) continue;
          asked++;
          if (!yakuByTiles(p, tile, k.seatWind(seat), roundWindOf(k))) continue;
          proved++;
          expect(evaluateWin(p, seat, tile, winContext(k, seat, false))).not.toBeNull();
        }
      }
    });
    // The property was exercised: tenpai hands were met and some were proved by their tiles.
    expect(asked).toBeGreaterThan(50);
    expect(proved).toBeGreaterThan(10);
  });

  it('keeps the hand record a live array whose draws and discards read as plain events', () => {
    const g = new Game({ seed: 77, autoNextHand: false });
    const agents = [0, 1, 2, 3].map((s) => new RandomAgent(s + 1));
    const events = g.kyoku.events;
    for (let n = 0; n < 40 && !g.kyoku.over; n++) {
      const seat = g.actor();
      g.step(seat, agents[seat]!.pick(g.validActions(seat)));
    }
    expect(g.kyoku.events).toBe(events); // the same array, brought up to date
    expect(g.rounds[0]!.events).toBe(events);
    expect(events.length).toBeGreaterThan(20);
    const draws = events.filter((e): e is Extract<RoundEvent, { t: 'draw' }> => e.t === 'draw');
    const discards = events.filter((e): e is Extract<RoundEvent, { t: 'discard' }> => e.t === 'discard');
    expect(Object.keys(draws[0]!)).toEqual(['t', 'who', 'tile']);
    expect(Object.keys(discards[0]!)).toEqual(['t', 'who', 'tile', 'tsumogiri']);
    // Each discard is the tile its seat held: it is in that seat's river, in order.
    for (let seat = 0; seat < 4; seat++) {
      expect(discards.filter((e) => e.who === seat).map((e) => e.tile)).toEqual(g.kyoku.players[seat]!.river.map((r) => r.tile));
    }
    expect(JSON.parse(JSON.stringify(g.toPaipu().rounds[0]!.events))).toEqual(JSON.parse(JSON.stringify(events)));
    // A caller may still put other events on a round of the game (a plain property then).
    const round = g.rounds[0]!;
    round.events = [{ t: 'dora', tile: 3 }];
    expect(round.events).toEqual([{ t: 'dora', tile: 3 }]);
    expect(Object.keys(round).at(-1)).toBe('events');
  });
});
