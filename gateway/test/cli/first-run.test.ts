import { afterAll, describe, expect, it } from 'bun:test';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTempDirs } from '@devhub/shared/testing';
import { VERSION } from '../../src/version';
import { childEnv, removeSocketFile, socketName } from '../helpers/gateway';

const temp = useTempDirs(afterAll);
const root = join(import.meta.dir, '..', '..', '..');

/** The README's first commands, run from a fresh checkout where nothing is on PATH but bun and tmux. */
function run(args: string[], env: Record<string, string>, cwd = root) {
  return Bun.spawn([process.execPath, 'run', ...args], {
    cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: process.env.SHELL ?? '/bin/sh', ...env }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe', detached: true,
  });
}

describe('first commands from the repository', () => {
  it('`bun run agentgw …` passes its arguments to the CLI, from the root and from gateway/', async () => {
    for (const cwd of [root, join(root, 'gateway')]) {
      const proc = run(['agentgw', '--version'], {}, cwd);
      const [code, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()]);
      expect(code).toBe(0);
      expect(out.trim()).toBe(VERSION);
    }
  });

  it('`bun run gateway …` is `agentgw serve …` with the arguments passed on', async () => {
    const proc = run(['gateway', '--help'], {});
    const [code, out] = await Promise.all([proc.exited, new Response(proc.stdout).text()]);
    expect(code).toBe(0);
    expect(out).toContain('USAGE agentgw serve');
    expect(out).toContain('--port');
  });

  it('the start-up log names the address actually bound (every interface) and the one to open', async () => {
    const dir = temp.make('agentgw-first-');
    const socket = socketName('first');
    // A config.yaml written by hand with the usual 0644: it holds the key, so the start says to fix its mode.
    writeFileSync(join(dir, 'config.yaml'), 'api_key: first-run-key-0123456789\n', { mode: 0o644 });
    chmodSync(join(dir, 'config.yaml'), 0o644);
    const proc = run(['agentgw', 'serve', '--host', '0.0.0.0', '--port', '0'], { ...childEnv(dir), GW_DIR: dir, GW_TMUX_SOCKET: socket, GW_PROVIDER: 'shell', NO_COLOR: '1' });
    let output = '';
    for (const stream of [proc.stdout, proc.stderr]) void (async () => { for await (const c of stream) output += new TextDecoder().decode(c); })();
    try {
      const deadline = Date.now() + 30_000;
      while (!/listening on/.test(output) && Date.now() < deadline && proc.exitCode === null) await Bun.sleep(50);
      const match = output.match(/listening on http:\/\/0\.0\.0\.0:(\d+) \(every interface; open http:\/\/127\.0\.0\.1:(\d+)/);
      expect(match, output).not.toBeNull();
      expect(match![1]).toBe(match![2]!);
      expect((await fetch(`http://127.0.0.1:${match![1]}/health`)).status).toBe(200);
      expect(output).toContain(`${join(dir, 'config.yaml')} is readable by every user of this machine (mode 644) and holds api_key; run: chmod 600`);
      expect(output).not.toContain('first-run-key-0123456789');
    } finally {
      process.kill(-proc.pid, 'SIGINT');
      await proc.exited;
      await Bun.spawn(['tmux', '-L', socket, 'kill-server'], { stdout: 'ignore', stderr: 'ignore', env: { ...process.env, ...childEnv(dir) } }).exited;
      removeSocketFile(socket);
    }
  });

  it("the README's first commands: `bun run agentgw server start -d`, health, `server stop`", async () => {
    const dir = temp.make('agentgw-first-d-');
    const socket = socketName('first-d');
    // As on a fresh machine: no GW_DIR, and ~/.agentgw does not exist yet.
    const env = { ...childEnv(dir), GW_TMUX_SOCKET: socket, GW_PROVIDER: 'shell', NO_COLOR: '1' };
    const out = async (proc: ReturnType<typeof run>) => {
      const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
      return { code, text: stdout + stderr };
    };
    try {
      const started = await out(run(['agentgw', 'server', 'start', '-d', '--host', '0.0.0.0', '--port', '0'], env));
      expect(started.code).toBe(0);
      const match = started.text.match(/started in the background \(PID \d+\) on http:\/\/0\.0\.0\.0:(\d+) \(every interface; open http:\/\/127\.0\.0\.1:(\d+)\)/);
      expect(match, started.text).not.toBeNull();
      expect((await fetch(`http://127.0.0.1:${match![2]}/health`)).status).toBe(200);
      const stopped = await out(run(['agentgw', 'server', 'stop'], env));
      expect(stopped.code).toBe(0);
    } finally {
      await out(run(['agentgw', 'server', 'stop'], env));
      await Bun.spawn(['tmux', '-L', socket, 'kill-server'], { stdout: 'ignore', stderr: 'ignore', env: { ...process.env, ...childEnv(dir) } }).exited;
      removeSocketFile(socket);
    }
  }, 60_000);
});
