import { describe, expect, it } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTS } from '../shared/scripts/products';
import { killTmuxServer } from './helpers/tmux';

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

describe('bun run start', () => {
  it('starts all three servers, prints their URLs and stops them all on SIGTERM', async () => {
    const home = mkdtempSync(join(tmpdir(), 'devhub-start-'));
    const ports = [await freePort(), await freePort(), await freePort()];
    const env: Record<string, string | undefined> = {
      ...process.env, HOME: home, NO_COLOR: '1', LOG_LEVEL: 'info',
      MODELPROXY_DIR: join(home, 'p'), GW_DIR: join(home, 'g'), MAHJONG_DIR: join(home, 'm'),
      GW_TMUX_SOCKET: `devhub-start-${process.pid}`,
    };
    PRODUCTS.forEach((product, i) => {
      env[product.env.host] = '127.0.0.1';
      env[product.env.port] = String(ports[i]);
    });
    await using proc = Bun.spawn(['bun', 'run', 'start'], { cwd: join(import.meta.dir, '..'), env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });

    for (const [i, product] of PRODUCTS.entries()) {
      let status = 0;
      for (let attempt = 0; attempt < 200 && status !== 200; attempt++) {
        status = await fetch(`http://127.0.0.1:${ports[i]}${product.health}`).then((r) => r.status, () => 0);
        if (status !== 200) await Bun.sleep(100);
      }
      expect(status).toBe(200);
    }
    // Give the launcher a bounded moment to print the URL lines, then stop it.
    let output = '';
    const reader = proc.stdout.getReader();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !PRODUCTS.every((_p, i) => output.includes(`:${ports[i]}`)) ) {
      const chunk = await Promise.race([reader.read(), Bun.sleep(500).then(() => null)]);
      if (chunk && !chunk.done) output += new TextDecoder().decode(chunk.value);
    }
    for (const [i] of PRODUCTS.entries()) expect(output).toContain(`http://127.0.0.1:${ports[i]}`);

    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    await killTmuxServer(env.GW_TMUX_SOCKET!);
    for (const port of ports) {
      const up = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
      expect(up).toBe(false);
    }
  }, 60_000);
});
