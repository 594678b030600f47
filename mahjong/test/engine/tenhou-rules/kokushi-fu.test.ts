/** Rule: kokushi is recorded with 0 fu (Tenhou's AGARI `ten="0,…"`); other yakuman keep their fu. */
import { describe, expect, it } from 'bun:test';
import { exportMjlog, parseMjlog } from '../../../src/engine/game';
import { scoreHand, winInputFromNotation } from '../../../src/engine/rules';
import { scenario, ok } from '../table/_scenario';

const score = (hand: string, win: string) => scoreHand(winInputFromNotation({ hand, win, tsumo: false, seatWind: 1, roundWind: 0 }));

describe('kokushi fu', () => {
  it('scoreHand gives kokushi (single and 13-wait) 0 fu', () => {
    expect(score('119m19p19s123456z', '7z')).toMatchObject({ ok: true, fu: 0, yakuman: 1 });
    expect(score('19m19p19s1234567z', '1m')).toMatchObject({ ok: true, fu: 0, yakuman: 1 });
    const big = score('555z666z777z111z22z', '5z');
    expect(big.ok && big.fu).toBeGreaterThan(0);
  });

  it('a table win by kokushi is recorded and exported with 0 fu', () => {
    // The dealer holds kokushi tenpai on 7z and draws it.
    const g = scenario({
      hands: ['119m19p19s123456z', '2345m2345p2345s6z', '678m678p678s2233z', '2345m2345p2345s1z'],
      draws: '7z',
    });
    ok(g, 0, 50);
    const win = g.kyoku.result!.events[0]!;
    expect(win).toMatchObject({ t: 'agari', fu: 0, yakuman: expect.arrayContaining([47]) }); // with tenhou (37)
    const xml = exportMjlog(g.toPaipu());
    expect(xml).toMatch(/ten="0,\d+,5"/);
    expect(parseMjlog(xml).rounds[0]!.events.find((e) => e.t === 'agari')).toMatchObject({ fu: 0 });
  });
});
