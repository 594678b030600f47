import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { listenFilePath, pidFilePath } from '../../src/config/paths';
import { waitFor } from '@devhub/shared/testing';
import { removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';
import { cli } from '../cli/helpers';

afterAll(removeTempDirs);

describe('modelproxy service reload and a PID file left by a crash', () => {
  it('signals the running proxy, and after a kill -9 never signals the program that got its PID', async () => {
    const dir = tempDir();
    const env = { HOME: dir, MODELPROXY_DIR: dir, NO_COLOR: '1' };
    const proxy = await spawnProxy(dir);
    try {
      const r = await cli(['service', 'reload'], env);
      expect({ code: r.code, stdout: r.stdout.trim() }).toEqual({ code: 0, stdout: `reload signal sent to pid ${proxy.proc.pid}` });
      await waitFor(() => proxy.output().includes('config reloaded'), 'the reload', 10_000);
    } finally {
      proxy.proc.kill('SIGKILL');
      await proxy.proc.exited;
    }
    // modelproxy.pid and listen.json stay behind; their PID now belongs to an unrelated program.
    await using victim = Bun.spawn(['sleep', '300'], { stdout: 'ignore', stderr: 'ignore' });
    const listen = JSON.parse(readFileSync(listenFilePath(dir), 'utf8')) as Record<string, unknown>;
    writeFileSync(pidFilePath(dir), `${victim.pid}\n`);
    writeFileSync(listenFilePath(dir), JSON.stringify({ ...listen, pid: victim.pid }));
    const r = await cli(['service', 'reload'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`names pid ${victim.pid}, which is not the proxy that wrote it (left by a crash); nothing was signalled`);
    // A SIGUSR1 sent earlier would be delivered first and kill it with that signal instead.
    victim.kill('SIGTERM');
    await victim.exited;
    expect(victim.signalCode).toBe('SIGTERM');
  }, 60_000);
});
