/**
 * tenpaiValue scores each wait with a copy of the winning kind the seat does not hold: a copy in
 * one of its own melds is held too (scoreHand refuses an id used twice), so a tanki on a kind that
 * one of its chi also uses must still be valued (a log's 1s tanki beside a 1s2s3s chi was worth 0,
 * depending only on which copies the log's ids named).
 */
import { describe, expect, it } from 'bun:test';
import type { Table } from '../../../src/engine/ai/strong/table';
import { tenpaiValue } from '../../../src/engine/ai/strong/value';

/** Seat 2, South seat of East 2, not dealer: 1s 6s7s8s concealed, pon of haku, chi 234p, chi 123s. */
function table(chi123s: number[]): Table {
  const melds = [
    { type: 'pon', tiles: [124, 125, 126], called: 126, added: null, from: 0, m: 0 },
    { type: 'chi', tiles: [40, 44, 48], called: 48, added: null, from: 1, m: 0 },
    { type: 'chi', tiles: chi123s, called: chi123s[2], added: null, from: 1, m: 0 },
  ];
  const visible = new Array<number>(34).fill(0);
  for (const id of [73, 95, 96, 103, ...melds.flatMap((m) => m.tiles)]) visible[id >> 2]! += 1;
  return {
    seat: 2, seatWind: 29, roundWind: 27, dealer: false, visible,
    me: { melds } as unknown as Table['me'], view: { dora: [0] } as unknown as Table['view'],
  } as unknown as Table;
}

describe('tenpaiValue with a copy of the wait in a meld', () => {
  it('values the tanki whichever copy of the wait the chi holds', () => {
    const hand = [73, 95, 96, 103];
    const byCopy = [72, 74, 75].map((one) => tenpaiValue(table([one, 78, 80]), hand, [18], false));
    for (const v of byCopy) {
      expect(v.live).toBe(2);
      expect(v.ron).toBeGreaterThan(0);
    }
    expect(byCopy[2]!.ron).toBe(byCopy[0]!.ron);
  });
});
