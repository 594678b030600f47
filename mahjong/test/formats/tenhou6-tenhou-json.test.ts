/**
 * tenhou.net/6 JSON as Tenhou itself writes it (mjlog2json, e.g. a ranked game's
 * `"rule":{"disp":"特南喰赤","aka53":1,"aka52":1,"aka51":1}` and `"sc":[21100,-19,55000,65,…]`):
 * final scores in points, red fives as aka51/52/53; and as other tools write it (English `disp`).
 */
import { describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { parseLogText } from '../../src/formats';
import { exportTenhou6 } from '../../src/formats/tenhou6/export';
import { typeFromRule } from '../../src/formats/tenhou6/parse';
import { MJLOG_DATA } from '../fixtures/data/paths';

const game = parseMjlog(readFileSync(`${MJLOG_DATA}/2016052515gm-00a9-0000-c4d72066.mjlog`, 'utf8'));

describe('tenhou.net/6 JSON as Tenhou writes it', () => {
  it('writes the final scores in points, as Tenhou does, and reads them back', () => {
    const log = exportTenhou6(game);
    expect(log.sc).toEqual(game.owari!.scores.flatMap((s, i) => [s, game.owari!.points[i]!]));
    expect(log.sc![0]! + log.sc![2]! + log.sc![4]! + log.sc![6]!).toBe(100000);
    expect(parseLogText(JSON.stringify(log)).paipu.owari).toEqual(game.owari);
  });

  it('still reads final scores in hundreds (exports of earlier versions)', () => {
    const log = exportTenhou6(game);
    const old = { ...log, sc: log.sc!.map((x, i) => (i % 2 === 0 ? x / 100 : x)) };
    expect(parseLogText(JSON.stringify(old)).paipu.owari).toEqual(game.owari);
  });

  it("reads red fives from Tenhou's aka51/aka52/aka53 and writes them too", () => {
    const log = exportTenhou6(game);
    expect(log.rule).toMatchObject({ aka: 1, aka51: 1, aka52: 1, aka53: 1 });
    const tenhouRule = { disp: '特南喰赤', aka53: 1, aka52: 1, aka51: 1 };
    expect(typeFromRule(tenhouRule) & 0x02).toBe(0);
    // Another tool's English label: red fives from the keys, open tanyao not denied.
    const english = { disp: 'Gold Room South', aka53: 1, aka52: 1, aka51: 1 };
    expect(typeFromRule(english) & 0x06).toBe(0);
    expect(typeFromRule({ disp: '4-Player East', aka: 1 }) & 0x08).toBe(0);
    expect(typeFromRule({ disp: '般南喰', aka51: 0, aka52: 0, aka53: 0 }) & 0x02).toBe(0x02);
    const { rule: _, ...rest } = log;
    const parsed = parseLogText(JSON.stringify({ ...rest, rule: english })).paipu;
    expect(parsed.rules.redFives).toBe(true);
    expect(parsed.rules.openTanyao).toBe(true);
  });
});
