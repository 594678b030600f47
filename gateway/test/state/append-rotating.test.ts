import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { appendRotating, rotatedPath } from '../../src/state/append-rotating';

const temp = useTempDirs(afterAll, 'gw-append-');

describe('appending lines to events.jsonl and hook.log', () => {
  it('starts on a new line after a torn last line (a hook killed mid-write), so the next line is not lost', () => {
    const path = join(temp.make(), 'events.jsonl');
    writeFileSync(path, '{"event":"Stop"}\n{"event":"Sto');
    appendRotating(path, '{"event":"Notification"}\n', 1 << 20);
    appendRotating(path, '{"event":"Stop"}\n', 1 << 20);
    expect(readFileSync(path, 'utf8')).toBe('{"event":"Stop"}\n{"event":"Sto\n{"event":"Notification"}\n{"event":"Stop"}\n');
  });

  it('moves a full file to .1 and starts a new one between whole lines', () => {
    const path = join(temp.make(), 'events.jsonl');
    appendRotating(path, 'a'.repeat(10) + '\n', 16);
    appendRotating(path, 'b'.repeat(10) + '\n', 16);
    expect(readFileSync(rotatedPath(path), 'utf8')).toBe(`${'a'.repeat(10)}\n`);
    expect(readFileSync(path, 'utf8')).toBe(`${'b'.repeat(10)}\n`);
  });
});
