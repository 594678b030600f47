import { waitFor } from '@devhub/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { messageResponse, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';
import { CLIENT_WATCH_MS } from '../../src/upstream/fallback';

// A hung key whose client gives up first: Claude Code's non-streaming timeout (600 s) equals our
// upstream_timeout, so our own timer never fires and only the client's abort tells us.
const KEY_1 = 'sk-hung-key-0001';
const KEY_2 = 'sk-healthy-key-0002';
const ask = { model: 'claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await startMockUpstream(() => messageResponse('ok'));
});
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});

/** Key 1 never answers (for a streaming or a plain request); key 2 answers at once. */
function hungFirstKey() {
  upstream.requests.length = 0;
  upstream.handle((r) => {
    if (r.key === KEY_1) return new Promise<Response>(() => {});
    return JSON.parse(r.body).stream ? sseResponse(sseFrames('from key 2')) : messageResponse('from key 2');
  });
}

/** A real proxy on port 0; `grace` is server.client_abort_grace, upstream_timeout stays 600 s. */
function proxyWith(grace?: number) {
  const h = harness(configFor({ mm: { url: upstream.url, keys: [KEY_1, KEY_2] } }, grace === undefined ? {} : { server: { client_abort_grace: grace } }));
  return { h, server: h.listen() };
}

const send = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });

/** A client whose timeout is shorter than ours: it gives up while key 1 is still silent. */
async function clientGivesUp(url: string, body: unknown) {
  const client = new AbortController();
  const pending = send(url, body, client.signal);
  await waitFor(() => upstream.requests.some((r) => r.key === KEY_1), 'the request to reach key 1');
  client.abort(new Error('client timeout'));
  await expect(pending).rejects.toThrow();
}

describe('a key that never answered before the client gave up', () => {
  for (const stream of [false, true]) {
    it(`counts as failed: the next request is served by key 2 first (${stream ? 'streaming' : 'non-streaming'})`, async () => {
      hungFirstKey();
      const { h, server } = proxyWith(0);
      try {
        await clientGivesUp(server.url, { ...ask, stream });
        // The abandoned request is recorded once its attempts ended (after the key was marked).
        await waitFor(async () => (await h.logLines()).length === 1, 'the abandoned request in requests.jsonl');
        upstream.requests.length = 0;
        const res = await send(server.url, { ...ask, stream });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-modelproxy-key')).toBe('mm#2');
        expect(res.headers.get('x-modelproxy-attempts')).toBe('1');
        expect(await res.text()).toContain(stream ? '"text":"key 2"' : 'from key 2');
        expect(upstream.requests.map((r) => r.key)).toEqual([KEY_2]);
      } finally {
        await server.stop();
      }
    });
  }

  it('a quick cancel (within server.client_abort_grace, 30 s by default) does not count against the key', async () => {
    hungFirstKey();
    const { h, server } = proxyWith();
    try {
      await clientGivesUp(server.url, { ...ask, stream: true });
      await waitFor(async () => (await h.logLines()).length === 1, 'the cancelled request in requests.jsonl');
      // The client gave up: 499 (client closed request), not a 502 the proxy never sent.
      expect((await h.logLines())[0]).toMatchObject({ status: 499, completed: false });
      upstream.handle(() => messageResponse('key 1 is fine'));
      const res = await send(server.url, ask);
      expect(res.headers.get('x-modelproxy-key')).toBe('mm#1');
      expect(res.headers.get('x-modelproxy-attempts')).toBe('1');
    } finally {
      await server.stop();
    }
  });

  // The proxy watches the client's signal only once an attempt has run CLIENT_WATCH_MS (fast answers
  // never pay for the listener); a client that leaves before or after that stops the upstream call.
  for (const leaveAfterMs of [0, CLIENT_WATCH_MS * 4]) {
    it(`a client that leaves ${leaveAfterMs === 0 ? 'at once' : `after ${leaveAfterMs} ms`} ends the upstream call`, async () => {
      let upstreamAborted = false;
      const reached = Promise.withResolvers<void>();
      upstream.handle((_, request) => {
        request.signal.addEventListener('abort', () => (upstreamAborted = true));
        reached.resolve();
        return new Promise<Response>(() => {});
      });
      upstream.requests.length = 0;
      const { server } = proxyWith();
      try {
        const client = new AbortController();
        const pending = send(server.url, ask, client.signal);
        await reached.promise;
        if (leaveAfterMs > 0) await Bun.sleep(leaveAfterMs);
        expect(upstreamAborted).toBe(false);
        client.abort(new Error('client left'));
        await expect(pending).rejects.toThrow();
        await waitFor(() => upstreamAborted, 'the upstream call to be cancelled');
        expect(upstream.requests).toHaveLength(1);
      } finally {
        await server.stop();
      }
    });
  }
});
