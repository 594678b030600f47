import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { HeuristicAgent, RandomAgent } from '../../../src/engine/ai';
import { Game, StateView } from '../../../src/engine/game';
import { ok, scenario } from '../table/_scenario';

describe('state view', () => {
  it('shows the viewer its hand and the others as counts; the full view shows all', () => {
    const g = new Game({ seed: 3 });
    const v = g.stateView(1);
    expect(Value.Check(StateView, v)).toBe(true);
    expect(v.players[1]!.hand).toBeArray();
    expect(v.players[0]!.hand).toBe(14);
    expect(v.players[2]!.hand).toBe(13);
    expect(v.valid_actions).toEqual([]); // seat 0 acts first
    expect(v.valid_actions_mask).toHaveLength(54);
    const full = g.stateView(null);
    expect(full.players.every((p) => Array.isArray(p.hand))).toBe(true);
    expect(full.valid_actions).toEqual(g.validActions(0));
    expect(full).toMatchObject({ phase: 0, turn: 0, oya: 0, round_wind: 'East', honba: 0, kyotaku: 0, tiles_left: 69 });
    const mine = g.stateView(0);
    expect(mine.valid_actions_mask.filter(Boolean)).toHaveLength(mine.valid_actions.length);
  });

  it('waits in phase 16 until nextHand(), then refuses everything once the game is over', () => {
    const g = scenario({ hands: ['19m19p19s1234567z', '23456m23456p234s', '23456m23456p345s', '2345678m345678s'], draws: '5m' });
    ok(g, 0, 51);
    expect(g.phase).toBe(16);
    expect(g.actor()).toBe(-1);
    expect(g.step(0, 0)).toEqual({ ok: false, code: 'HAND_OVER' });
    expect(g.stateView(0).result?.type).toBe('ryuukyoku');
    expect(g.stateView(0).game.log).toHaveLength(1);
    expect(g.nextHand()).toBe(true);
    expect(g.nextHand()).toBe(false);

    const done = new Game({ seed: 4, autoNextHand: true, maxRound: 0 });
    const agents = [1, 2, 3, 4].map((s) => new RandomAgent(s));
    while (!done.isOver()) done.step(done.actor(), agents[done.actor()]!.decide(done.stateView(done.actor())));
    expect(done.step(0, 53)).toEqual({ ok: false, code: 'GAME_OVER' });
    const last = done.stateView(null);
    expect(last.is_over).toBe(true);
    expect(last.game.owari?.scores.reduce((a, b) => a + b, 0)).toBe(100_000);
  });
});

describe('state view at the end of a hand', () => {
  it('shows every seat the hands an exhaustive draw reveals (the tenpai hands), and no others', () => {
    // Heuristic players on fixed seeds; the first hand that ends in an exhaustive draw with a
    // tenpai seat other than the viewer is checked.
    let checked = 0;
    for (let seed = 1; seed <= 40 && checked < 3; seed++) {
      const g = new Game({ seed, maxRound: 0 });
      const agents = [0, 1, 2, 3].map(() => new HeuristicAgent());
      while (g.actor() >= 0) g.step(g.actor(), agents[g.actor()]!.decide(g.stateView(g.actor())));
      const res = g.stateView(null).result!;
      const draw = res.events[0]!;
      if (draw.t !== 'ryuukyoku' || draw.kind !== 'exhaustive') continue;
      const mine = g.stateView(0);
      for (let seat = 1; seat < 4; seat++) {
        const hand = mine.players[seat]!.hand;
        if (draw.hands[seat]) expect(hand).toEqual(draw.hands[seat]!);
        else expect(typeof hand).toBe('number');
      }
      if (draw.hands.some((h, seat) => seat > 0 && h)) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('waits in the state view', () => {
  it('tells a seat the kinds that complete its tenpai hand, and no other seat', () => {
    let seen = 0;
    for (let seed = 1; seed <= 10 && seen < 5; seed++) {
      const g = new Game({ seed, maxRound: 0, autoNextHand: true });
      const agents = [0, 1, 2, 3].map(() => new HeuristicAgent());
      while (!g.isOver() && seen < 5) {
        const seat = g.actor();
        const mine = g.stateView(0);
        if (mine.players[0]!.waits.length) {
          expect(mine.players[0]!.waits).toEqual(g.waits(0));
          expect(g.stateView(1).players[0]!.waits).toEqual([]);
          expect(g.stateView(null).players[0]!.waits).toEqual(g.waits(0));
          seen++;
        }
        g.step(seat, agents[seat]!.decide(g.stateView(seat)));
      }
    }
    expect(seen).toBe(5);
  });
});
