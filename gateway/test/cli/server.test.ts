import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from '@devhub/shared';
import { compiledBinary, useTempDirs } from '@devhub/shared/testing';
import { StateFile } from '../../src/state';
import { childEnv, removeSocketFile, socketName, waitFor } from '../helpers/gateway';

let bin = '';
const temp = useTempDirs(afterAll);
const dir = temp.make('agentgw-cli-');
const socket = socketName('cli');
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: process.env.SHELL ?? '/bin/sh', ...childEnv(dir), GW_DIR: dir,
  ...(process.env.TMUX_TMPDIR ? { TMUX_TMPDIR: process.env.TMUX_TMPDIR } : {}),
  GW_TMUX_SOCKET: socket, GW_API_HOST: '127.0.0.1', GW_API_PORT: '0', GW_PROVIDER: 'shell', LOG_LEVEL: 'info',
};

beforeAll(async () => {
  bin = await compiledBinary('gateway', 'agentgw');
}, 120_000);

afterAll(async () => {
  const pid = readPid();
  if (pid) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  await using tmux = Bun.spawn(['tmux', '-L', socket, 'kill-server'], { stdout: 'ignore', stderr: 'ignore' });
  await tmux.exited;
  removeSocketFile(socket);
});

async function agentgw(...args: string[]) {
  await using proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' });
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, out: stdout + stderr };
}

