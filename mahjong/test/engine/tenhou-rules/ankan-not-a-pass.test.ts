/**
 * Rule: a closed kan is not a pass. Only kokushi may rob an ankan, so a seat waiting on the
 * kan's tile that could not ron it did not pass it: no temporary and no riichi furiten.
 */
import { describe, expect, it } from 'bun:test';
import { discard, idx, ok, passAll, scenario } from '../table/_scenario';

const RON = 49;
const ANKAN = 45;

describe('an opponent\'s ankan of a waited tile is not a pass', () => {
  it('no temporary furiten: a 5m–8m wait may ron 8m right after an ankan of 5m', () => {
    const g = scenario({
      hands: ['0555m19p19s1234z7z', '67m234p567p234s88s', '1199m1199p1199s5z', '2344m2388p5677s6z'],
      draws: '7z', rinshan: '8m',
    });
    expect(g.validActions(0)).toContain(ANKAN);
    ok(g, 0, ANKAN);
    passAll(g);
    expect(g.kyoku.players[1]!.missed[4]).toBe(false); // 5m not marked passed for seat 1
    ok(g, 0, idx('8m')); // the replacement tile, cut at once
    expect(g.actor()).toBe(1);
    expect(g.validActions(1)).toContain(RON);
    ok(g, 1, RON);
    expect(g.kyoku.result!.events[0]).toMatchObject({ t: 'agari', who: 1, fromWho: 0 });
  });

  it('no riichi furiten: a riichi 1s–4s wait may ron 4s after an opponent\'s ankan of 1s', () => {
    const g = scenario({
      hands: ['2468m2468p68s77z5z', '23s234p567p678m99m', '111s19m19p1234z56z', '1357m1357p579s1z9p'],
      draws: '3z7s1s', rinshan: '4s',
    });
    discard(g, 0, '3z');
    ok(g, 1, idx('7s'));
    ok(g, 1, 48); // riichi with 7s
    passAll(g);
    expect(g.kyoku.players[1]!.riichi).toBe(true);
    expect(g.validActions(2)).toContain(ANKAN);
    ok(g, 2, ANKAN);
    passAll(g);
    ok(g, 2, idx('4s'));
    expect(g.validActions(1)).toContain(RON);
    ok(g, 1, RON);
    expect(g.kyoku.result!.events[0]).toMatchObject({ t: 'agari', who: 1, fromWho: 2 });
  });
  // A passed discard still makes furiten: test/engine/table/furiten.test.ts.
});
