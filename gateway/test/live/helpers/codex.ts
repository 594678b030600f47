import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig } from '../../../src/config';
import { childEnv, type TestEnv } from '../../helpers/gateway';
import type { MockOpenAI } from './mock-openai';

/** The real Codex CLI from npm (@openai/codex, a dev dependency; a native binary per platform). */
export const CODEX = join(import.meta.dir, '../../../node_modules/.bin/codex');
export const codexAvailable = existsSync(CODEX) && Bun.spawnSync([CODEX, '--version'], { env: { ...process.env, HOME: '/nonexistent' } }).exitCode === 0;

/**
 * A gateway config running the CLI as agent_b with its home in the test's dir: `config.toml` sends
 * it to the Responses API mock as a custom provider, asking before commands that need more than the
 * sandbox (approval policy on-request).
 */
export function codexSetup(env: TestEnv, mock: MockOpenAI, overrides: Record<string, unknown> = {}): { config: GatewayConfig; tmuxEnv: Record<string, string> } {
  const home = join(env.dir, '.codex');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.toml'), [
    'model = "gpt-5-codex"', 'model_provider = "mock"', 'approval_policy = "on-request"', 'sandbox_mode = "workspace-write"', 'check_for_update_on_startup = false', '',
    '[model_providers.mock]', 'name = "mock"', `base_url = "${mock.url}"`, 'wire_api = "responses"', 'env_key = "OPENAI_API_KEY"', '',
  ].join('\n'));
  const config = env.config({
    monitor_poll_interval: 0.2, status_poll_interval: 0.2, enter_delay_ms: 400, window_width: 120, window_height: 40,
    providers: { agent_b: { command: CODEX, yolo_flags: '--dangerously-bypass-approvals-and-sandbox' } },
    ...overrides,
  });
  return { config, tmuxEnv: { ...childEnv(env.dir), CODEX_HOME: home, OPENAI_API_KEY: 'sk-offline-test-key' } };
}

/**
 * Codex (0.171.0) puts its app-server daemon's sockets in /tmp/codex-daemon-<uid>/, whatever TMPDIR
 * says, and leaves them there when the daemon is killed: two sockets and two locks per run. Call
 * before starting Codex; the function it returns, called after the daemon was reaped, removes the
 * sockets that appeared since and that nothing listens on any more (a daemon of the user's own
 * Codex, started meanwhile, keeps its socket), and the folder if that left it empty. A daemon
 * just sent SIGKILL may still hold its socket for a moment: each is given 2 s to close.
 */
export function codexDaemonLeftovers(): () => Promise<void> {
  const dir = join('/tmp', `codex-daemon-${process.getuid?.() ?? 0}`);
  const before = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return async () => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (before.has(name) || name.endsWith('.lock')) continue;
      const socket = join(dir, name);
      if (await stillListening(socket, 2_000)) continue;
      rmSync(socket, { force: true });
      rmSync(`${socket}.lock`, { force: true });
    }
    try { rmdirSync(dir); } catch { /* not empty: the user's own daemons */ }
  };
}

async function stillListening(socket: string, graceMs: number): Promise<boolean> {
  const deadline = Date.now() + graceMs;
  while (await listening(socket)) {
    if (Date.now() >= deadline) return true;
    await Bun.sleep(100);
  }
  return false;
}

async function listening(socket: string): Promise<boolean> {
  try {
    const connection = await Bun.connect({ unix: socket, socket: { data() {} } });
    connection.end();
    return true;
  } catch {
    return false;
  }
}
