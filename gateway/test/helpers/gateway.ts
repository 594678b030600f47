import { mkdirSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@devhub/shared';
import { TempDirs } from '@devhub/shared/testing';
import { resolveGatewayConfig, type GatewayConfig } from '../../src/config';
import { createApp, type AppDeps } from '../../src/app';
import { Gateway, type GatewayFeatures } from '../../src/runtime';
import { type RunningServer, startServer } from '../../src/server';
import { Tmux } from '../../src/tmux';

export { waitFor } from '@devhub/shared/testing';

export const quietLog = createLogger('gateway-test', -999);
const dirs = new TempDirs('agentgw-test-');

let counter = 0;

/** A unique tmux socket name for one test file (tests run in parallel). */
export function socketName(label: string): string {
  return `agentgw-test-${label}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * The environment of processes a test starts in `dir` (the tmux server and every window's shell,
 * a compiled binary, an assistant): HOME is `dir`, and TMPDIR a folder inside it, so what they
 * put in the temp dir (Claude Code's `claude-<uid>/` and `cc-socks/`, a compiled binary's unpacked
 * `.bun-*.node`) is removed with `dir` instead of staying in /tmp.
 */
export function childEnv(dir: string): Record<string, string> {
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  return { HOME: dir, TMPDIR: tmp, CLAUDE_CODE_TMPDIR: tmp };
}

/** tmux can leave its socket file behind after kill-server; tests leave nothing in /tmp. */
export function removeSocketFile(socket: string): void {
  const base = process.env.TMUX_TMPDIR || '/tmp';
  rmSync(join(base, `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
}

export interface TestEnv {
  dir: string;
  socket: string;
  config: (overrides?: Record<string, unknown>, env?: Record<string, string>) => GatewayConfig;
  tmux: () => Tmux;
  cleanup: () => Promise<void>;
}

/** A temporary GW_DIR and a private tmux server; `cleanup` kills the server and removes the dir. */
export function testEnv(label: string): TestEnv {
  const dir = dirs.make(`agentgw-${label}-`);
  const socket = socketName(label);
  const config = (overrides: Record<string, unknown> = {}, env: Record<string, string> = {}) =>
    resolveGatewayConfig(
      { tmux_socket: socket, enter_delay_ms: 50, api_host: '127.0.0.1', api_port: 0, default_provider: 'shell', ...overrides },
      { env: { HOME: dir, ...env }, homeDir: dir, file: join(dir, 'config.yaml') },
    );
  const tmux = () => Tmux.fromConfig(config(), childEnv(dir));
  return {
    dir,
    socket,
    config,
    tmux,
    cleanup: async () => {
      await tmux().killServer();
      removeSocketFile(socket);
      // An assistant killed with its tmux server still runs its exit hooks (`agentgw hook`, whose
      // HOME is this dir): let them finish, or kill them, before removing the dir they would recreate.
      await reapProcessesIn(dir);
      dirs.remove(dir);
    },
  };
}

/** PIDs of processes whose working directory is inside `dir` (Linux /proc; none elsewhere). */
export function processesIn(dir: string): number[] {
  let entries: string[];
  try { entries = readdirSync('/proc'); } catch { return []; }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) pids.push(Number(entry));
    } catch { /* gone, or not ours to read */ }
  }
  return pids;
}

/** Waits (bounded) for the processes working inside `dir` to exit, then SIGKILLs any left. */
export async function reapProcessesIn(dir: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (processesIn(dir).length > 0 && Date.now() < deadline) await Bun.sleep(100);
  for (const pid of processesIn(dir)) try { process.kill(pid, 'SIGKILL'); } catch { /* exited meanwhile */ }
}

export async function startTestServer(config: GatewayConfig, extra: Partial<Parameters<typeof startServer>[0]> = {}): Promise<RunningServer> {
  return startServer({ config, log: quietLog, tmuxEnv: childEnv(config.home_dir), ...extra });
}

/** A started gateway and its app, for `app.handle(new Request(...))` tests without a socket. */
export async function startTestApp(config: GatewayConfig, deps: Omit<Partial<AppDeps>, 'gateway'> & GatewayFeatures = {}) {
  const { services, screenshot, ...appDeps } = deps;
  const gateway = new Gateway(config, { log: appDeps.log ?? quietLog, tmuxEnv: childEnv(config.home_dir), services, screenshot });
  await gateway.start();
  const app = createApp({ gateway, log: quietLog, ...appDeps });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await app.handle(new Request(`http://localhost${path}`, init));
    const text = await res.text();
    let json: any;
    try { json = JSON.parse(text); } catch { json = text; }
    return { status: res.status, body: json, headers: res.headers };
  };
  return { gateway, app, call };
}

/**
 * Runs every teardown step even when an earlier one throws (a failed server stop must never leave
 * a tmux server or temp dir behind), then rethrows the first failure.
 */
export async function teardown(...steps: Array<(() => unknown) | undefined | null | false>): Promise<void> {
  let first: unknown;
  for (const step of steps) {
    if (!step) continue;
    try { await step(); } catch (error) { first ??= error; }
  }
  if (first) throw first;
}