function readPid(): number | null {
  const file = join(dir, 'server.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : null;
}

const serverUrl = () => (JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8')) as { url: string }).url;
// A server that exited but was not reaped yet (its parent here is PID 1) is a zombie: not alive.
const alive = (pid: number) => isProcessAlive(pid);

describe('agentgw server (compiled binary)', () => {
  it('starts detached, reports status, refuses a second start, and stops', async () => {
    const started = await agentgw('server', 'start', '-d');
    expect(started.code).toBe(0);
    const pid = readPid()!;
    expect(started.out).toContain(`(PID ${pid})`);
    expect(alive(pid)).toBe(true);
    expect(await (await fetch(`${serverUrl()}/health`)).json()).toEqual({ status: 'ok' });
    // The web console is inside the binary: its page and its bundled script.
    const page = await (await fetch(`${serverUrl()}/`)).text();
    expect(page).toContain('<title>agentgw console</title>');
    const script = await fetch(`${serverUrl()}${page.match(/<script[^>]+src="([^"]+)"/)![1]}`);
    expect(script.headers.get('content-type')).toStartWith('text/javascript');
    expect(await script.text()).toContain('pane.subscribe');

    const status = await agentgw('server', 'status');
    expect(status.code).toBe(0);
    expect(status.out).toContain('API Server Status');
    expect(status.out).toMatch(/Status:\s+running/);
    expect(status.out).toMatch(new RegExp(`PID:\\s+${pid}`));
    expect(status.out).toContain(`PID file: ${join(dir, 'server.pid')}`);

    const twice = await agentgw('server', 'start', '-d');
    expect(twice.code).toBe(1);
    expect(twice.out).toContain(`already running (PID ${pid})`);
    const serveTwice = await agentgw('serve');
    expect(serveTwice.code).toBe(1);

    const stopped = await agentgw('server', 'stop');
    expect(stopped.code).toBe(0);
    expect(stopped.out).toContain(`stopped (PID ${pid})`);
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);

    const after = await agentgw('server', 'status');
    expect(after.code).toBe(1);
    expect(after.out).toMatch(/Status:\s+stopped/);
    expect((await agentgw('server', 'stop')).out).toContain('not running');
  }, 60_000);

  it('reports and removes a stale PID file', async () => {
    await using dead = Bun.spawn(['true']);
    await dead.exited;
    writeFileSync(join(dir, 'server.pid'), `${dead.pid}\n`);
    const status = await agentgw('server', 'status');
    expect(status.code).toBe(1);
    expect(status.out).toContain('stale PID file');
    expect(status.out).toContain(String(dead.pid));
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
  });

  it('stop sends SIGKILL to a server that does not end on SIGTERM, and removes the PID file', async () => {
    expect((await agentgw('server', 'start', '-d')).code).toBe(0);
    const pid = readPid()!;
    // A stopped process keeps SIGTERM pending, as a hung server would; SIGKILL still ends it.
    process.kill(pid, 'SIGSTOP');
    const stopped = await agentgw('server', 'stop');
    expect(stopped.code).toBe(0);
    expect(stopped.out).toContain('sending SIGKILL');
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
  }, 30_000);

  it('treats a PID file naming another live program as stale, even a `bun … serve`: never signals it, lets start run', async () => {
    // Another program that got the PID of a crashed gateway: here a long-running `bun … serve`, as
    // modelproxy's server is. The gateway's record of itself is still there, naming that PID.
    await using other = Bun.spawn([process.execPath, '-e', 'setInterval(() => {}, 1 << 30)', 'serve'], { stdout: 'ignore', stderr: 'ignore' });
    await waitFor(() => readFileSync(`/proc/${other.pid}/cmdline`, 'utf8').split('\0').includes('serve'), 'the other program to run');
    const leftOver = { pid: other.pid, host: '127.0.0.1', port: 1, url: 'http://127.0.0.1:1', started_at: '2026-01-01T00:00:00.000Z', process_start: '1' };
    const recorded = [() => writeFileSync(join(dir, 'server.json'), JSON.stringify(leftOver)), () => rmSync(join(dir, 'server.json'), { force: true })];
    try {
      for (const record of recorded) {
        record();
        writeFileSync(join(dir, 'server.pid'), `${other.pid}\n`);
        const status = await agentgw('server', 'status');
        expect(status.code).toBe(1);
        expect(status.out).toContain('stale PID file');
        record();
        writeFileSync(join(dir, 'server.pid'), `${other.pid}\n`);
        expect((await agentgw('server', 'stop')).out).toContain('not running');
        expect(alive(other.pid)).toBe(true);
      }
      writeFileSync(join(dir, 'server.json'), JSON.stringify(leftOver));
      writeFileSync(join(dir, 'server.pid'), `${other.pid}\n`);
      expect((await agentgw('server', 'start', '-d')).code).toBe(0);
      expect(readPid()).not.toBe(other.pid);
      expect((await agentgw('server', 'stop')).code).toBe(0);
      expect(alive(other.pid)).toBe(true);
    } finally {
      other.kill('SIGKILL');
    }
  }, 60_000);

  it('status and stop still work when config.yaml was made invalid while the server runs', async () => {
    expect((await agentgw('server', 'start', '-d')).code).toBe(0);
    const pid = readPid()!;
    writeFileSync(join(dir, 'config.yaml'), 'window_width: "wide"\n');
    try {
      const status = await agentgw('server', 'status');
      expect(status.code).toBe(0);
      expect(status.out).toMatch(/Status:\s+running/);
      expect(status.out).toContain('window_width');
      const stopped = await agentgw('server', 'stop');
      expect(stopped.code).toBe(0);
      expect(stopped.out).toContain('invalid configuration');
      expect(stopped.out).toContain(`stopped (PID ${pid})`);
      expect(alive(pid)).toBe(false);
      // Starting is what the config is for: that still refuses it.
      expect((await agentgw('server', 'start', '-d')).code).toBe(2);
    } finally {
      rmSync(join(dir, 'config.yaml'), { force: true });
      if (alive(pid)) {
        process.kill(pid, 'SIGKILL');
        rmSync(join(dir, 'server.pid'), { force: true });
      }
    }
  }, 60_000);

  it('exits 2 with every problem named when the config is invalid', async () => {
    writeFileSync(join(dir, 'config.yaml'), 'status_poll_interval: 0.001\nwindow_width: "x"\n');
    try {
      const res = await agentgw('server', 'start');
      expect(res.code).toBe(2);
      expect(res.out).toContain('status_poll_interval');
      expect(res.out).toContain('window_width');
    } finally {
      rmSync(join(dir, 'config.yaml'));
    }
  });

  it('exits 2 with one line, not a stack trace, for a bad --port (foreground, detached and serve)', async () => {
    for (const args of [['server', 'start', '-p', '99999'], ['server', 'start', '-d', '--port', 'abc'], ['serve', '-p', '-1']]) {
      const res = await agentgw(...args);
      expect(res.code).toBe(2);
      expect(res.out).toMatch(/--port: invalid port "[^"]+": expected an integer 0-65535/);
      expect(res.out).not.toContain(' at ');
      expect(readPid()).toBeNull();
    }
  });

  it('leaves valid state files when killed with SIGKILL in the middle of writes', async () => {
    expect((await agentgw('server', 'start', '-d')).code).toBe(0);
    const pid = readPid()!;
    const url = serverUrl();
    let completed = 0;
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const channel = `kill:${n}:${i}`;
          await fetch(`${url}/api/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: channel, provider: 'shell', work_dir: dir }) });
          await fetch(`${url}/api/v1/sessions/${channel}/verbose`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"enabled":true}' });
          await fetch(`${url}/api/v1/sessions/${channel}`, { method: 'DELETE' });
          completed++;
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = [1, 2, 3, 4].map(worker);
    await waitFor(() => completed >= 12, 'some completed write cycles', 30_000);
    process.kill(pid, 'SIGKILL');
    stop = true;
    await Promise.all(workers);
    await waitFor(() => !alive(pid), 'server killed');

    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
    expect(Value.Check(StateFile, state)).toBe(true);
    const status = await agentgw('server', 'status');
    expect(status.out).toContain('stale PID file');

    // A new server starts on the same state and reconciles it with tmux.
    expect((await agentgw('server', 'start', '-d')).code).toBe(0);
    const sessions = (await (await fetch(`${serverUrl()}/api/v1/sessions`)).json()) as { sessions: unknown[] };
    expect(Array.isArray(sessions.sessions)).toBe(true);
    const reconciled = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as StateFile;
    for (const binding of Object.values(reconciled.bindings)) expect(reconciled.windows[binding.window_id]).toBeDefined();
    expect((await agentgw('server', 'stop')).code).toBe(0);
  }, 90_000);
});
