import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, passAll, scenario, scenarioGame, type ScenarioSpec } from './_scenario';

// Fillers for seats 1–3 that neither call nor win on the tiles these scenarios discard.
const others: [string, string, string] = ['369m258p147s1357z', '258m369p258s4567z', '479m147p147s3456z'];
// Seat 0 (dealer) draws 7z, declares riichi with it; then 8s, 8p, 9p pass; then seat 0 draws 1m.
const ankanSpec = (hand: string): ScenarioSpec => ({ hands: [hand, ...others], draws: '7z8s8p9p1m' });

function riichiThenDraw(hand: string) {
  const g = scenario(ankanSpec(hand));
  ok(g, 0, idx('7z'));
  ok(g, 0, 48);
  passAll(g);
  discard(g, 1, '8s');
  discard(g, 2, '8p');
  discard(g, 3, '9p');
  expect(g.kyoku.drawn! >> 2).toBe(0); // seat 0 holds four 1m
  return g;
}

describe('riichi rules', () => {
  it('ankan in riichi is allowed when the wait stays the same, and its dora shows at once', () => {
    // 111m456p789s2233z waits on 2z/3z with or without the 1m kan.
    const g = riichiThenDraw('111m456p789s2233z');
    expect(g.validActions(0)).toContain(45);
    expect(g.kyoku.doraIndicators).toHaveLength(1);
    ok(g, 0, 45);
    passAll(g);
    expect(g.kyoku.players[0]!.melds.map((m) => m.type)).toEqual(['ankan']);
    // Tenhou: a closed kan's new dora indicator is turned before the replacement draw.
    expect(g.kyoku.doraIndicators).toHaveLength(2);
    expect(g.phase).toBe(0);
  });

  it('ankan in riichi is refused when it would change the wait', () => {
    // 1112m waits on 2m and 3m; after a 1m kan only 2m would remain.
    const g = riichiThenDraw('1112m456p789s222z');
    expect(g.validActions(0)).toEqual([0]);
    expect(g.step(0, 45)).toEqual({ ok: false, code: 'ILLEGAL_ACTION' });
  });

  it('riichi furiten: a winning tile passed after riichi blocks ron for the rest of the hand', () => {
    // Seat 0 riichis on 1z/2z; seat 1 cuts 1z (seat 0 skips), later seat 2 cuts 2z.
    const g = scenario({
      hands: ['123m456p789s1122z', '147m258p369s1357z', '147m258p369s2467z', '258m147p147s4567z'],
      draws: '3z9m9p9s8m8p8s',
    });
    ok(g, 0, idx('3z'));
    ok(g, 0, 48);
    passAll(g);
    ok(g, 1, idx('1z'));
    expect(g.phase).toBe(4);
    expect(g.validActions(0)).toEqual([49, 53]);
    ok(g, 0, 53);
    passAll(g);
    discard(g, 2, '9p');
    discard(g, 3, '9s');
    discard(g, 0, '8m'); // a new draw does not lift riichi furiten
    discard(g, 1, '8p');
    ok(g, 2, idx('2z'));
    expect(g.phase).toBe(3); // seat 0 is not asked
    expect(g.stateView(0).players[0]!.furiten).toBe(true);
  });

  it('riichi needs 1,000 points: with less the tenpai discard is a plain discard', () => {
    const spec: ScenarioSpec = {
      hands: ['123m456p789s1122z', '147m258p369s1357z', '147m258p369s2467z', '258m147p147s4567z'],
      draws: '3z',
    };
    const g = scenarioGame([spec], { round: 0, honba: 0, kyotaku: 0, scores: [900, 33100, 33000, 33000] });
    expect(g.stateView(0).riichi_tiles).toEqual([]);
    ok(g, 0, idx('3z'));
    expect(g.kyoku.stage2).toBeNull();
    expect(g.phase).not.toBe(0);
  });

  it('an open hand cannot declare riichi', () => {
    // Seat 1 pons 1z from seat 0 and cuts 2z; a go-around later it draws 9s and is tenpai
    // (cut 2z or 9s), yet no discard is a riichi candidate.
    const g = scenario({
      hands: ['1z258m369p258s456z', '11z123m456p789s22z', '147m258p369s3567z', '369m147p147s3456z'],
      draws: '9m8s8p9p9s',
    });
    ok(g, 0, idx('1z'));
    ok(g, 1, 43);
    discard(g, 1, '2z');
    discard(g, 2, '8s');
    discard(g, 3, '8p');
    discard(g, 0, '9p');
    expect(g.phase).toBe(1);
    expect(g.validActions(1)).toEqual(expect.arrayContaining([idx('2z'), idx('9s')]));
    expect(g.stateView(1).riichi_tiles).toEqual([]);
    ok(g, 1, idx('2z'));
    expect(g.kyoku.stage2).toBeNull();
  });
});
