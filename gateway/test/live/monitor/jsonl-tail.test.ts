import { afterAll, describe, expect, it } from 'bun:test';
import { appendFileSync, existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { JsonlTail } from '../../../src/monitor/jsonl-tail';
import { appendEvent, type EventLine, rotatedEventsPath } from '../../../src/hooks/events';

const temp = useTempDirs(afterAll);
const line = (n: number) => `${JSON.stringify({ n })}\n`;

describe('JsonlTail: a transcript line longer than the read window', () => {
  it('is skipped (counted once) and the lines after it are read: the file is still followed', () => {
    const path = join(temp.make('gw-tail-'), 't.jsonl');
    // The default window is 16 MiB: a 17 MiB entry (a huge paste or image) between two small ones.
    writeFileSync(path, line(1) + `${JSON.stringify({ big: 'x'.repeat(17 * 1024 * 1024) })}\n` + line(2));
    const tail = new JsonlTail(path);
    const seen: unknown[] = [];
    let bad = 0;
    for (let i = 0; i < 5; i++) { const r = tail.read(); seen.push(...r.records); bad += r.bad; }
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(bad).toBe(1);
    appendFileSync(path, line(3));
    expect(tail.read().records).toEqual([{ n: 3 }]);
  });

  it('a long line still being written is passed as it grows, then the next lines are read', () => {
    const path = join(temp.make('gw-tail-'), 't.jsonl');
    writeFileSync(path, line(1) + 'y'.repeat(300));
    const tail = new JsonlTail(path);
    expect(tail.read(100).records).toEqual([{ n: 1 }]);
    let records: unknown[] = [];
    for (let i = 0; i < 5; i++) records.push(...tail.read(100).records);
    expect(records).toEqual([]); // a line longer than the window, still being written: passed, never read again
    expect(tail.offset).toBe(Buffer.byteLength(line(1)) + 300);
    appendFileSync(path, `${'y'.repeat(250)}\n${line(2)}`);
    records = [];
    for (let i = 0; i < 10; i++) records.push(...tail.read(100).records);
    expect(records).toEqual([{ n: 2 }]);
    expect(tail.offset).toBe(Buffer.byteLength(line(1)) + 300 + 250 + 1 + Buffer.byteLength(line(2)));
  });

  it('a partial line that fits the window is left for the next poll (the writer is mid-append)', () => {
    const path = join(temp.make('gw-tail-'), 't.jsonl');
    writeFileSync(path, line(1) + '{"n":');
    const tail = new JsonlTail(path);
    expect(tail.read().records).toEqual([{ n: 1 }]);
    expect(tail.read().records).toEqual([]);
    appendFileSync(path, '2}\n');
    expect(tail.read()).toEqual({ records: [{ n: 2 }], bad: 0, truncated: false });
  });
});

describe('events.jsonl rotation: bounded on disk, nothing lost by the follower', () => {
  const event = (n: number): EventLine => ({ ts: new Date(0).toISOString(), event: 'Stop', window_key: 'agentgw:@1', session_id: `s${n}`, data: { n } });
  const ids = (records: unknown[]) => records.map((r) => (r as EventLine).session_id);

  it('lines appended to the old file just before it is rotated are read, then the new file from its start', () => {
    const path = join(temp.make('gw-rot-'), 'events.jsonl');
    const rotateBytes = 400;
    appendEvent(path, event(1), rotateBytes);
    const tail = new JsonlTail(path, JsonlTail.sizeOf(path), rotatedEventsPath(path));
    appendEvent(path, event(2), rotateBytes);
    expect(ids(tail.read().records)).toEqual(['s2']);
    // Between two polls: more lines into the old file, a rotation, lines into the new one.
    let n = 3;
    while (!existsSync(rotatedEventsPath(path)) && n < 50) appendEvent(path, event(n++), rotateBytes);
    expect(existsSync(rotatedEventsPath(path))).toBe(true);
    appendEvent(path, event(n++), rotateBytes);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) seen.push(...ids(tail.read().records));
    expect(seen).toEqual(Array.from({ length: n - 3 }, (_, i) => `s${i + 3}`));
  });

  it('the two files stay under the bound however much is written, and a follower keeps every line', () => {
    const path = join(temp.make('gw-rot-'), 'events.jsonl');
    const rotateBytes = 2_000;
    const tail = new JsonlTail(path, 0, rotatedEventsPath(path));
    const seen: string[] = [];
    for (let n = 1; n <= 300; n++) {
      appendEvent(path, event(n), rotateBytes);
      if (n % 7 === 0) seen.push(...ids(tail.read().records));
      expect(statSync(path).size).toBeLessThanOrEqual(rotateBytes);
    }
    for (let i = 0; i < 3; i++) seen.push(...ids(tail.read().records));
    expect(statSync(rotatedEventsPath(path)).size).toBeLessThanOrEqual(rotateBytes);
    expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => `s${i + 1}`));
  });

  it('an unfinished last line in the rotated file (its writer died) does not stop the new file being read', () => {
    const dir = temp.make('gw-rot-');
    const path = join(dir, 'events.jsonl');
    writeFileSync(path, line(1));
    const tail = new JsonlTail(path, 0, rotatedEventsPath(path));
    expect(tail.read().records).toEqual([{ n: 1 }]);
    appendFileSync(path, '{"n": 2, "cut off');
    renameSync(path, rotatedEventsPath(path));
    writeFileSync(path, line(3));
    const seen: unknown[] = [];
    for (let i = 0; i < 3; i++) seen.push(...tail.read().records);
    expect(seen).toEqual([{ n: 3 }]);
  });
});
