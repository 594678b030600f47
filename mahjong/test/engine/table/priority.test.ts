import { describe, expect, it } from 'bun:test';
import { idx, ok, scenario, type ScenarioSpec } from './_scenario';

// Seat 0 (dealer) draws 9s and cuts 3p. Seat 1 can chi it (45p), seat 2 can pon it (33p),
// seat 3 can ron it (12p penchan with a chun pung).
const contested: ScenarioSpec = {
  hands: ['3p258m369p1258s66z', '45p258m369s12345z', '33p1479m147s1267z', '12p456m789m55s777z'],
  draws: '9s',
};

// Seat 0 cuts 3p again; seats 1, 2 and 3 all wait on it (haku, hatsu and chun pungs).
const threeWaiting: ScenarioSpec = {
  hands: ['3p258m69p2468s134z', '12p456m789s55s555z', '45p123m789m11s666z', '3p123s456s789s777z'],
  draws: '9s',
};

/** Seat 0 cuts 3p; seats 1, 2 and 3 answer in turn (each must be offered its answer). */
function answer(spec: ScenarioSpec, answers: [number, number, number]) {
  const g = scenario(spec);
  ok(g, 0, idx('3p'));
  answers.forEach((a, i) => {
    expect(g.validActions(i + 1)).toContain(a);
    ok(g, i + 1, a);
  });
  return g;
}

describe('answers to a discard are resolved by priority', () => {
  it('asks every seat with a choice in seat order; ron beats pon and chi', () => {
    const g = scenario(contested);
    ok(g, 0, idx('3p'));
    expect(g.phase).toBe(5);
    expect(g.validActions(1)).toContain(37);
    ok(g, 1, 37);
    expect(g.phase).toBe(6);
    expect(g.validActions(2)).toContain(43);
    ok(g, 2, 43);
    expect(g.phase).toBe(7);
    expect(g.validActions(3)).toEqual([49, 53]);
    ok(g, 3, 49);
    expect(g.phase).toBe(16);
    expect(g.kyoku.result!.events.map((e) => e.t === 'agari' && [e.who, e.fromWho])).toEqual([[3, 0]]);
    expect(g.kyoku.players[1]!.melds).toEqual([]);
    expect(g.kyoku.players[2]!.melds).toEqual([]);
  });

  it('pon beats chi when nobody rons', () => {
    const g = answer(contested, [37, 43, 53]);
    expect(g.phase).toBe(2);
    expect(g.kyoku.players[2]!.melds.map((m) => m.type)).toEqual(['pon']);
    expect(g.kyoku.players[1]!.melds).toEqual([]);
  });

  it('a chi goes through when the others skip', () => {
    const g = answer(contested, [37, 53, 53]);
    expect(g.phase).toBe(1);
    expect(g.kyoku.players[1]!.melds.map((m) => m.type)).toEqual(['chi']);
  });

  it('three rons on one discard abort the hand: no payment, dealer keeps the seat', () => {
    const g = answer(threeWaiting, [49, 49, 49]);
    expect(g.phase).toBe(16);
    expect(g.kyoku.result).toMatchObject({ kind: 'ryuukyoku', ryuukyoku: 'ron3', renchan: true, deltas: [0, 0, 0, 0] });
  });

  it('two of the three rons are a double ron', () => {
    const g = answer(threeWaiting, [49, 53, 49]);
    expect(g.kyoku.result!.events.map((e) => e.t === 'agari' && e.who)).toEqual([1, 3]);
  });
});
