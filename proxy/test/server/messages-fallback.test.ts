import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { anthropicError, messageResponse, sseFrames, sseResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { configFor, harness, removeTempDirs } from '../helpers/proxy-harness';

afterAll(removeTempDirs);

const KEYS = ['sk-first-key-0001', 'sk-second-key-0002', 'sk-third-key-0003'];
let upstream: MockUpstream;
beforeAll(async () => { upstream = await startMockUpstream(); });
afterAll(() => upstream.stop());

/** A proxy on a real socket with its own key state, and an SDK client pointed at it (no SDK retries). */
function setup(extra: Record<string, unknown> = {}) {
  const h = harness(configFor({ mm: { url: upstream.url, keys: KEYS } }, extra));
  const server = h.listen();
  const client = new Anthropic({ baseURL: server.url, apiKey: 'client-dummy-token', maxRetries: 0 });
  const seen = () => upstream.requests.splice(0).map((r) => r.key);
  upstream.requests.length = 0;
  return { h, server, client, seen };
}
const ask = { model: 'sonnet', max_tokens: 16, messages: [{ role: 'user' as const, content: 'hi' }] };

describe('key fallback', () => {
  it('moves to the next key on 429 and names the key that served', async () => {
    const { server, client, seen } = setup();
    upstream.handle((r) => (r.key === KEYS[0] ? anthropicError(429, 'rate_limit_error', 'slow down') : messageResponse('from second')));
    const { data, response } = await client.messages.create(ask).withResponse();
    expect(data.content[0]).toMatchObject({ type: 'text', text: 'from second' });
    expect(response.headers.get('x-modelproxy-key')).toBe('mm#2');
    expect(response.headers.get('x-modelproxy-attempts')).toBe('2');
    expect(seen()).toEqual([KEYS[0]!, KEYS[1]!]);
    await server.stop();
  });

  it('skips a cooling key on the next request', async () => {
    const { server, client, seen } = setup();
    upstream.handle((r) => (r.key === KEYS[0] ? anthropicError(529, 'overloaded_error', 'Overloaded') : messageResponse('ok')));
    await client.messages.create(ask);
    await client.messages.create(ask);
    expect(seen()).toEqual([KEYS[0]!, KEYS[1]!, KEYS[1]!]);
    await server.stop();
  });

  it('moves on when a stream answers 529 before 200, and streams from the next key', async () => {
    const { server, client, seen } = setup();
    upstream.handle((r) => (r.key === KEYS[0] ? anthropicError(529, 'overloaded_error', 'Overloaded') : sseResponse(sseFrames('streamed answer'))));
    const stream = client.messages.stream(ask);
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'streamed answer' });
    expect(seen()).toEqual([KEYS[0]!, KEYS[1]!]);
    await server.stop();
  });

  it('never calls a second key when a stream breaks after 200: the client stream ends in an error', async () => {
    const { h, server, client, seen } = setup();
    // The upstream breaks only after the client has seen text: the 200 is certainly out.
    let clientSawText!: () => void;
    const sawText = new Promise<void>((resolve) => { clientSawText = resolve; });
    upstream.handle(() => sseResponse(sseFrames('this will break off'), (i) => (i === 5 ? sawText : Promise.resolve()), 5));
    const stream = client.messages.stream(ask);
    stream.on('text', () => clientSawText());
    await expect(stream.finalMessage()).rejects.toThrow();
    expect(seen()).toEqual([KEYS[0]!]);
    let line: Record<string, unknown> | undefined;
    await waitFor(async () => (line = (await h.logLines()).at(-1)) !== undefined, 'the requests.jsonl line', 10_000);
    expect(line).toMatchObject({ status: 200, stream: true, completed: false, key_index: 1 });
    await server.stop();
  });

  it('returns the last upstream status and body when every key fails, with x-modelproxy-attempts', async () => {
    const { server, seen } = setup();
    upstream.handle((r) => (r.key === KEYS[2] ? anthropicError(503, 'api_error', 'last one down') : anthropicError(429, 'rate_limit_error', 'limited')));
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ask) });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-modelproxy-attempts')).toBe('3');
    expect(await res.json()).toEqual({ type: 'error', error: { type: 'api_error', message: 'last one down' }, request_id: 'req_mock_err' });
    expect(seen()).toEqual(KEYS);
    await server.stop();
  });

  it('answers 502 upstream_unreachable when no upstream answers at all', async () => {
    const h = harness(configFor({ dead: { url: 'http://127.0.0.1:9/anthropic', keys: ['sk-dead-1111', 'sk-dead-2222'] } }));
    const res = await h.app.handle(new Request('http://localhost/v1/messages', { method: 'POST', body: JSON.stringify(ask) }));
    expect(res.status).toBe(502);
    expect(res.headers.get('x-modelproxy-attempts')).toBe('2');
    expect((await res.json()).error).toMatchObject({ type: 'api_error', code: 'upstream_unreachable' });
    await h.app.handle(new Request('http://localhost/v1/messages', { method: 'POST', body: '{"no_model":1}' }));
    expect((await h.logLines()).map((l) => [l.status, l.attempts, l.provider, l.key_index, l.model_in])).toEqual([
      [502, 2, 'dead', null, 'sonnet'],
      [400, 0, null, null, null],
    ]);
  });

  it('moves on after the header timeout', async () => {
    const { server, client, seen } = setup({ server: { upstream_timeout: 1 } });
    let release!: () => void;
    const hang = new Promise<void>((resolve) => { release = resolve; });
    upstream.handle(async (r) => {
      if (r.key === KEYS[0]) await hang;
      return messageResponse('after timeout');
    });
    const data = await client.messages.create(ask);
    expect(data.content[0]).toMatchObject({ text: 'after timeout' });
    expect(seen()).toEqual([KEYS[0]!, KEYS[1]!]);
    release();
    await server.stop();
  });

  it('waits for the first key when the header timeout is longer than a timer can count (about 24.8 days)', async () => {
    // A timer past 2^31 - 1 ms fires after 1 ms: with that, every key would fail at once as timed out.
    for (const server of [{ upstream_timeout: 3_000_000 }, { stream_header_timeout: 3_000_000, upstream_timeout: 3_000_000 }]) {
      const { server: proxy, client, seen } = setup({ server });
      upstream.handle(async (r) => {
        await Bun.sleep(100);
        return JSON.parse(r.body).stream ? sseResponse(sseFrames('took its time')) : messageResponse('took its time');
      });
      const data = await client.messages.create(ask);
      expect(data.content[0]).toMatchObject({ text: 'took its time' });
      expect(await client.messages.stream(ask).finalText()).toBe('took its time');
      expect(seen()).toEqual([KEYS[0]!, KEYS[0]!]);
      await proxy.stop();
    }
  });

  it('does not fall back on a client error (400) and forwards it unchanged', async () => {
    const { server, seen } = setup();
    upstream.handle(() => anthropicError(400, 'invalid_request_error', 'max_tokens: required'));
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('max_tokens: required');
    expect(seen()).toEqual([KEYS[0]!]);
    await server.stop();
  });

  it('answers 502 no_usable_key when every key is a placeholder, without calling the upstream', async () => {
    const h = harness(configFor({ mm: { url: upstream.url, keys: ['YOUR_API_KEY'] } }));
    upstream.requests.length = 0;
    const res = await h.app.handle(new Request('http://localhost/v1/messages', { method: 'POST', body: JSON.stringify(ask) }));
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('no_usable_key');
    expect(upstream.requests).toHaveLength(0);
  });

  it('redacts a key that a failing upstream echoes in its error body', async () => {
    const { server } = setup();
    upstream.handle((r) => anthropicError(401, 'authentication_error', `invalid x-api-key ${r.key}`));
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
    const text = await res.text();
    expect(res.status).toBe(401);
    for (const key of KEYS) expect(text).not.toContain(key);
    expect(text).toContain('sk-t***0003');
    await server.stop();
  });

  it('redacts a key echoed in a non-retryable error body too (400, 404)', async () => {
    const { server } = setup();
    for (const status of [400, 404]) {
      upstream.handle((r) => anthropicError(status, 'invalid_request_error', `bad request for key ${r.key}`));
      const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
      const text = await res.text();
      expect(res.status).toBe(status);
      for (const key of KEYS) expect(text).not.toContain(key);
      expect(text).toContain('bad request for key sk-f***0001');
    }
    await server.stop();
  });

  it('redacts a key echoed in a MiniMax base_resp error inside a 200, and in a redirect\'s Location', async () => {
    const { server } = setup();
    // MiniMax reports a refused key as HTTP 200 with base_resp (2049 "invalid api key"); a vendor may echo the key there.
    upstream.handle((r) => Response.json({ base_resp: { status_code: 2049, status_msg: `invalid api key ${r.key}` } }));
    const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
    const text = await res.text();
    expect(res.status).toBe(401);
    for (const key of KEYS) expect(text).not.toContain(key);
    expect(text).toContain('invalid api key sk-t***0003');
    await server.stop();
    // Those keys now rest as refused: a proxy of its own for the redirect.
    const again = setup();
    upstream.handle((r) => new Response(null, { status: 302, headers: { location: `https://login.example/?key=${r.key}` } }));
    const moved = await fetch(`${again.server.url}/v1/messages`, { method: 'POST', body: JSON.stringify(ask) });
    const movedText = await moved.text();
    expect(moved.status).toBe(502);
    expect(movedText).toContain('upstream_redirect');
    for (const key of KEYS) expect(movedText).not.toContain(key);
    expect(movedText).toContain('?key=sk-f***0001');
    await again.server.stop();
  });

  it('answers 502 upstream_broken when a non-streaming answer breaks off', async () => {
    const raw = Bun.listen({
      hostname: '127.0.0.1', port: 0,
      socket: {
        data(socket) {
          socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"partial":');
          socket.end();
        },
      },
    });
    const h = harness(configFor({ raw: { url: `http://127.0.0.1:${raw.port}`, keys: ['sk-raw-key-0001'] } }));
    const res = await h.app.handle(new Request('http://localhost/v1/messages', { method: 'POST', body: JSON.stringify(ask) }));
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('upstream_broken');
    raw.stop(true);
  });
});
