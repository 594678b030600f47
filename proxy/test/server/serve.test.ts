import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configPath, listenFilePath, pidFilePath } from '../../src/config/paths';
import { tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

afterAll(removeTempDirs);

const CLI = join(import.meta.dir, '../../src/cli/index.ts');

async function runServe(dir: string, args: string[]) {
  await using proc = Bun.spawn(['bun', CLI, 'serve', '--port', '0', ...args], {
    env: { ...process.env, MODELPROXY_DIR: dir, HOME: dir, NO_COLOR: '1', MODELPROXY_HOST: '', MODELPROXY_PORT: '' },
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, output: stdout + stderr };
}

describe('modelproxy serve', () => {
  it('first run writes the default config, listens, writes a pid file and stops cleanly', async () => {
    const dir = tempDir();
    const proxy = await spawnProxy(dir);
    expect(readFileSync(configPath(dir), 'utf8')).toContain('YOUR_API_KEY');
    expect(readFileSync(pidFilePath(dir), 'utf8').trim()).toBe(String(proxy.proc.pid));
    expect((await fetch(`${proxy.url}/health`)).status).toBe(200);
    expect(await proxy.stop()).toBe(0);
    expect(existsSync(pidFilePath(dir))).toBe(false);
  });

  it('run is an alias of serve', async () => {
    const proxy = await spawnProxy(tempDir(), [], 'run');
    expect(await (await fetch(`${proxy.url}/health`)).json()).toEqual({ status: 'ok' });
    expect(await proxy.stop()).toBe(0);
  });

  it('exits 2 with every problem listed when the config is invalid', async () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), 'providers: { a: { base_url: "http://x", api_keys: [] } }\nroutes: { default: [{ match: ".*", provider: b }] }\n');
    const { code, output } = await runServe(dir, []);
    expect(code).toBe(2);
    expect(output).toContain('providers.a.api_keys');
    expect(output).not.toContain('    at ');
  });

  it('says clearly when the state directory cannot be created (exit 1, no stack trace)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'not a folder');
    const { code, output } = await runServe(join(dir, 'file', 'state'), []);
    expect(code).toBe(1);
    expect(output).toContain('cannot create the state directory');
    expect(output).toContain('ENOTDIR');
    expect(output).not.toContain('    at ');
  });

  it('rejects a bad --port with exit 2 and no stack trace', async () => {
    const dir = tempDir();
    for (const args of [['--port', 'abc'], ['--port', '99999']]) {
      const { code, output } = await runServe(dir, args);
      expect(code).toBe(2);
      expect(output).toContain(`invalid port "${args[1]}"`);
      expect(output).not.toContain('    at ');
    }
  });

  it('refuses a non-loopback listen address unless allow_remote is set', async () => {
    const dir = tempDir();
    const { code, output } = await runServe(dir, ['--host', '0.0.0.0']);
    expect(code).toBe(2);
    expect(output).toContain('refusing to listen on 0.0.0.0');
  });

  it('upgrades an unversioned (v0) config before serving, keeping a backup', async () => {
    const dir = tempDir();
    const v0 = 'providers:\n  up:\n    base_url: http://127.0.0.1:9\n    api_keys: [sk-test-0123456789abcdef]\nroutes:\n  - { match: ".*", provider: up }\n';
    writeFileSync(configPath(dir), v0);
    const proxy = await spawnProxy(dir);
    try {
      expect((await fetch(`${proxy.url}/health`)).status).toBe(200);
      const migrated = readFileSync(configPath(dir), 'utf8');
      expect(migrated).toContain('config_version: 1');
      expect(migrated).toContain('key: sk-test-0123456789abcdef');
      expect(readFileSync(`${configPath(dir)}.v0.bak`, 'utf8')).toBe(v0);
      expect(proxy.output()).toContain('migrated');
      expect(proxy.output()).not.toContain('sk-test-0123456789abcdef');
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
  });
  it('refuses a second serve on the same state dir (exit 1) and leaves the first one its pid file', async () => {
    const dir = tempDir();
    const first = await spawnProxy(dir);
    try {
      const { code, output } = await runServe(dir, []);
      expect(code).toBe(1);
      expect(output).toContain(`modelproxy is already running with ${dir} (pid ${first.proc.pid}, ${first.url})`);
      expect(readFileSync(pidFilePath(dir), 'utf8').trim()).toBe(String(first.proc.pid));
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 60_000);

  it('starts over a stale record whose address answers nothing', async () => {
    const dir = tempDir();
    // A live pid (this test process) but nothing listening at the recorded port: left by a crash, pid reused.
    writeFileSync(pidFilePath(dir), `${process.pid}\n`);
    writeFileSync(listenFilePath(dir), JSON.stringify({ pid: process.pid, host: '127.0.0.1', port: 1 }));
    const proxy = await spawnProxy(dir);
    expect(readFileSync(pidFilePath(dir), 'utf8').trim()).toBe(String(proxy.proc.pid));
    expect(await proxy.stop()).toBe(0);
  }, 60_000);
});
