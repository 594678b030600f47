import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../src/engine/ai';
import { Game } from '../../src/engine/game/game';
import { decisionOf } from '../../src/mjai/actions';
import { possibleActions, reachDiscards } from '../../src/mjai/possible';

describe('possibleActions: the seat\'s legal moves as mjai answers', () => {
  it('each offered answer is read back (decisionOf) as a legal action, for every seat at every step', () => {
    const seen = new Set<string>();
    for (const seed of [2, 7]) {
      const game = new Game({ seed, maxRound: 0, autoNextHand: true });
      const agent = new StrongAgent();
      while (!game.isOver()) {
        for (let seat = 0; seat < 4; seat++) {
          const offered = possibleActions(game, seat);
          const self = game.phase < 4;
          // Another seat's options on the open tile count even before the engine asks it.
          const legal = self ? game.validActions(seat) : game.kyoku.respOptions[seat]?.actions ?? [];
          if (legal.length === 0) expect(offered).toEqual([]);
          for (const answer of offered) {
            seen.add(answer.type);
            const d = decisionOf(answer, legal, self);
            expect([answer, d.ok]).toEqual([answer, true]);
            if (d.ok && 'reach' in d) expect(reachDiscards(game, seat).length).toBeGreaterThan(0);
            else if (d.ok) expect(legal).toContain(d.action);
          }
        }
        const seat = game.actor();
        expect(game.step(seat, agent.decide(game.stateView(seat, { shallow: true }))).ok).toBe(true);
      }
    }
    for (const k of ['dahai', 'none', 'pon', 'chi', 'reach', 'hora']) expect([k, seen.has(k)]).toEqual([k, true]);
  }, 60_000);
});
