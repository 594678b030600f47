import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { aboveChance, expectedPlace, handsAfter, phi, placeChances, spreadOf } from '../../../src/engine/ai/strong/place-model';
import { placeWeights, riichiBeatsDama } from '../../../src/engine/ai/strong/place-utility';
import { readTable } from '../../../src/engine/ai/strong/table';
import type { StateView } from '../../../src/engine/game';
import { A } from '../../../src/engine/table/actions';
import { parseTiles } from '../../../src/engine/rules';
import { idx, ok, scenario } from '../table/_scenario';
import { facingRiichi } from './_facing-riichi';

// Playing for place (option placeSense, place-model.ts and place-utility.ts): positions built
// with the table scenarios, read from seat 0 (the dealer), its scores and the round set by hand.
const LAST = 7; // South 4 of a hanchan (max_round 1)

function standings(view: StateView, scores: number[], round: number): StateView {
  view.game.round = round;
  view.players.forEach((p, seat) => { p.score = scores[seat]!; });
  return view;
}
const weights = () => ({ win: 1, loss: new Float64Array(4) });
const old = new StrongAgent('points', { placeSense: -1 });
const byPlace = new StrongAgent('place', { placeSense: 7 });

describe('strong AI: the model of the final place (place-model.ts)', () => {
  it('reads the normal CDF and the hands left', () => {
    expect(phi(0)).toBeCloseTo(0.5, 7);
    expect(phi(1.96)).toBeCloseTo(0.975, 4);
    expect(phi(-1.96)).toBeCloseTo(0.025, 4);
    expect([handsAfter(0, 1), handsAfter(6, 1), handsAfter(7, 1), handsAfter(9, 1), handsAfter(3, 0)]).toEqual([7, 1, 0, 0, 0]);
  });

  it('is monotone in the gap and symmetric between the two seats of a pair', () => {
    const spread = spreadOf(3);
    let last = -1;
    for (let gap = -30000; gap <= 30000; gap += 1000) {
      const p = aboveChance(25000 + gap, 2, 25000, 1, spread);
      expect(p).toBeGreaterThan(last);
      expect(p + aboveChance(25000, 1, 25000 + gap, 2, spread)).toBeCloseTo(1, 9);
      last = p;
    }
    // More hands to come: a lead is less sure.
    expect(aboveChance(30000, 0, 20000, 1, spreadOf(1))).toBeGreaterThan(aboveChance(30000, 0, 20000, 1, spreadOf(6)));
  });

  it('gives each seat a distribution over the four places that sums to one, and expected places that sum to 10', () => {
    const scores = [31000, 26000, 26000, 17000];
    for (const hands of [0, 0.5, 2, 7]) {
      const spread = spreadOf(hands);
      let sum = 0;
      for (let seat = 0; seat < 4; seat++) {
        const p = placeChances(scores, seat, spread);
        expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        expect(p.reduce((a, x, k) => a + x * (k + 1), 0)).toBeCloseTo(expectedPlace(scores, seat, spread), 9);
        sum += expectedPlace(scores, seat, spread);
      }
      expect(sum).toBeCloseTo(10, 9);
    }
    // The leader is likelier first than anyone, the last seat likelier fourth.
    const spread = spreadOf(2);
    expect(placeChances(scores, 0, spread)[0]!).toBeGreaterThan(placeChances(scores, 1, spread)[0]!);
    expect(placeChances(scores, 3, spread)[3]!).toBeGreaterThan(placeChances(scores, 2, spread)[3]!);
  });

  it('with nothing left to play is the final order, ties to the seat nearer the starting dealer', () => {
    const scores = [25000, 25000, 30000, 20000];
    expect([0, 1, 2, 3].map((s) => expectedPlace(scores, s, 0))).toEqual([2, 3, 1, 4]);
    expect(placeChances(scores, 1, 0)).toEqual([0, 0, 1, 0]);
  });
});

describe('strong AI: wins and deal-ins weighed by place (place-utility.ts)', () => {
  const table = (scores: number[], round: number) => readTable(standings(facingRiichi('35678m234p13457s', '4s', '7z', 40), scores, round));

  it('values points about as points with level scores early in the game', () => {
    const w = placeWeights(table([25000, 25000, 25000, 25000], 0), 6000, 0.5, weights());
    expect(w.win).toBeGreaterThan(0.9);
    expect(w.win).toBeLessThan(1.15);
    expect(w.loss[1]!).toBeGreaterThan(0.9);
    expect(w.loss[1]!).toBeLessThan(1.15);
  });

  it('in the last hand: a first place with a big lead has little to win and more to lose; a distant fourth little to lose', () => {
    const first = placeWeights(table([36000, 27000, 20000, 17000], LAST), 6000, 0.5, weights());
    expect(first.win).toBeLessThan(0.2);
    expect(first.loss[1]!).toBeGreaterThan(2 * first.win);
    const fourth = placeWeights(table([9000, 40000, 27000, 24000], LAST), 6000, 0.5, weights());
    expect(fourth.loss[1]!).toBeLessThan(0.1);
    // Threats that are not on the table keep the neutral weight.
    expect([first.loss[0], first.loss[2], first.loss[3]]).toEqual([1, 1, 1]);
  });
});

