import { afterAll, describe, expect, it } from 'bun:test';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PRODUCTS } from '../shared/scripts/products';
import { killTmuxServer } from './helpers/tmux';
import { useTempDirs, waitFor } from '../shared/src/testing';

const temp = useTempDirs(afterAll);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `bun run start` with private ports, state dirs and tmux socket; collects its output. With
 * `portsInConfig`, modelproxy and agentgw get their ports from their config.yaml, not the environment.
 */
async function launch(extraEnv: Record<string, string> = {}, { portsInConfig = false } = {}) {
  const home = temp.make('devhub-start-');
  const ports = [await freePort(), await freePort(), await freePort()];
  const socket = `devhub-start-${process.pid}-${ports[0]}`;
  const env: Record<string, string | undefined> = {
    ...process.env, HOME: home, NO_COLOR: '1', LOG_LEVEL: 'info',
    MODELPROXY_DIR: join(home, 'p'), GW_DIR: join(home, 'g'), MAHJONG_DIR: join(home, 'm'),
    GW_TMUX_SOCKET: socket, ...extraEnv,
  };
  PRODUCTS.forEach((product, i) => {
    if (portsInConfig && product.record) { delete env[product.env.host]; delete env[product.env.port]; return; }
    env[product.env.host] = '127.0.0.1';
    env[product.env.port] = String(ports[i]);
  });
  if (portsInConfig) {
    const port = (pkg: string) => ports[PRODUCTS.findIndex((p) => p.pkg === pkg)];
    mkdirSync(env.MODELPROXY_DIR!);
    writeFileSync(join(env.MODELPROXY_DIR!, 'config.yaml'), [
      'config_version: 1',
      `server: { host: 127.0.0.1, port: ${port('proxy')} }`,
      'providers: { vendor: { base_url: "http://127.0.0.1:9", api_keys: [{ key: YOUR_API_KEY }] } }',
      'routes: { timed: [], default: [{ match: ".*", provider: vendor }] }',
    ].join('\n'), { mode: 0o600 });
    mkdirSync(env.GW_DIR!);
    writeFileSync(join(env.GW_DIR!, 'config.yaml'), `api_host: 127.0.0.1\napi_port: ${port('gateway')}\n`);
  }
  // Its own process group, like a shell job: Ctrl-C is then `kill -INT -<pid>`, as a terminal sends it.
  const proc = Bun.spawn([process.execPath, 'run', 'start'], { cwd: join(import.meta.dir, '..'), env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe', detached: true });
  let output = '';
  for (const stream of [proc.stdout, proc.stderr]) {
    void (async () => { for await (const chunk of stream) output += new TextDecoder().decode(chunk); })();
  }
  const healthOf = (i: number) => fetch(`http://127.0.0.1:${ports[i]}${PRODUCTS[i]!.health}`).then((r) => r.status, () => 0);
  const eventually = (condition: () => boolean | Promise<boolean>) => waitFor(condition, 'the start-all run', 30_000, 100).then(() => true, () => false);
  /**
   * Ends the run however the test went. SIGKILL reaches only `bun run`: start-all.ts and the three
   * servers (each in its own process group) would outlive a failed test. SIGTERM lets the launcher
   * stop them; SIGKILL only if it has not ended after 10 s.
   */
  const stop = async () => {
    const signal = (name: NodeJS.Signals) => { try { process.kill(-proc.pid, name); } catch { /* gone */ } };
    signal('SIGTERM');
    const killer = setTimeout(() => signal('SIGKILL'), 10_000);
    await proc.exited;
    clearTimeout(killer);
    await killTmuxServer(socket);
  };
  return { proc, ports, socket, healthOf, eventually, stop, output: () => output };
}

describe('bun run start', () => {
  it('starts all three servers, prints their URLs and stops them all on SIGTERM', async () => {
    const run = await launch();
    try {
      for (const [i] of PRODUCTS.entries()) expect(await run.eventually(async () => (await run.healthOf(i)) === 200)).toBe(true);
      expect(await run.eventually(() => run.ports.every((port) => run.output().includes(`http://127.0.0.1:${port}`)))).toBe(true);
      run.proc.kill('SIGTERM');
      expect(await run.proc.exited).toBe(0);
      expect(run.output()).toContain('all servers stopped');
      for (const [i] of PRODUCTS.entries()) expect(await run.healthOf(i)).toBe(0);
    } finally {
      await run.stop();
    }
  }, 60_000);

  it('stops all three on Ctrl-C (SIGINT to the whole process group) without a stack trace', async () => {
    const run = await launch();
    try {
      for (const [i] of PRODUCTS.entries()) expect(await run.eventually(async () => (await run.healthOf(i)) === 200)).toBe(true);
      expect(await run.eventually(() => run.output().includes('press Ctrl-C to stop'))).toBe(true);
      process.kill(-run.proc.pid, 'SIGINT');
      await run.proc.exited;
      expect(await run.eventually(() => run.output().includes('all servers stopped'))).toBe(true);
      for (const [i] of PRODUCTS.entries()) expect(await run.healthOf(i)).toBe(0);
      expect(run.output()).not.toContain("Elysia isn't running");
      expect(run.output()).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // no stack frame
      expect(run.output()).not.toMatch(/exited with code/);
    } finally {
      await run.stop();
    }
  }, 60_000);

  it('prints the URL a server listens on when its config.yaml sets the port', async () => {
    const run = await launch({}, { portsInConfig: true });
    try {
      for (const [i] of PRODUCTS.entries()) expect(await run.eventually(async () => (await run.healthOf(i)) === 200)).toBe(true);
      expect(await run.eventually(() => run.output().includes('press Ctrl-C to stop'))).toBe(true);
      for (const [i, product] of PRODUCTS.entries()) expect(run.output()).toMatch(new RegExp(`${product.bin} +http://127\\.0\\.0\\.1:${run.ports[i]} `));
      run.proc.kill('SIGTERM');
      expect(await run.proc.exited).toBe(0);
    } finally {
      await run.stop();
    }
  }, 60_000);

  it('keeps the other servers running when one cannot start (gateway without tmux)', async () => {
    // A PATH holding only bun: the gateway refuses to start without tmux.
    const bin = temp.make('devhub-path-');
    symlinkSync(process.execPath, join(bin, 'bun'));
    const run = await launch({ PATH: bin });
    try {
      const gateway = PRODUCTS.findIndex((p) => p.pkg === 'gateway');
      expect(await run.eventually(() => run.output().includes('agentgw exited'))).toBe(true);
      expect(run.output()).toContain('tmux');
      for (const [i] of PRODUCTS.entries()) {
        if (i === gateway) continue;
        expect(await run.eventually(async () => (await run.healthOf(i)) === 200)).toBe(true);
      }
      expect(await run.healthOf(gateway)).toBe(0);
      run.proc.kill('SIGTERM');
      expect(await run.proc.exited).toBe(0);
    } finally {
      await run.stop();
    }
  }, 60_000);
});
