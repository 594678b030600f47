import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { InvalidMjlog, mjlogText, parseMjlog } from '../../../src/engine/game';
import { MJLOG_DATA } from '../../fixtures/data/paths';

const DATA = MJLOG_DATA;
const read = (f: string) => readFileSync(`${DATA}/${f}`, 'utf8');

describe('mjlog parser', () => {
  it('reads a complete game: rules, players, rounds, results and owari', () => {
    const p = parseMjlog(read('double-ron.mjlog'));
    expect(p.type).toBe(169);
    expect(p.rules).toEqual({ redFives: true, openTanyao: true, eastSouth: true, sanma: false });
    expect(p.seed.startsWith('mt19937ar-sha512-n288-base64,')).toBe(true);
    expect(p.rounds).toHaveLength(4);
    expect(p.rounds[0]!.hands.every((h) => h.length === 13)).toBe(true);
    const agari = p.rounds[3]!.events.filter((e) => e.t === 'agari');
    expect(agari.map((e) => e.t === 'agari' && [e.who, e.fromWho])).toEqual([[0, 3], [2, 3]]);
    expect(p.owari?.points.reduce((a, b) => a + b, 0)).toBe(0);
    expect(p.truncated).toBeNull();
  });

  it('marks logs cut mid-hand or before the game end', () => {
    expect(parseMjlog(read('2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog')).truncated).toBe('mid-round');
    expect(parseMjlog(read('2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog')).truncated).toBe('no-game-end');
  });

  it('records disconnections and reconnections', () => {
    const events = parseMjlog(read('2011020415gm-00a9-0000-e037b629.mjlog')).rounds.flatMap((r) => r.events);
    expect(events.some((e) => e.t === 'bye')).toBe(true);
  });

  it('rejects three-player logs with a clear error', () => {
    const sanma = read('double-ron.mjlog').replace('<GO type="169"', '<GO type="185"');
    expect(() => parseMjlog(sanma)).toThrow(/three-player \(sanma\)/);
  });

  it('reports malformed XML with its line and column', () => {
    const bad = '<mjloggm ver="2.3">\n<GO type="169" lobby="0"/>\n<INIT seed="0,0,0,1,1,5" ten="250,250,250,250" oya="0" hai0="1,2"\n</mjloggm>';
    try {
      parseMjlog(bad);
      throw new Error('expected a failure');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidMjlog);
      expect((e as InvalidMjlog).code).toBe('INVALID_MJLOG');
      expect((e as InvalidMjlog).line).toBe(3);
    }
    expect(() => parseMjlog('not xml at all')).toThrow(InvalidMjlog);
    expect(() => parseMjlog('<html><br/></html>')).toThrow(/expected <mjloggm>/);
    expect(() => parseMjlog('<mjloggm><INIT seed="0,0" ten="250" oya="0"/></mjloggm>')).toThrow(InvalidMjlog);
  });

  it('reads gzip input like Tenhou downloads', async () => {
    const text = read('double-ron.mjlog');
    const unzipped = await mjlogText(new Uint8Array(gzipSync(text)));
    expect(unzipped).toBe(text);
  });

  it('reports a damaged gzip stream as INVALID_MJLOG', async () => {
    const zipped = gzipSync(read('double-ron.mjlog'));
    const cut = new Uint8Array(zipped.subarray(0, 40));
    const err = await mjlogText(cut).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidMjlog);
    expect((err as InvalidMjlog).code).toBe('INVALID_MJLOG');
  });

  it('accepts an XML declaration and whitespace between tags (old variants)', () => {
    const text = read('double-ron.mjlog').replace('<mjloggm', '<?xml version="1.0" encoding="UTF-8"?>\n<mjloggm').replace(/></g, '>\n<');
    expect(parseMjlog(text).rounds).toHaveLength(4);
  });
});