describe('strong AI: push or fold for place (option placeSense)', () => {
  // 35678m 234p 134457s + 4s against seat 1's riichi: a wide one-shanten hand; 2p is genbutsu.
  it('in the last hand, first place with a small lead folds a hand that pushing for points plays on', () => {
    const view = () => standings(facingRiichi('35678m234p13457s', '4s', '7z', 40), [30000, 27000, 23000, 20000], LAST);
    expect(old.decide(view())).toBe(idx('1s'));
    expect(byPlace.decide(view())).toBe(idx('2p'));
    // On by default since the ninth rounds (placeSense 7).
    expect(new StrongAgent().decide(view())).toBe(idx('2p'));
  });

  it('the same hand with level scores early in the game plays on either way', () => {
    const view = () => standings(facingRiichi('35678m234p13457s', '4s', '7z', 40), [25000, 25000, 25000, 25000], 0);
    expect(old.decide(view())).toBe(idx('1s'));
    expect(byPlace.decide(view())).toBe(idx('1s'));
  });

  it('in the last hand, a fourth place that needs a mangan does not fold a hand that folding for points gives up', () => {
    // 3568m 2348p 1345s 7z + 4s, 28 tiles left: one shanten, folded for points (the genbutsu 2p);
    // 8,000 behind third, a deal-in costs no place and only a win moves it up.
    const view = () => standings(facingRiichi('3568m2348p1345s7z', '4s', '7z', 28), [14000, 38000, 26000, 22000], LAST);
    expect(old.decide(view())).toBe(idx('2p'));
    expect(byPlace.decide(view())).not.toBe(idx('2p'));
  });
});

describe('strong AI: riichi or dama for place (option placeRiichi)', () => {
  /** Seat 0 (the dealer) draws 7z and discards it: the riichi prompt of tanyao-pinfu 2m–4m 5p–7p 2s–4s 55p 6s7s, red 5p, dora 2m. */
  function prompt(scores: number[], round: number, poor = false): StateView {
    const g = scenario({ hands: ['234m05567p234s67s', '1199p99s2233445z', '1199p11m4556667z', '999m888p888s1122z'], draws: '7z', dora: '1m' });
    ok(g, 0, idx('7z'));
    const view = g.stateView(0);
    // Three 5s and three 8s in sight: two live tiles left on the wait.
    if (poor) view.players[2]!.river.push(...[...parseTiles('555s'), ...parseTiles('888s')].map((tile) => ({ tile, tsumogiri: false, riichi: false, called: false })));
    return standings(view, scores, round);
  }

  it('compares riichi and dama by expected place: the stick is what a close first place cannot pay', () => {
    const t = readTable(prompt([30000, 29500, 22000, 18500], LAST));
    // Equal win chances and values: the stick lost when riichi does not win decides for dama.
    expect(riichiBeatsDama(t, 0.3, 2000, 0.3, 2000, 0.5)).toBe(false);
    // Riichi much likelier to win than dama: riichi.
    expect(riichiBeatsDama(t, 0.6, 2000, 0.1, 2000, 0.5)).toBe(true);
  });

  it('in the last hand, a second place whom any win lifts to first stays dama (more wins), where the riichi rule riichis', () => {
    const view = () => prompt([28000, 33000, 22000, 17000], LAST);
    expect(new StrongAgent('value rule', { placeSense: 7 }).decide(view())).toBe(A.RIICHI);
    expect(new StrongAgent('place', { placeSense: 7, placeRiichi: 7 }).decide(view())).toBe(A.RIICHI_CANCEL);
  });

  it('in the last hand, a fourth place 20,000 behind riichis the poor wait the value rule keeps dama', () => {
    const view = () => prompt([10000, 30000, 30000, 30000], LAST, true);
    expect(new StrongAgent('value rule', { placeSense: 7 }).decide(view())).toBe(A.RIICHI_CANCEL);
    expect(new StrongAgent('place', { placeSense: 7, placeRiichi: 7 }).decide(view())).toBe(A.RIICHI);
  });
});
