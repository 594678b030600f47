/** tenhou.net/6 tile numbers and call strings, against the format's documented shapes. */
import { describe, expect, it } from 'bun:test';
import type { Meld } from '../../src/engine/paipu/types';
import { meldString, ruleDisp } from '../../src/formats/tenhou6/export';
import { typeFromRule } from '../../src/formats/tenhou6/parse';
import { t6OfId, tileOfT6 } from '../../src/formats/tenhou6/tiles';

const meld = (type: Meld['type'], tiles: number[], called: number | null, from: number, added: number | null = null): Meld =>
  ({ type, tiles, called, added, from, m: 0 });

describe('tenhou.net/6 codec', () => {
  it('numbers tiles 11–47 with red fives 51–53', () => {
    expect([0, 35, 36, 71, 72, 107, 108, 135, 16, 52, 88, 17].map(t6OfId)).toEqual([11, 19, 21, 29, 31, 39, 41, 47, 51, 52, 53, 15]);
    for (let id = 0; id < 136; id++) {
      const t = tileOfT6(t6OfId(id))!;
      expect(t.kind).toBe(id >> 2);
    }
    for (const bad of [0, 10, 20, 48, 50, 54, 60, 'x']) expect(tileOfT6(bad)).toBeNull();
  });

  it('marks the called tile where its source sits (seat 0 calling)', () => {
    // chi of 3m from the left with 4m and 5m
    expect(meldString(meld('chi', [8, 12, 17], 8, 3), 0)).toBe('c131415');
    // pon of 5p: from the left, across, right (the red five 52 called from across)
    expect(meldString(meld('pon', [53, 54, 55], 53, 3), 0)).toBe('p252525');
    expect(meldString(meld('pon', [52, 53, 54], 52, 2), 0)).toBe('25p5225');
    expect(meldString(meld('pon', [53, 54, 55], 55, 1), 0)).toBe('2525p25');
    // daiminkan: the called tile first, second, or last of four
    expect(meldString(meld('daiminkan', [124, 125, 126, 127], 124, 3), 0)).toBe('m45454545');
    expect(meldString(meld('daiminkan', [124, 125, 126, 127], 124, 2), 0)).toBe('45m454545');
    expect(meldString(meld('daiminkan', [124, 125, 126, 127], 124, 1), 0)).toBe('454545m45');
    // kakan: k before the added tile, at the pon's place; ankan: a before the fourth tile
    expect(meldString(meld('kakan', [52, 53, 54, 55], 53, 2, 55), 0)).toBe('52k252525');
    expect(meldString(meld('ankan', [52, 53, 54, 55], null, 0), 0)).toBe('522525a25');
  });

  it('reads and writes the rule text', () => {
    expect(ruleDisp(0xa9)).toBe('鳳南喰赤');
    expect(ruleDisp(0x01)).toBe('般東喰赤');
    expect(typeFromRule({ disp: '鳳南喰赤', aka: 1 })).toBe(0xa9);
    expect(typeFromRule({ disp: '般東喰', aka: 0 }) & 0x0e).toBe(0x02);
  });
});
