import { afterAll, describe, expect, it } from 'bun:test';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { JsonlTail } from '../../../src/monitor/jsonl-tail';

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
