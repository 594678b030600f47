import { describe, expect, it } from 'bun:test';
import { StrongAgent } from '../../../src/engine/ai';
import { readTable } from '../../../src/engine/ai/strong/table';
import { A } from '../../../src/engine/table/actions';
import { parseTiles } from '../../../src/engine/rules';
import { shanten } from '../../../src/engine/shanten';
import type { StateView } from '../../../src/engine/game';
import { discard, ok, scenario } from '../table/_scenario';
import { river } from './_facing-riichi';

// The sixth strength round's late options, off by default (they placed no better, mahjong/README.md
// "Sixth strength round"); these positions show what each one changes.
const counts = (ids: number[]) => { const c = new Array<number>(34).fill(0); for (const id of ids) c[id >> 2]! += 1; return c; };
const pon = (tiles: string, from: number) => { const ids = parseTiles(tiles); return { type: 'pon' as const, tiles: ids, called: ids[0]!, added: null, from, m: 0 }; };

describe('strong AI: one-meld hands as late threats (oneMeld)', () => {
  /** Seat 0's first discard from a hand five shanten away; seat 1 has ponned 7z and thrown 5p 1s 9s 1p 9p 4z. */
  const facing = (left: number): StateView => {
    const g = scenario({ hands: ['258m369p147s2345z', '111m666m999p111s2z', '777m888m111p222p3z', '999m444p666p888s4z'], draws: '5p', dora: '7z' });
    const view = g.stateView(0);
    view.players[1]!.river = river('5p1s9s1p9p4z');
    view.players[1]!.melds = [pon('777z', 2)];
    view.tiles_left = left;
    return view;
  };
  const safe = new Set(parseTiles('5p1s9s1p9p4z').map((id) => id >> 2));
  const reading = new StrongAgent('strong', { oneMeld: 0.5, oneMeldLeft: 30 });

  it('by default, and early with it on, plays its own hand', () => {
    expect(readTable(facing(20)).threats).toEqual([]);
    expect(safe.has(new StrongAgent().decide(facing(20)))).toBe(false);
    expect(safe.has(reading.decide(facing(60)))).toBe(false);
  });

  it('late with it on, a poor hand throws a tile seat 1 discarded', () => {
    expect(safe.has(reading.decide(facing(20)))).toBe(true);
  });
});

describe('strong AI: a late call for a tenpai without a yaku (keishiki)', () => {
  /** Seat 3 (seat 0's left) throws 5s after a go-round; seat 0 holds 123m 9m 789p 11s 46s 78s, `left` tiles in the wall. */
  const chi5s = (left: number): StateView => {
    const g = scenario({ hands: ['1239m789p1146s78s', '444m555m666m444p2z', '222p333p555p666p3z', '777m888m222z3456z'], draws: '7z6z1z5s', dora: '7z' });
    discard(g, 0, '7z');
    discard(g, 1, '6z');
    discard(g, 2, '1z');
    ok(g, 3, parseTiles('5s')[0]! >> 2);
    while (g.actor() !== 0) ok(g, g.actor(), A.SKIP);
    const view = g.stateView(0);
    view.tiles_left = left;
    return view;
  };

  it('sets up the call: one shanten, the chi 456s reaches a tenpai no yaku pays (terminals, three suits, no yakuhai)', () => {
    const view = chi5s(20);
    expect(shanten(counts(view.players[0]!.hand as number[]), 0)).toBe(1);
    expect(view.valid_actions).toContain(A.CHI_MID);
  });

  it('skips it by default and early; calls it late with the option', () => {
    expect(new StrongAgent().decide(chi5s(20))).toBe(A.SKIP);
    const keishiki = new StrongAgent('strong', { keishiki: 24 });
    expect(keishiki.decide(chi5s(40))).toBe(A.SKIP);
    expect(keishiki.decide(chi5s(20))).toBe(A.CHI_MID);
  });
});
