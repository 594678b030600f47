import { afterAll, describe, expect, it } from 'bun:test';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeStaleTempFiles, writeJsonAtomic } from '../src';
import { useTempDirs } from '../src/testing';

const temp = useTempDirs(afterAll);
const DEAD_PID = 2 ** 22 + 4321; // above Linux's pid_max: never a live process

describe('removeStaleTempFiles', () => {
  it('removes the temp files of writes whose process is gone, and nothing else', () => {
    const dir = temp.make('stale-');
    writeJsonAtomic(join(dir, 'state.json'), { version: 1 });
    const dead = `.state.json.${DEAD_PID}.mx2tam6ee8z8ny.tmp`;
    const mine = `.state.json.${process.pid}.mx2tam6ee8z8ny.tmp`;
    for (const name of [dead, mine, 'notes.tmp', '.other.tmp', `state.json.${DEAD_PID}.abc.tmp`]) writeFileSync(join(dir, name), '{');
    expect(removeStaleTempFiles(dir)).toEqual([dead]);
    expect(readdirSync(dir).sort()).toEqual([mine, '.other.tmp', 'notes.tmp', 'state.json', `state.json.${DEAD_PID}.abc.tmp`].sort());
  });

  it('answers nothing for a folder that does not exist', () => {
    expect(removeStaleTempFiles(join(temp.make('stale-'), 'missing'))).toEqual([]);
  });
});
