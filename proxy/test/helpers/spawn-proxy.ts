import { join } from 'node:path';
import { waitFor } from '@devhub/shared/testing';

const CLI = join(import.meta.dir, '../../src/cli/index.ts');

export interface ProxyProcess {
  url: string;
  proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<number>;
}

/** Runs `modelproxy serve --port 0` (or its alias) as a real process with its own state dir; resolves once it listens. */
export async function spawnProxy(dir: string, args: string[] = [], command: 'serve' | 'run' = 'serve'): Promise<ProxyProcess> {
  const proc = Bun.spawn(['bun', CLI, command, '--port', '0', ...args], {
    env: { ...process.env, MODELPROXY_DIR: dir, HOME: dir, LOG_LEVEL: 'info', NO_COLOR: '1', MODELPROXY_HOST: '', MODELPROXY_PORT: '' },
    stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  });
  let text = '';
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  void drain(proc.stdout);
  void drain(proc.stderr);
  let url = '';
  await waitFor(() => {
    if (proc.exitCode !== null) throw new Error(`proxy exited with ${proc.exitCode}: ${text}`);
    url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? '';
    return url !== '';
  }, 'the proxy to listen', 20_000);
  return {
    url, proc,
    output: () => text,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return proc.exited;
    },
  };
}
