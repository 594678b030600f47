import { describe, expect, it } from 'bun:test';
import { HeuristicAgent, RandomAgent } from '../../../src/engine/ai';
import { discardStats } from '../../../src/engine/ai/heuristic';
import { seenKinds } from '../../../src/engine/ai/visible';
import { Game } from '../../../src/engine/game/game';
import { shanten, ukeire } from '../../../src/engine/rules';

/** The heuristic's per-discard figures the slow way: shanten and ukeire of each 13-tile hand. */
function slow(counts: number[], melds: number, seen: number[], kind: number) {
  const c = counts.slice();
  c[kind]! -= 1;
  return { sh: shanten(c, melds), accept: ukeire(c, melds, seen).total };
}

function check(counts: number[], melds: number, seen: number[]): number {
  const fast = discardStats(counts, melds, seen);
  const c = counts.slice();
  expect(fast.whole).toBe(shanten(c, melds));
  let n = 0;
  for (let k = 0; k < 34; k++) {
    if (!counts[k]) continue;
    const want = slow(counts, melds, seen, k);
    expect([k, fast.shanten(k), fast.accept(k)]).toEqual([k, want.sh, want.accept]);
    n++;
  }
  return n;
}

describe('heuristic AI: one-pass discard figures equal shanten() and ukeire() per discard', () => {
  it('on every own-turn hand of played games (random and heuristic seats)', () => {
    let checked = 0;
    for (const seed of [3, 4, 5]) {
      const game = new Game({ seed, maxRound: 0, autoNextHand: true });
      const agents = [new HeuristicAgent(), new RandomAgent(seed), new HeuristicAgent(), new RandomAgent(seed + 1)];
      while (!game.isOver()) {
        const seat = game.actor();
        const view = game.stateView(seat, { shallow: true });
        const me = view.players[seat]!;
        if (game.phase < 4 && Array.isArray(me.hand) && me.hand.length % 3 === 2) {
          const counts = new Array<number>(34).fill(0);
          for (const id of me.hand) counts[id >> 2]! += 1;
          checked += check(counts, me.melds.length, seenKinds(view));
        }
        game.step(seat, agents[seat]!.decide(view));
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('on built hands: a complete hand, four of a kind (the discarded tile drawn back), seven pairs, kokushi', () => {
    const hand = (s: string) => { const c = new Array<number>(34).fill(0); for (const k of s.split(',').map(Number)) c[k]! += 1; return c; };
    const none = new Array<number>(34).fill(0);
    const someSeen = none.map((_, k) => (k % 5 === 0 ? 2 : k % 7 === 0 ? 3 : 0));
    for (const seen of [none, someSeen]) {
      check(hand('0,1,2,3,4,5,6,7,8,9,9,9,10,10'), 0, seen); // complete 14
      check(hand('0,0,0,0,1,2,9,10,11,18,19,20,27,27'), 0, seen); // four 1m held
      check(hand('0,0,2,2,4,4,6,6,8,8,27,27,28,29'), 0, seen); // seven pairs route
      check(hand('0,8,9,17,18,26,27,28,29,30,31,32,33,33'), 0, seen); // kokushi complete
      check(hand('0,8,9,17,18,26,27,28,29,30,31,32,5,6'), 0, seen); // kokushi 1-shanten
      check(hand('4,4,4,4,5,6,13,14,15,22,23,24,33,33'), 0, seen);
      check(hand('4,4,4,4,5,6,13,14'), 2, seen); // two melds called
    }
  });
});
