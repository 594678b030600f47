/** Rule: final points round each non-top score to thousands half away from zero, −30, + uma. */
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { owariOf, roundThousands } from '../../../src/engine/game';
import { verifyText } from '../../../src/engine/verify/verify-text';
import { MJLOG_DATA } from '../../fixtures/data/paths';

describe('final points (owari)', () => {
  it('rounds to thousands half away from zero', () => {
    expect([-500, -3500, 10500, 26500, 24400, -1400, 0].map(roundThousands)).toEqual([-1, -4, 11, 27, 24, -1, 0]);
  });

  it('non-top: rounded score − 30 + uma; top takes what keeps the sum zero', () => {
    // 4th −500 → −1 − 30 − 20 = −51; 3rd 10,500 → 11 − 30 − 10 = −29; 2nd 26,500 → 27 − 30 + 10 = 7.
    const o = owariOf([26500, -500, 63500, 10500]);
    expect(o.points).toEqual([7, -51, 73, -29]);
    expect(o.points.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('−3,500 is −4 (−34 before uma), not −3', () => {
    expect(owariOf([-3500, 30000, 35000, 38500]).points).toEqual([-54, -10, 15, 49]);
  });

  it('ties rank by seat order', () => {
    expect(owariOf([25000, 25000, 25000, 25000]).points).toEqual([35, 5, -15, -25]);
  });
});

describe('verify: lobby rules', () => {
  const log = readFileSync(`${MJLOG_DATA}/double-ron.mjlog`, 'utf8');
  const otherPoints = (text: string) => text.replace(/owari="([^"]*)"/, (_, o: string) => `owari="${o.replace(/\.0/, '.5')}"`);

  it('a custom lobby (csrule) is checked hand by hand and its final points reported as not checked', () => {
    const custom = otherPoints(log.replace(/<GO type="(\d+)" lobby="0"/, '<GO type="$1" lobby="1234" csrule="0,0,1,30,300,20,10"'));
    const v = verifyText('x', custom);
    expect(v.status).toBe('ok');
    expect(v.notes).toEqual(['final points not checked: custom rules']);
    expect(v.handsOk).toBe(v.hands);
  });

  it('a ranked lobby with wrong final points is still a mismatch', () => {
    expect(verifyText('x', otherPoints(log)).firstMismatch).toContain('final owari');
  });
});

describe('verify: game length from the GO type', () => {
  const log = readFileSync(`${MJLOG_DATA}/2010081709gm-00a9-0000-fe3371ad.mjlog`, 'utf8');

  it('an East-South log relabelled East-only (type 0xA1) ends where tonpuu would, so it no longer matches', () => {
    expect(verifyText('x', log).status).toBe('ok');
    const v = verifyText('x', log.replace('<GO type="169"', '<GO type="161"'));
    expect(v.status).toBe('mismatch');
    expect(v.firstMismatch).toContain('the engine ends the game here, the log plays on');
  });
});
