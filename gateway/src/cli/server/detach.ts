import { isProcessAlive, readPidFile } from '@devhub/shared';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { type CliContext, selfArgv } from '../_context';
import { boundAddress, readServerInfo } from './info';

const START_TIMEOUT_MS = 20_000;

/**
 * Starts `server start` again as a detached process (own process group, output to server.log),
 * then waits until it has written its PID file and answers health, or has died.
 */
export async function runDetached({ paths, log }: CliContext, flags: { host?: string; port?: string }): Promise<number> {
  const argv = [...selfArgv(), 'server', 'start'];
  if (flags.host) argv.push('--host', flags.host);
  if (flags.port) argv.push('--port', flags.port);
  // On a first start the state directory does not exist yet (the server makes it, but only once it runs).
  mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  const out = openSync(paths.log, 'a', 0o600);
  const child = Bun.spawn(argv, { stdin: 'ignore', stdout: out, stderr: out, detached: true, env: { ...process.env } });
  closeSync(out);
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || !isProcessAlive(child.pid)) {
      log.error(`the server exited during start (code ${child.exitCode ?? '?'}); last lines of ${paths.log}:\n${tail(paths.log)}`);
      return 1;
    }
    const info = readServerInfo(paths.dir);
    if (readPidFile(paths.pid) === child.pid && info?.pid === child.pid && (await healthy(info.url))) {
      const bound = boundAddress(info.host, info.port);
      const where = bound === info.url ? info.url : `${bound} (every interface; open ${info.url})`;
      log.success(`agentgw started in the background (PID ${child.pid}) on ${where}; log: ${paths.log}`);
      return 0;
    }
    await Bun.sleep(100);
  }
  log.error(`the server did not become ready within ${START_TIMEOUT_MS / 1000} s (PID ${child.pid}); see ${paths.log}`);
  return 1;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
