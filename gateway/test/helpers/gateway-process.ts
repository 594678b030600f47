import { join } from 'node:path';
import { waitFor } from '@devhub/shared/testing';
import { childEnv, type TestEnv } from './gateway';

const CLI = join(import.meta.dir, '../../src/cli/index.ts');

/** `agentgw serve` as a real child process, as a user or a service manager runs it. */
export interface GatewayProcess {
  proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>;
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** SIGKILL, as a crash or the OOM killer would: no shutdown code runs. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts `bun src/cli/index.ts serve` for the test env: its GW_DIR and HOME are the env's dir (so
 * the tmux server it starts, and every window, get that HOME and a TMPDIR inside it), its tmux
 * socket the env's, port 0; `extraEnv` reaches the windows too (e.g. ANTHROPIC_BASE_URL). Resolves
 * once it printed the URL it listens on.
 */
export async function spawnGateway(env: TestEnv, extraEnv: Record<string, string> = {}): Promise<GatewayProcess> {
  const proc = Bun.spawn(['bun', CLI, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin', SHELL: process.env.SHELL ?? '/bin/bash', TERM: 'xterm-256color',
      ...childEnv(env.dir), GW_DIR: env.dir, GW_TMUX_SOCKET: env.socket, GW_API_HOST: '127.0.0.1', GW_API_PORT: '0',
      LOG_LEVEL: 'info', NO_COLOR: '1', ...(process.env.TMUX_TMPDIR ? { TMUX_TMPDIR: process.env.TMUX_TMPDIR } : {}), ...extraEnv,
    },
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  });
  let text = '';
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  const drained = Promise.all([drain(proc.stdout), drain(proc.stderr)]);
  const url = await waitFor(() => {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`agentgw serve exited (${proc.exitCode ?? proc.signalCode}):\n${text}`);
    return text.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
  }, 'agentgw serve to listen', 30_000).catch((error) => {
    proc.kill('SIGKILL');
    throw error;
  });
  const ended = async () => { await proc.exited; await drained; };
  return {
    proc,
    url,
    output: () => text,
    kill9: async () => { proc.kill('SIGKILL'); await ended(); },
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await ended();
      clearTimeout(timer);
    },
  };
}
