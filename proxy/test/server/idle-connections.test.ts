import { afterAll, describe, expect, it } from 'bun:test';
import { IDLE_SECONDS } from '../../src/listen-options';
import { serveMock, sseFrames, sseResponse } from '../helpers/mock-upstream';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';

/**
 * Who else can reach the port can open connections: a refused one must not be held open for ever
 * (each costs the proxy a descriptor), while a served stream may pause as long as a model thinks.
 * The idle limit is 2 s here instead of IDLE_SECONDS, so the test does not wait half a minute.
 */
const IDLE = 2;
const PAUSE_MS = 5_000;
const frames = sseFrames('after a long think');
const vendor = serveMock(() => sseResponse(frames, async (i) => { if (i === 1) await Bun.sleep(PAUSE_MS); }));
const proxy = harness(configFor({ mm: { url: vendor.url, keys: ['sk-idle-test-key-0001'] } }), { quiet: true });
const listening = proxy.listen({ idleTimeout: IDLE });
const port = Number(new URL(listening.url).port);
afterAll(async () => {
  await listening.stop();
  await vendor.stop();
  removeTempDirs();
});

/** Sends `head` on a raw socket and keeps it open; resolves with what came back once the server closes it. */
function rawExchange(head: string): Promise<string> {
  let answer = '';
  return new Promise((resolve) => {
    void Bun.connect({
      hostname: '127.0.0.1',
      port,
      socket: {
        open(socket) { socket.write(head); },
        data(_socket, data) { answer += data.toString(); },
        close() { resolve(answer); },
      },
    });
  });
}

describe('idle connections', () => {
  it('has an idle limit outside tests', () => {
    expect(IDLE_SECONDS).toBeGreaterThan(0);
    expect(IDLE_SECONDS).toBeLessThanOrEqual(255);
  });

  it('closes a refused keep-alive connection that then sits idle (a web page, a program of another user)', async () => {
    // Without the limit the server never closes it, and the test times out.
    const answer = await rawExchange('GET /v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n\r\n');
    expect(answer).toStartWith('HTTP/1.1 403');
    expect(answer).toContain('forbidden_origin');
  }, 30_000);

  it('keeps a served stream open through a pause longer than the idle limit', async () => {
    const res = await fetch(`${listening.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sonnet', stream: true, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(frames.join(''));
  }, 30_000);
});
