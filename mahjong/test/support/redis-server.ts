/**
 * A real redis-server (Debian's, /usr/bin/redis-server) for tests: a free port on 127.0.0.1, its
 * own directory, no persistence; stopped with `stop()` (or `await using`).
 */
import { createServer } from 'node:net';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** `port`: a given one (a Redis restarted at the same address), else a free one. */
export async function startRedis(dir: string, at?: number): Promise<RunningRedis> {
  for (let attempt = 0; ; attempt++) {
    const port = at ?? await freePort();
    const proc = Bun.spawn([REDIS_SERVER, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
      stdout: 'pipe', stderr: 'pipe',
    });
    const reader = proc.stdout.getReader();
    let out = '';
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !out.includes('Ready to accept connections')) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
    reader.releaseLock();
    void proc.stdout.pipeTo(new WritableStream()).catch(() => undefined);
    if (out.includes('Ready to accept connections')) {
      const stop = async () => { proc.kill('SIGTERM'); await proc.exited; };
      return { url: `redis://127.0.0.1:${port}`, port, stop, [Symbol.asyncDispose]: stop };
    }
    proc.kill('SIGKILL');
    await proc.exited;
    // Another process took the port between the check and the start: try another one.
    if (attempt >= 3 || at !== undefined) throw new Error(`redis-server did not start:\n${out}`);
  }
}
