import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';
import { rawRequest } from './raw-http';

// REST bodies are parsed before the key is checked: whoever reaches the port (the LAN, a tunnel)
// could make the gateway buffer Bun's default 128 MiB and JSON.parse any depth, without a key.
const KEY = 'rest-bodies-key-0123456789';
const LIMIT = 8 * 1024 * 1024;
const env = testEnv('bodies');
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer(env.config({ api_key: KEY }));
});
afterAll(() => teardown(() => server?.stop(), env.cleanup));

const json = { 'content-type': 'application/json' };
const post = async (path: string, body: BodyInit, headers: Record<string, string> = json) => {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { status: res.status, body: await res.json() as { detail: unknown } };
};

/** A body sent in chunks, with no Content-Length: the server learns its size only by reading it. */
function chunked(total: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"api_key":"${'x'.repeat(64 * 1024 - 13)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

describe('REST bodies are bounded before they are parsed, for every route and every client', () => {
  it('a declared length over 8 MiB is 413 at once, before a byte of the body is read', async () => {
    // Only the head is sent: a server that waited for the 100 MiB would never answer.
    const res = await rawRequest(server.port, [
      'POST /api/v1/auth/login HTTP/1.1', `Host: 127.0.0.1:${server.port}`, 'Content-Type: application/json', `Content-Length: ${100 * 1024 * 1024}`,
    ]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: `Request body too large (limit ${LIMIT} bytes)` });
  });

  it("a declared length over Bun's own 128 MiB cap gets the same documented 413, with the security headers", async () => {
    const res = await rawRequest(server.port, [
      'POST /api/v1/sessions/nobody/input HTTP/1.1', `Host: 127.0.0.1:${server.port}`, 'Content-Type: application/json', 'Content-Length: 200000000',
    ]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: `Request body too large (limit ${LIMIT} bytes)` });
    expect(res.headers).toMatch(/^x-frame-options: DENY$/im);
    expect(res.headers).toMatch(/^content-security-policy: frame-ancestors 'none'$/im);
  });

  it('a chunked body is read no further than 8 MiB: 413, with or without a key', async () => {
    for (const headers of [json, { ...json, authorization: `Bearer ${KEY}` }]) {
      expect(await post('/api/v1/sessions/nobody/input', chunked(LIMIT + 512 * 1024), headers)).toEqual({
        status: 413, body: { detail: `Request body too large (limit ${LIMIT} bytes)` },
      });
    }
  });

  it('a body nested deeper than 32 levels is 400 without being parsed', async () => {
    const deep = `{"api_key":"x","z":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    expect(await post('/api/v1/auth/login', deep)).toEqual({ status: 400, body: { detail: 'Malformed JSON body: nested deeper than 32 levels' } });
    const nested = `{"text":"x","enter":false,"z":${'{"a":'.repeat(33)}1${'}'.repeat(33)}}`;
    expect(await post('/api/v1/sessions/nobody/input', nested, { ...json, authorization: `Bearer ${KEY}` })).toMatchObject({ status: 400 });
  });

  it('what the API documents still fits: a 1 MiB input text, however it is escaped, and a blank body', async () => {
    // 1 MiB of control characters is 6 MiB of JSON (\u0001 each); the channel is unbound, so it is
    // parsed and validated, then 404: nothing is typed anywhere.
    const text = '\u0001'.repeat(1024 * 1024);
    expect(await post('/api/v1/sessions/nobody/input', JSON.stringify({ text }), { ...json, authorization: `Bearer ${KEY}` })).toEqual({
      status: 404, body: { detail: 'No session found for channel nobody' },
    });
    const blank = await post('/api/v1/sessions/nobody/key', ' ', { ...json, authorization: `Bearer ${KEY}` });
    expect(blank).toEqual({ status: 422, body: { detail: [{ loc: ['body', 'key'], msg: 'Field required', type: 'missing' }] } });
    expect(await post('/api/v1/auth/login', '{"api_key": ', json)).toEqual({ status: 400, body: { detail: 'Malformed JSON body' } });
  });
});
