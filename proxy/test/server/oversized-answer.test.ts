import { writeFileAtomic } from '@devhub/shared';
import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { configPath } from '../../src/config/paths';
import { MAX_ANSWER_BYTES, MAX_ERROR_BYTES } from '../../src/upstream/read-body';
import { MAX_SSE_EVENT_BYTES } from '../../src/translate/sse';
import { configFor, tempDir, removeTempDirs } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

afterAll(removeTempDirs);

const KEY = 'sk-oversized-test-key-0001';
const MiB = 1024 * 1024;

/**
 * A vendor whose answer never ends: a 200 (or a 500) of chunked JSON that keeps coming, 1 MiB a
 * chunk, until the proxy hangs up or `limit` bytes are sent. Counts what it sent. `stream`: a 200
 * event stream instead, whose first event's data line never ends (no blank line ever comes).
 */
function endlessVendor(status: number, limit: number, stream = false) {
  const sent = { bytes: 0 };
  const server = Bun.listen({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      data(socket, data) {
        if (!data.toString().includes('\r\n\r\n')) return;
        socket.write(`HTTP/1.1 ${status} X\r\ncontent-type: ${stream ? 'text/event-stream' : 'application/json'}\r\ntransfer-encoding: chunked\r\n\r\n`);
        if (stream) socket.write(chunk('event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"'));
        const piece = chunk('x'.repeat(MiB));
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

const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

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

describe('a provider whose stream never ends an event, on a request whose images were removed', () => {
  it(`the note is not waited for past ${MAX_SSE_EVENT_BYTES / MiB} MiB: the client's stream breaks and the proxy stops reading`, async () => {
    const vendor = endlessVendor(200, 4 * MAX_SSE_EVENT_BYTES, true);
    const dir = tempDir();
    writeFileAtomic(configPath(dir), stringify(configFor({ mm: { url: `http://127.0.0.1:${vendor.server.port}`, keys: [KEY] } })));
    const proxy = await spawnProxy(dir);
    try {
      // An image for a text-only model: the proxy adds its note to the answer, so it reads the stream's events.
      const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
      const body = JSON.stringify({ model: 'sonnet', max_tokens: 5, stream: true, messages: [{ role: 'user', content: [image, { type: 'text', text: 'hi' }] }] });
      // The client never gets an answer that looks whole: its connection is closed (before or
      // after the headers) rather than left hanging, and no byte of the unfinished event reaches it.
      let received = 0;
      const outcome = await fetch(`${proxy.url}/v1/messages`, { method: 'POST', body }).then(async (res) => {
        for await (const part of res.body!) received += part.byteLength;
        return 'complete';
      }).catch(() => 'broken');
      expect(outcome).toBe('broken');
      expect(received).toBe(0);
      expect(vendor.sent.bytes).toBeLessThan(MAX_SSE_EVENT_BYTES + 48 * MiB);
      expect(rssMiB(proxy.proc.pid)).toBeLessThan(MAX_SSE_EVENT_BYTES / MiB + 400);
      expect(proxy.output()).not.toContain(KEY);
    } finally {
      expect(await proxy.stop()).toBe(0);
      vendor.server.stop(true);
    }
  }, 60_000);
});
