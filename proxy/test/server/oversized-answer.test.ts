import { writeFileAtomic } from '@devhub/shared';
import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { configPath } from '../../src/config/paths';
import { MAX_ANSWER_BYTES, MAX_ERROR_BYTES } from '../../src/upstream/read-body';
import { configFor, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

afterAll(removeTempDirs);

const KEY = 'sk-oversized-test-key-0001';
const MiB = 1024 * 1024;

/**
 * A vendor whose non-streaming answer never ends: a 200 (or a 500) of chunked JSON that keeps
 * coming, 1 MiB a chunk, until the proxy hangs up or `limit` bytes are sent. Counts what it sent.
 */
function endlessVendor(status: number, limit: number) {
  const sent = { bytes: 0 };
  const server = Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      data(socket, data) {
        if (!data.toString().includes('\r\n\r\n')) return;
        socket.write(`HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`);
        const piece = `${(MiB).toString(16)}\r\n${'x'.repeat(MiB)}\r\n`;
        let rest = '';
        const more = () => {
          for (;;) {
            if (!rest) {
              if (sent.bytes >= limit) { socket.end(); return; }
              rest = piece;
              sent.bytes += MiB;
            }
            const n = socket.write(rest);
            rest = rest.slice(Math.max(0, n));
            if (rest) return; // the rest when the socket drains
          }
        };
        (socket as unknown as { more: () => void }).more = more;
        more();
      },
      drain(socket) { (socket as unknown as { more?: () => void }).more?.(); },
      error() {},
    },
  });
  return { server, sent };
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('a provider whose answer never ends', () => {
  for (const [what, status, bound] of [['a 200 answer', 200, MAX_ANSWER_BYTES], ['an error body', 500, MAX_ERROR_BYTES]] as const) {
    it(`${what}: the client gets 502 upstream_broken once the proxy has read ${bound / MiB} MiB, and the proxy stops reading`, async () => {
      const vendor = endlessVendor(status, 4 * MAX_ANSWER_BYTES);
      const dir = tempDir();
      writeFileAtomic(configPath(dir), stringify(configFor({ mm: { url: `http://127.0.0.1:${vendor.server.port}`, keys: [KEY] } })));
      const proxy = await spawnProxy(dir);
      try {
        const res = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ model: 'sonnet', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }) });
        const body = (await res.json()) as { error: { code?: string; message: string } };
        expect(res.status).toBe(502);
        expect(body.error.message).toContain(`bytes the proxy reads`);
        // It stopped reading soon after the bound (socket buffers hold a few MiB more), and holds no copy of it.
        expect(vendor.sent.bytes).toBeLessThan(bound + 48 * MiB);
        expect(rssMiB(proxy.proc.pid)).toBeLessThan(bound / MiB + 400);
        expect(proxy.output()).not.toContain(KEY);
      } finally {
        expect(await proxy.stop()).toBe(0);
        vendor.server.stop(true);
      }
    }, 60_000);
  }
});
