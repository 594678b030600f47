import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { verifyText } from '../../../src/engine/verify/verify-text';
import { MJLOG_DATA } from '../../fixtures/data/paths';

const DATA = MJLOG_DATA;
const read = (f: string) => readFileSync(`${DATA}/${f}`, 'utf8');

describe('log verifier', () => {
  it('reproduces every hand of every shared Tenhou log with zero mismatches', () => {
    const verdicts = readdirSync(DATA).filter((f) => f.endsWith('.mjlog')).map((f) => verifyText(f, read(f)));
    const bad = verdicts.filter((v) => v.status === 'mismatch' || v.status === 'error');
    expect(bad.map((v) => `${v.file}: ${v.firstMismatch}`)).toEqual([]);
    expect(verdicts.filter((v) => v.status === 'ok')).toHaveLength(54);
    expect(verdicts.filter((v) => v.status === 'truncated')).toHaveLength(64);
    const hands = verdicts.reduce((a, v) => a + v.hands, 0);
    expect(verdicts.reduce((a, v) => a + v.handsOk, 0)).toBe(hands);
    expect(hands).toBeGreaterThan(700);
  });

  it('reports a changed win value as a mismatch with context', () => {
    const text = read('2010081709gm-00a9-0000-fe3371ad.mjlog').replace('ten="30,7700,0"', 'ten="30,8000,0"');
    const v = verifyText('x', text);
    expect(v.status).toBe('mismatch');
    expect(v.firstMismatch).toContain('30 fu 7700');
    expect(v.firstMismatch).toContain('log 30 fu 8000');
  });

  it('reports an action the rules forbid (a discard of a tile not in hand)', () => {
    const text = read('double-ron.mjlog').replace('<D131/>', '<D130/>');
    const v = verifyText('x', text);
    expect(v.status).toBe('mismatch');
  });

  it('reports wrong final points', () => {
    const text = read('double-ron.mjlog').replace(/owari="([^"]*)"/, (_, o: string) => `owari="${o.replace(/\.0/, '.5')}"`);
    expect(verifyText('x', text).firstMismatch).toContain('final owari');
  });

  it('turns sanma and malformed input into an error verdict, never a throw', () => {
    expect(verifyText('x', read('double-ron.mjlog').replace('type="169"', 'type="185"')).status).toBe('error');
    expect(verifyText('x', '<mjloggm><INIT/>').status).toBe('error');
  });
});
