import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { discardTable } from '../../../src/engine/ai/strong/discard-table';
import { deadKinds } from '../../../src/engine/ai/strong/plan';
import { seenKinds } from '../../../src/engine/ai/visible';
import type { StateView } from '../../../src/engine/game';
import { shanten, ShantenPlusOne } from '../../../src/engine/shanten';
import { playGame } from '../../../src/engine/sim/play';

/** Shanten and acceptance of discarding `d` (34: nothing) the slow way: one shanten per draw. */
function slow(c: number[], melds: number, dead: Uint8Array, visible: number[], d: number): [number, number] {
  const h = c.slice();
  if (d < 34) h[d]! -= 1;
  const sh = shanten(h, melds);
  const plus = new ShantenPlusOne(h, melds);
  let accept = 0;
  for (let k = 0; k < 34; k++) if (!dead[k] && c[k]! < 4 && plus.with(k) < sh) accept += Math.max(0, 4 - visible[k]!);
  return [sh, accept];
}

/** Own-turn hands of strong seats in played games: counts, melds and the copies each seat could see. */
function playedHands(seeds: number[]): { c: number[]; melds: number; visible: number[] }[] {
  const hands: { c: number[]; melds: number; visible: number[] }[] = [];
  class Watch extends StrongAgent {
    override decide(view: StateView): number {
      const me = view.players[view.viewer!]!;
      if (Array.isArray(me.hand) && me.hand.length % 3 === 2 && view.valid_actions.some((a) => a < 37)) {
        const c = new Array<number>(34).fill(0);
        for (const id of me.hand) c[id >> 2]! += 1;
        const seen = seenKinds(view);
        hands.push({ c, melds: me.melds.length, visible: seen.map((n, k) => Math.min(4, n + c[k]!)) });
      }
      return super.decide(view);
    }
  }
  for (const seed of seeds) playGame([0, 1, 2, 3].map(() => new Watch()), { seed, maxRound: 0 });
  return hands;
}

describe('strong AI discard table on played hands', () => {
  // Played hands reach tenpai, seven pairs and open routes, which random hands seldom do; every
  // discard of a hand is counted in one table, so the counts a table reuses between discards (a
  // group's draws per cheapest split, the cheapest splits per table of the discard's group) are
  // checked against a fresh count of each discard. Dead kinds as draws never counted (the hand
  // kept whole: the table tries draws near held tiles, which covers every useful draw of a whole
  // hand only).
  it('gives every discard the shanten and acceptance of a fresh count, with and without dead kinds', () => {
    const hands = playedHands([11, 12]);
    expect(hands.length).toBeGreaterThan(300);
    let tenpai = 0, counted = 0;
    for (const [i, h] of hands.entries()) {
      const dead = i % 3 === 2 ? deadKinds('tanyao') : deadKinds('closed');
      const c = h.c;
      const noRemoval = i % 2 === 1;
      const t = discardTable(c, h.melds, dead, h.visible, noRemoval);
      // Every discard's shanten first (the order the AI reads them), then the acceptance counts.
      const want: [number, number, number][] = [];
      for (let d = 0; d <= 34; d++) if (d === 34 ? noRemoval : c[d]! > 0) want.push([d, ...slow(c, h.melds, dead, h.visible, d)]);
      expect(want.map(([d]) => [d, t.shanten[d]])).toEqual(want.map(([d, sh]) => [d, sh]));
      expect(want.map(([d]) => [d, t.accept(d)])).toEqual(want.map(([d, , accept]) => [d, accept]));
      if (t.best === 0) tenpai++;
      counted += want.length;
    }
    expect(tenpai).toBeGreaterThan(20);
    expect(counted).toBeGreaterThan(3000);
  });
});
