import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { modelThreats } from '../../../src/engine/ai/strong/model-threats';
import { readOpponent, TENPAI_FEATURES, VALUE_FEATURES, WAIT_FEATURES, waitChance, waitChanceByRow, type DangerModel } from '../../../src/engine/ai/strong/danger-model';
import { readTable } from '../../../src/engine/ai/strong/table';
import type { StateView } from '../../../src/engine/game';
import { parseTiles } from '../../../src/engine/rules';
import shipped from '../../../models/strong-danger.json';
import { scenario } from '../table/_scenario';
import { facingRiichi, river } from './_facing-riichi';

const kind = (tile: string) => parseTiles(tile)[0]! >> 2;
const pon = (tiles: string, from: number) => { const ids = parseTiles(tiles); return { type: 'pon' as const, tiles: ids, called: ids[0]!, added: null, from, m: 0 }; };
const chi = (tiles: string, from: number) => { const ids = parseTiles(tiles); return { type: 'chi' as const, tiles: ids, called: ids[0]!, added: null, from, m: 0 }; };
const model = shipped as DangerModel;
/** P(the kind wins | tenpai) for opponent `seat` of `view` under the shipped model. */
const wait = (view: StateView, seat: number, tile: string) => {
  const t = readTable(view);
  return waitChance(model, readOpponent(view, view.players[seat]!, t.dora, model), kind(tile), t.visible, t.dora);
};

/** Seat 0 holds `hand` + `draw`; seat 1 called two pinzu melds and threw `thrown` (an eye on the pinzu flush). */
function facingFlush(hand: string, draw: string): StateView {
  const g = scenario({ hands: [hand, '111m444m777m1122z', '555m888m222s5566z', '666s333s999p4667z'], draws: draw, dora: '1z' });
  const view = g.stateView(0);
  view.players[1]!.melds = [chi('123p', 0), pon('777p', 2)];
  view.players[1]!.river = river('1m9s4z2m8s7m3s5z');
  return view;
}

/**
 * Seat 0's hand far from tenpai; seat 1 has called one pon of 7z (no threat to danger.ts, which
 * reads only riichi or two melds) and has since drawn and thrown its last tiles straight from the
 * wall: a ready hand to the model.
 */
function facingOneMeld(): StateView {
  const g = scenario({ hands: ['258m369p147s2345z', '111m666m999p111s2z', '777m888m111p222p3z', '999m444p666p888s4z'], draws: '5p', dora: '7z' });
  const view = g.stateView(0);
  const r = river('1s9s1p9p4z2m8s6m3p7s8m2s');
  for (let i = 6; i < r.length; i++) r[i]!.tsumogiri = true;
  r[5]!.tsumogiri = false;
  view.players[1]!.river = r;
  view.players[1]!.melds = [pon('777z', 2)];
  view.tiles_left = 24;
  return view;
}

describe('strong AI: the learned opponent model (danger-model.ts)', () => {
  it('ships weights over exactly these features, fitted on full-information play', () => {
    expect(shipped.format).toBe('strong-danger-v1');
    expect(shipped.tenpai).toHaveLength(TENPAI_FEATURES.length);
    expect(shipped.wait).toHaveLength(WAIT_FEATURES.length);
    expect(shipped.value).toHaveLength(VALUE_FEATURES.length);
    expect(shipped.games).toBeGreaterThanOrEqual(600);
  });

  it('a riichi\'s genbutsu is 0 and its live middle tile is the most dangerous of the hand', () => {
    // 236m 258p 14789s 3z 7z + 8m against a riichi that threw 1z 9m 2p: nothing seen near 5s or 6m.
    const view = facingRiichi('236m258p14789s37z', '8m', '6s');
    expect(wait(view, 1, '2p')).toBe(0);
    const tiles = ['2m', '3m', '6m', '8m', '5p', '8p', '1s', '4s', '7s', '8s', '9s', '3z', '7z'];
    const chances = tiles.map((t) => wait(view, 1, t));
    const top = tiles[chances.indexOf(Math.max(...chances))]!;
    expect(['3m', '6m', '4s', '7s']).toContain(top);
    expect(Math.max(...chances)).toBeGreaterThan(3 * wait(view, 1, '3z'));
  });

  it('a pinzu flush threat: its own suit far more dangerous than an off-suit tile', () => {
    const view = facingFlush('2369m258p14789s3z', '6s');
    const own = wait(view, 1, '5p'), off = wait(view, 1, '5m');
    expect(own).toBeGreaterThan(2 * off);
  });

  it('reads a one-meld hand that throws straight from the wall as a threat, where danger.ts sees none', () => {
    const view = facingOneMeld();
    expect(readTable(view).threats).toEqual([]);
    const read = modelThreats(view, 0, readTable(view).dora, model, 0.3);
    expect(read.map((th) => th.seat)).toEqual([1]);
  });

  it('the per-candidate sum is the fitted row\'s logit: equal for every kind and seat of three positions', () => {
    let checked = 0;
    for (const view of [facingRiichi('236m258p14789s37z', '8m', '6s'), facingFlush('2369m258p14789s3z', '6s'), facingOneMeld()]) {
      const t = readTable(view);
      for (const p of view.players) {
        if (p.seat === 0) continue;
        const th = readOpponent(view, p, t.dora, model);
        for (let k = 0; k < 34; k++) { expect(waitChance(model, th, k, t.visible, t.dora)).toBeCloseTo(waitChanceByRow(model, th, k, t.visible, t.dora), 12); checked++; }
      }
    }
    expect(checked).toBe(9 * 34);
  });

  it('keeps danger.ts\'s threats as asked: a riichi seat as danger.ts reads it with "riichi" or "all", the one-meld seat added by the model', () => {
    const riichi = facingRiichi('236m258p14789s37z', '8m', '6s');
    const t = readTable(riichi);
    const none = modelThreats(riichi, 0, t.dora, model, 0.3, 'none', t.threats);
    const kept = modelThreats(riichi, 0, t.dora, model, 0.3, 'riichi', t.threats);
    expect(none.map((th) => th.seat)).toEqual([1]);
    expect(none[0]).not.toBe(t.threats[0]);
    expect(kept).toEqual([t.threats[0]!]);
    const one = facingOneMeld();
    const u = readTable(one);
    expect(modelThreats(one, 0, u.dora, model, 0.3, 'all', u.threats).map((th) => th.seat)).toEqual([1]);
  });

  it('with the option on, the strong AI throws a tile seat 1 discarded in that position; without it, it plays its own hand', () => {
    const safe = new Set(parseTiles('1s9s1p9p4z2m8s6m3p7s8m2s').map((id) => id >> 2));
    const off = new StrongAgent().decide(facingOneMeld());
    const on = new StrongAgent('strong', { dangerModel: true }).decide(facingOneMeld());
    expect(safe.has(off)).toBe(false);
    expect(safe.has(on)).toBe(true);
  });
});
