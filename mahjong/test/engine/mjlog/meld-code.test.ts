import { describe, expect, it } from 'bun:test';
import { decodeMeld, encodeMeld } from '../../../src/engine/mjlog/meld-code';

describe('meld bit codec', () => {
  it('decodes the check values of FORMAT.md', () => {
    // 17463 = chi of 8m from the left with 6m 7m
    expect(decodeMeld(17463)).toMatchObject({ type: 'chi', from: 3 });
    expect(decodeMeld(17463).tiles.map((t) => t >> 2)).toEqual([5, 6, 7]);
    expect(decodeMeld(17463).called! >> 2).toBe(7);
    // 26633 = pon of 9p from the right; 45674 = pon of West from across
    expect(decodeMeld(26633)).toMatchObject({ type: 'pon', from: 1 });
    expect(decodeMeld(26633).called! >> 2).toBe(17);
    expect(decodeMeld(45674)).toMatchObject({ type: 'pon', from: 2 });
    expect(decodeMeld(45674).called! >> 2).toBe(29);
    // 33795 = daiminkan of Chun from the left
    expect(decodeMeld(33795)).toMatchObject({ type: 'daiminkan', from: 3 });
    expect(decodeMeld(33795).called! >> 2).toBe(33);
  });

  it('encodes back to the same code for every meld type', () => {
    for (const m of [17463, 26633, 45674, 33795, 42538, 3155, 5169]) expect(encodeMeld(decodeMeld(m))).toBe(m);
  });

  it('encodes an ankan as the same kan (Tenhou names one copy; any copy decodes to the same four tiles)', () => {
    for (const m of [28672, 4608]) expect(decodeMeld(encodeMeld(decodeMeld(m)))).toEqual(decodeMeld(m));
  });
});
