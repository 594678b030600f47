import { describe, expect, it } from 'bun:test';
import { ALL_YAKU } from '../../../src/engine/rules';

// Tenhou's yaku ids with their han closed/open (0 = closed only); 'Y' = yakuman, 'Yc' = closed-only yakuman.
// Source: Tenhou's yaku table (ids as in mahjong/test/fixtures/data/mjlog/FORMAT.md); 36 (renhou) is never awarded.
const TENHOU: Record<number, [number, number] | 'Y' | 'Yc'> = {
  0: [1, 0], 1: [1, 0], 2: [1, 0], 3: [1, 1], 4: [1, 1], 5: [1, 1], 6: [1, 1], 7: [1, 0], 8: [1, 1], 9: [1, 0],
  10: [1, 1], 11: [1, 1], 12: [1, 1], 13: [1, 1], 14: [1, 1], 15: [1, 1], 16: [1, 1], 17: [1, 1],
  18: [1, 1], 19: [1, 1], 20: [1, 1], 21: [2, 0], 22: [2, 0], 23: [2, 1], 24: [2, 1], 25: [2, 1], 26: [2, 2],
  27: [2, 2], 28: [2, 2], 29: [2, 2], 30: [2, 2], 31: [2, 2], 32: [3, 0], 33: [3, 2], 34: [3, 2], 35: [6, 5],
  37: 'Yc', 38: 'Yc', 39: 'Y', 40: 'Yc', 41: 'Yc', 42: 'Y', 43: 'Y', 44: 'Y', 45: 'Yc', 46: 'Yc', 47: 'Yc', 48: 'Yc',
  49: 'Y', 50: 'Y', 51: 'Y',
};

describe('every Tenhou yaku with its han', () => {
  it('has one module per id 0–51 (but 36) with Tenhou\'s closed/open han', () => {
    const ours = Object.fromEntries(ALL_YAKU.map((y) => [y.id, y.yakuman ? (y.hanOpen > 0 ? 'Y' : 'Yc') : [y.hanClosed, y.hanOpen]]));
    expect(ours).toEqual(TENHOU);
    expect(new Set(ALL_YAKU.map((y) => y.id)).size).toBe(ALL_YAKU.length);
  });
});
