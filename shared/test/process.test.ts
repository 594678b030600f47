import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProcessTimeout, isProcessAlive, readPidFile, removePidFile, run, runningPid, tryRun, writePidFile } from '../src';
import { readUntil, useTempDirs, waitFor } from '../src/testing';

const temp = useTempDirs(afterAll);

describe('process wrapper', () => {
  it('returns stdout, stderr and the exit code of an argv array', async () => {
    const result = await run(['sh', '-c', 'echo out; echo err >&2; exit 3']);
    expect(result).toEqual({ stdout: 'out\n', stderr: 'err\n', exitCode: 3 });
  });
  it('never interprets arguments through a shell', async () => {
    const result = await run(['echo', '$HOME; rm -rf /']);
    expect(result.stdout).toBe('$HOME; rm -rf /\n');
  });
  it('feeds stdin', async () => {
    expect((await run(['cat'], { stdin: 'hello' })).stdout).toBe('hello');
  });
  it('kills a process that outlives its timeout', async () => {
    await expect(run(['sleep', '5'], { timeoutMs: 100 })).rejects.toBeInstanceOf(ProcessTimeout);
  });
  it('reports a missing program as exit code 127 with tryRun', async () => {
    const result = await tryRun(['definitely-not-a-program-xyz']);
    expect(result.exitCode).toBe(127);
  });
});

describe('PID files', () => {
  it('round-trips a live PID and removes a stale one', () => {
    const path = join(temp.make('pid-'), 'server.pid');
    expect(readPidFile(path)).toBeNull();
    writePidFile(path);
    expect(runningPid(path)).toBe(process.pid);
    writePidFile(path, 2 ** 22 + 12345); // above Linux's pid_max: never alive
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
    expect(runningPid(path)).toBeNull();
    expect(readPidFile(path)).toBeNull();
    removePidFile(path);
  });
});

describe('a zombie is not alive', () => {
  it.skipIf(!existsSync('/proc/self'))('isProcessAlive and runningPid treat an exited, unreaped process as gone', async () => {
    // The inner shell exits after its parent became `sleep` (exec), which never reaps it. (Exiting
    // at once, it could be reaped by the outer shell before the exec: then there is no zombie.)
    const parent = Bun.spawn(['sh', '-c', 'sh -c "sleep 1; exit 0" & echo $!; exec sleep 30'], { stdout: 'pipe' });
    try {
      const pid = Number((await readUntil(parent.stdout, /(\d+)\n/))[1]);
      await waitFor(() => readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '));
      expect(isProcessAlive(pid)).toBe(false);
      const path = join(temp.make('pid-'), 'server.pid');
      writePidFile(path, pid);
      expect(runningPid(path)).toBeNull();
    } finally {
      parent.kill('SIGKILL');
      await parent.exited;
    }
  });
});
