import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { exportMjlog, parseMjlog } from '../../../src/engine/game';
import { MJLOG_DATA } from '../../fixtures/data/paths';

const DATA = MJLOG_DATA;

describe('mjlog exporter', () => {
  it('writes every shared log so that the parser reads it back identically', () => {
    const files = readdirSync(DATA).filter((f) => f.endsWith('.mjlog'));
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) {
      const p = parseMjlog(readFileSync(`${DATA}/${f}`, 'utf8'));
      expect(parseMjlog(exportMjlog(p))).toEqual(p);
    }
  });
});
