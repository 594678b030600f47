import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreHand } from '../../../src/engine/rules';
import { decodeMeld, readWins } from './agari-tag';
import { MJLOG_DATA } from '../../fixtures/data/paths';

const DIR = MJLOG_DATA;

describe('Tenhou meld bits', () => {
  it('decodes the documented check values', () => {
    expect(decodeMeld(17463)).toMatchObject({ type: 'chi', from: 3 });
    expect(decodeMeld(17463).tiles.map((t) => t >> 2)).toEqual([5, 6, 7]);
    expect(decodeMeld(26633)).toMatchObject({ type: 'pon', from: 1 });
    expect(decodeMeld(26633).tiles.map((t) => t >> 2)).toEqual([17, 17, 17]);
    expect(decodeMeld(45674)).toMatchObject({ type: 'pon', from: 2 });
    expect(decodeMeld(45674).tiles[0]! >> 2).toBe(29);
    expect(decodeMeld(33795)).toMatchObject({ type: 'minkan', from: 3 });
    expect(decodeMeld(33795).tiles[0]! >> 2).toBe(33);
  });
});

describe('every win in the mjx Tenhou logs', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.mjlog')).sort();
  const seen = new Set<string>();
  const wins = files.flatMap((f) => readWins(f, readFileSync(join(DIR, f), 'utf8'))).filter((w) => {
    const key = w.tag;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  it('finds the wins', () => {
    expect(wins.length).toBeGreaterThan(250);
  });

  it('reproduces yaku with han, fu, points, limit and score changes for each', () => {
    const problems: string[] = [];
    for (const w of wins) {
      const r = scoreHand(w.input);
      if (!r.ok) {
        problems.push(`${w.file}: ${r.code} ${r.message}\n  ${w.tag}`);
        continue;
      }
      const got = r.yakuman > 0 && r.limit === 'yakuman'
        ? { yaku: [], yakuman: r.yaku.map((y) => y.id).sort((a, b) => a - b) }
        : { yaku: r.yaku.map((y) => [y.id, y.han]).sort((a, b) => a[0]! - b[0]!), yakuman: [] };
      const want = { yaku: [...w.expect.yaku].sort((a, b) => a[0] - b[0]), yakuman: [...w.expect.yakuman].sort((a, b) => a - b) };
      const deltas = [0, 0, 0, 0];
      r.points.deltas.forEach((d, rel) => { deltas[(w.who + rel) % 4] = d; });
      const actual = { ...got, fu: r.fu, points: r.points.base, limit: r.limitCode, deltas };
      const expected = { ...want, fu: w.expect.fu, points: w.expect.points, limit: w.expect.limit, deltas: w.expect.deltas };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        problems.push(`${w.file}\n  want ${JSON.stringify(expected)}\n  got  ${JSON.stringify(actual)}\n  ${w.tag}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
