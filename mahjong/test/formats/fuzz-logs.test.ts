import { describe, expect, it } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAppError } from '@devhub/shared';
import { parseMjlog } from '../../src/engine/mjlog/parse';
import { exportLog, parseLogText } from '../../src/formats';
import { stepsFor } from '../../src/modules/replay/service';
import { MJLOG_DATA } from '../fixtures/data/paths';

// Seeded fuzzing of the three log formats a user uploads (real Tenhou logs, and the same games
// exported as tenhou.net/6 and mjai): spans cut or repeated, numbers replaced by odd values or
// other tiles, field names swapped. Whatever comes in, reading and replaying it either works or
// fails with an error value that has a code and a 4xx status — the answer the server sends — never
// an exception of the parser's own (a TypeError would be a 500).

/** splitmix32, as everywhere in this repository's seeded tests. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return Math.floor((((z ^ (z >>> 16)) >>> 0) / 4294967296) * n);
  };
}

const ODD_NUMBERS = ['0', '-1', '999999999999', '1e309', 'NaN', '136', '135', '-0', '3.5', '34', '4294967296', '', '"x"', 'null', '[]', '{}'];
const FIELD_NAMES = ['"type"', '"actor"', '"pai"', '"log"', '"x"'];

function mangle(int: (n: number) => number, text: string): string {
  const at = int(text.length);
  const end = Math.min(text.length, at + int(100));
  const kind = int(6);
  if (kind === 0) return text.slice(0, at) + text.slice(end);
  if (kind === 1) return text.slice(0, end) + text.slice(at, end) + text.slice(end);
  const pattern = kind === 5 ? /"[a-z_]+"/g : /-?\d+/g;
  const found = [...text.matchAll(pattern)];
  if (found.length === 0) return text;
  const m = found[int(found.length)]!;
  const by = kind === 5 ? FIELD_NAMES[int(FIELD_NAMES.length)]! : kind === 4 ? String(int(140)) : ODD_NUMBERS[int(ODD_NUMBERS.length)]!;
  return text.slice(0, m.index) + by + text.slice(m.index! + m[0].length);
}

describe('mangled logs', () => {
  it('are read and replayed, or refused with a coded 4xx error: never a parser exception', () => {
    const int = random(20261129);
    const logs = readdirSync(MJLOG_DATA).filter((f) => f.endsWith('.mjlog')).sort().slice(0, 20).map((f) => parseMjlog(readFileSync(join(MJLOG_DATA, f), 'utf8')));
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    for (let n = 0; n < 300; n++) {
      const paipu = logs[int(logs.length)]!;
      const format = (['xml', 'tenhou6', 'mjai'] as const)[int(3)]!;
      let text = exportLog(paipu, format);
      for (let times = 1 + int(2); times > 0; times--) text = mangle(int, text);
      let outcome: string;
      try {
        stepsFor({ paipu: parseLogText(text).paipu } as Parameters<typeof stepsFor>[0]);
        outcome = 'replayed';
      } catch (error) {
        const status = isAppError(error) ? (error as { status: number }).status : 0;
        outcome = status >= 400 && status < 500 ? `refused ${(error as { code: string }).code}` : 'thrown';
        if (outcome === 'thrown') failures.push(`#${n} ${format}: ${(error as Error).name}: ${(error as Error).message.slice(0, 200)}`);
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(failures).toEqual([]);
    // The run reaches both ends: logs that still replay, and refusals of several kinds.
    expect(outcomes.get('replayed')).toBeGreaterThan(30);
    expect([...outcomes.keys()].filter((k) => k.startsWith('refused ')).length).toBeGreaterThanOrEqual(3);
  });
});
