/**
 * Every built-in replay sample (mahjong/samples, served by GET /api/replay/builtin) replays through
 * the engine exactly, as `mahjong verify` checks it: a sample written by an older engine (a kokushi
 * recorded at 30 fu where the engine and Tenhou record 0) would be a mismatch on the replay page.
 */
import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMjlog } from '../../../src/engine/mjlog/parse';
import { verifyPaipu } from '../../../src/engine/verify/verify-paipu';

const DIR = join(import.meta.dir, '../../../samples');

describe('built-in replay samples', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.xml')).sort();
  it('are there', () => expect(files.length).toBeGreaterThanOrEqual(5));
  for (const f of files) {
    it(`${f} verifies`, () => {
      const report = verifyPaipu(parseMjlog(readFileSync(join(DIR, f), 'utf8')));
      expect(report.firstMismatch).toBeNull();
      expect(report.status).toBe('ok');
      expect(report.handsOk).toBe(report.hands);
    });
  }
});
