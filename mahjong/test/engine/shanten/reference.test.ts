import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shantenChiitoi, shantenKokushi, shantenRegular, shanten } from '../../../src/engine/rules';
import { SHANTEN_DATA } from '../../fixtures/data/paths';

const DATA = SHANTEN_DATA;
const FILES = ['p_normal_10000.txt', 'p_hon_10000.txt', 'p_tin_10000.txt', 'p_koku_10000.txt'];

describe('shanten against the 40,000 reference hands', () => {
  for (const file of FILES) {
    it(`matches every line of ${file} (regular, kokushi, chiitoitsu)`, () => {
      const lines = readFileSync(join(DATA, file), 'utf8').trim().split('\n');
      expect(lines.length).toBe(10000);
      const mismatches: string[] = [];
      const counts = new Array<number>(34);
      for (const line of lines) {
        const v = line.split(' ').map(Number);
        counts.fill(0);
        for (let i = 0; i < 14; i++) counts[v[i]!]!++;
        const got = [shantenRegular(counts, 0), shantenKokushi(counts), shantenChiitoi(counts)];
        const want = v.slice(14);
        if (got.join() !== want.join()) mismatches.push(`${line} → got ${got.join(' ')}`);
        else if (shanten(counts) !== Math.min(...want)) mismatches.push(`${line} → overall ${shanten(counts)}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
