import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { readTable } from '../../../src/engine/ai/strong/table';
import { passedKinds } from '../../../src/engine/ai/strong/furiten-reads';
import { BEFORE_STRENGTH_ROUND } from '../../../src/engine/ai/strong/options';
import { parseTiles } from '../../../src/engine/rules';
import type { StateView } from '../../../src/engine/game';
import { scenario } from '../table/_scenario';
import { river } from './_facing-riichi';

// The seventh strength round's furiten reads (strong/furiten-reads.ts, option passedRead, 2 by
// default, 0 in the reviewer's engine: mahjong/README.md, "Seventh strength round").
const kind = (tile: string) => parseTiles(tile)[0]! >> 2;
const pon = (tiles: string, from: number) => { const ids = parseTiles(tiles); return { type: 'pon' as const, tiles: ids, called: ids[0]!, added: null, from, m: 0 }; };

/** Seat `from`'s river `tiles`, its discard at `at` called by `seat` with a pon of `meld`. */
function ponFrom(view: StateView, seat: number, from: number, tiles: string, at: number, meld: string): void {
  const r = river(tiles);
  r[at]!.called = true;
  view.players[from]!.river = r;
  view.players[seat]!.melds = [{ type: 'pon', tiles: parseTiles(meld), called: r[at]!.tile, added: null, from, m: 0 }];
}

describe('strong AI: temporary furiten (passedRead)', () => {
  /**
   * Seat 0 drew 5p into a hand five shanten away; seat 2 (across) has ponned 777z and 666z and
   * thrown 9m 1p 9s 8p; seat 3 (seat 0's left) threw 5p last, which seats 1 and 2 passed.
   */
  const position = (): StateView => {
    const g = scenario({ hands: ['258m369p147s2345z', '111m666m999p111s2z', '777m888m111p222p3z', '999m444p666p888s4z'], draws: '5p', dora: '1z' });
    const view = g.stateView(0);
    view.players[2]!.river = river('9m1p9s8p');
    view.players[2]!.melds = [pon('777z', 3), pon('666z', 1)];
    view.players[1]!.river = river('1z9p2s');
    view.players[3]!.river = river('3z1m5p');
    return view;
  };

  it('reads the left neighbour\'s last discard as passed by the two other seats only', () => {
    const out = new Uint8Array(4 * 34);
    expect(passedKinds(readTable(position()), out)).toBe(true);
    expect(out[2 * 34 + kind('5p')]).toBe(1);
    expect(out[1 * 34 + kind('5p')]).toBe(1);
    expect(out[3 * 34 + kind('5p')]).toBe(0);
    // The seat across's last discard (8p) came after seat 1's: seat 1 passed it.
    expect(out[1 * 34 + kind('8p')]).toBe(1);
    expect(out[2 * 34 + kind('8p')]).toBe(0);
  });

  it('reads nothing about the seat across when the left neighbour called seat 1\'s last discard', () => {
    const view = position();
    ponFrom(view, 3, 1, '1z9p2s', 2, '222s');
    const out = new Uint8Array(4 * 34);
    expect(passedKinds(readTable(view), out)).toBe(true);
    expect(out[1 * 34 + kind('8p')]).toBe(0);
    expect(out[2 * 34 + kind('5p')]).toBe(1);
  });

  it('on a turn after its own call, reads the called tile as passed by the two other seats', () => {
    const view = position();
    view.players[0]!.drawn = null;
    expect(passedKinds(readTable(view), new Uint8Array(4 * 34))).toBe(false);
    ponFrom(view, 0, 2, '9m1p9s8p', 3, '888p');
    const out = new Uint8Array(4 * 34);
    expect(passedKinds(readTable(view), out)).toBe(true);
    expect([out[34 + kind('8p')], out[2 * 34 + kind('8p')], out[3 * 34 + kind('8p')]]).toEqual([1, 0, 1]);
    expect(out[2 * 34 + kind('5p')]).toBe(0);
  });

  it('a folding hand throws the passed 5p with it (on by default), another tile without it (the reviewer\'s engine)', () => {
    const view = position();
    expect(readTable(view).threats.map((t) => t.seat)).toEqual([2]);
    const fivePin = kind('5p');
    expect(new StrongAgent('strong', { passedRead: 0 }).decide(position())).not.toBe(fivePin);
    expect(new StrongAgent('review', BEFORE_STRENGTH_ROUND).decide(position())).not.toBe(fivePin);
    expect(new StrongAgent('strong', { passedRead: 1 }).decide(position())).toBe(fivePin);
    expect(new StrongAgent().decide(view)).toBe(fivePin);
  });
});

describe('strong AI: riichi furiten in the declaration\'s own go-around (passedRead 2)', () => {
  /** No call in the hand; seat 1 declared riichi with its third discard (2p); each seat has thrown four tiles. */
  const position = (): StateView => {
    const g = scenario({ hands: ['258m369p147s2345z', '111m666m999p111s2z', '777m888m111p222p3z', '999m444p666p888s4z'], draws: '5p', dora: '1z' });
    const view = g.stateView(0);
    const r = river('1z9m2p6z');
    r[2]!.riichi = true;
    view.players[1]!.river = r;
    view.players[1]!.riichi = true;
    view.players[2]!.river = river('3z4z5s1p');
    view.players[3]!.river = river('6z7z8s9p');
    return view;
  };

  it('reads the discards seats 2 and 3 made after the declaration in its go-around, which the shape count leaves open', () => {
    const t = readTable(position());
    const seat1 = t.threats.find((th) => th.seat === 1)!;
    expect(seat1.safe[kind('5s')]).toBe(0);
    const out = new Uint8Array(4 * 34);
    expect(passedKinds(t, out)).toBe(true);
    expect(out[34 + kind('5s')]).toBe(1);
    expect(out[34 + kind('8s')]).toBe(1);
    passedKinds(t, out, false);
    expect(out[34 + kind('5s')]).toBe(0);
  });

  it('reads nothing of it once a seat has called (turns may have been skipped)', () => {
    const view = position();
    view.players[2]!.melds = [pon('666z', 3)];
    const out = new Uint8Array(4 * 34);
    passedKinds(readTable(view), out);
    expect(out[34 + kind('5s')]).toBe(0);
  });
});
