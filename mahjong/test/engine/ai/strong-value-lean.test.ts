import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { BEFORE_STRENGTH_ROUND } from '../../../src/engine/ai/strong/options';
import { formatTiles } from '../../../src/engine/notation';
import { shanten } from '../../../src/engine/shanten';
import { idx, scenario } from '../table/_scenario';

/** Seat 0 (the dealer) after its first draw, the others holding nothing it needs. */
function firstTurn(hand: string, draw: string) {
  const g = scenario({ hands: [hand, '999m999p111s999s2z', '111z222z333z444z5z', '555z666z888m888s1p'], draws: draw, dora: '7z' });
  return g.stateView(0);
}
const counts = (ids: number[]) => { const c = new Array<number>(34).fill(0); for (const id of ids) c[id >> 2]! += 1; return c; };
const without = (ids: number[], kind: number) => { const c = counts(ids); c[kind]! -= 1; return c; };

describe('strong AI: leaning to all simples (tanyaoLean)', () => {
  // 12345m 4p 6678p 22s 45s: throwing 4p or 1m keeps one shanten; 1m leaves a hand of simples
  // only (2345m, every tile 2–8), which adds tanyao to a riichi and opens the tanyao calls.
  const view = firstTurn('345m678p22s45s12m4p', '6p');
  const hand = view.players[0]!.hand as number[];

  it('sets up the choice: both discards keep the same shanten', () => {
    expect(formatTiles(hand)).toBe('12345m46678p2245s');
    expect(shanten(without(hand, idx('1m')), 0)).toBe(shanten(without(hand, idx('4p')), 0));
  });

  // The lean orders the usual score; the expected-score model (handEv, an option) then weighs
  // the discards the score puts within evMargin of its top one, and here it throws 4p: off here.
  it('throws the 4p by acceptance alone, and the lone terminal with the lean on', () => {
    expect(new StrongAgent('strong', { tanyaoLean: 0, handEv: -1 }).decide(view)).toBe(idx('4p'));
    expect(new StrongAgent('strong', { tanyaoLean: 30, handEv: -1 }).decide(view)).toBe(idx('1m'));
  });

  it('is on by default, and off in the reviewer\'s engine (BEFORE_STRENGTH_ROUND)', () => {
    expect(new StrongAgent('strong', { handEv: -1 }).decide(view)).toBe(idx('1m'));
    expect(new StrongAgent('review', BEFORE_STRENGTH_ROUND).decide(view)).toBe(idx('4p'));
    // The expected-score model (on by default: handEv 1, evMargin 10) then weighs 1m against 4p,
    // both within one acceptance tile of the top score, and keeps the one-shanten hand with the
    // better expected score: 4p. So does its narrower setting (evMargin 5).
    expect(new StrongAgent().decide(view)).toBe(idx('4p'));
    expect(new StrongAgent('model', { handEv: 1, evMargin: 5 }).decide(view)).toBe(idx('4p'));
  });

  it('does not lean when the hand holds more terminals and honours than tanyaoMax', () => {
    // The same hand with 9p for the 8p: two terminals (1m, 9p), more than tanyaoMax 1 allows.
    const far = firstTurn('345m679p22s45s12m4p', '6p');
    expect(new StrongAgent('strong', { tanyaoLean: 30, tanyaoMax: 1, handEv: -1 }).decide(far)).toBe(new StrongAgent('strong', { tanyaoLean: 0, handEv: -1 }).decide(far));
  });
});
