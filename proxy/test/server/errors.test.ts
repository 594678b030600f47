import { afterAll, describe, expect, it } from 'bun:test';
import { ErrorBody } from '../../src/modules/messages/model';
import { Value } from '@sinclair/typebox/value';
import { configFor, harness, post, removeTempDirs } from '../helpers/proxy-harness';
import { requestPath } from '../../src/modules/guard/request-path';
import { createLogger } from '@devhub/shared';
import { createApp } from '../../src/app';

afterAll(removeTempDirs);

const h = harness(configFor({ mm: { url: 'http://127.0.0.1:9/anthropic', keys: ['sk-unused-0000'] } }));
const call = async (request: Request) => {
  const res = await h.app.handle(request);
  const body = await res.json();
  expect(Value.Check(ErrorBody, body)).toBe(true);
  return { status: res.status, headers: res.headers, error: (body as ErrorBody).error };
};
/** Sends raw bytes and returns what the server answers before it closes or 5 s pass. */
async function rawExchange(port: number, text: string): Promise<string> {
  let received = '';
  const { promise, resolve } = Promise.withResolvers<void>();
  const socket = await Bun.connect({
    hostname: '127.0.0.1', port,
    socket: { data(_s, d) { received += d.toString(); if (received.includes('}}')) resolve(); }, close() { resolve(); }, error() { resolve(); } },
  });
  socket.write(text);
  const timer = setTimeout(resolve, 5000);
  await promise;
  clearTimeout(timer);
  socket.end();
  return received;
}
const req = (method: string, path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, { method, ...init });

describe('structured errors', () => {
  it('404 route_not_found lists the valid routes', async () => {
    const { status, error } = await call(req('GET', '/nope'));
    expect(status).toBe(404);
    expect(error).toMatchObject({ type: 'not_found_error', code: 'route_not_found' });
    expect(error.message).toContain('POST /v1/messages');
    expect(error.message).toContain('POST /v1/images/generations');
    // Spec: the message lists all valid routes, the spec's POST /v1/images/edits (always 501) among them.
    expect(error.message).toContain('POST /v1/images/edits');
  });

  it('405 method_not_allowed on a valid path, with Allow', async () => {
    const { status, error, headers } = await call(req('GET', '/v1/messages?beta=true'));
    expect(status).toBe(405);
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'method_not_allowed' });
    expect(headers.get('allow')).toBe('POST');
    expect((await call(req('DELETE', '/health'))).status).toBe(405);
    // An OpenAI path's 405 has the spec's body too (call() checks it).
    expect((await call(req('GET', '/v1/chat/completions'))).status).toBe(405);
  });

  it('405 with Allow on every path the app serves, for a method it does not accept there', async () => {
    const seen: Record<string, string[]> = {};
    for (const route of h.app.routes) {
      const path = route.path.replace(/:[^/]+/g, 'foo');
      seen[path] = [...(seen[path] ?? []), route.method, ...(route.method === 'GET' ? ['HEAD'] : [])];
    }
    expect(Object.keys(seen).length).toBeGreaterThan(15);
    for (const [path, methods] of Object.entries(seen)) {
      for (const wrong of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => !methods.includes(m))) {
        const { status, error, headers } = await call(req(wrong, path));
        expect({ wrong, path, status, code: error.code, allow: headers.get('allow') }).toEqual({ wrong, path, status: 405, code: 'method_not_allowed', allow: [...new Set(methods)].sort().join(', ') });
      }
    }
  });

  it('405 on the paths a fixed table once missed', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/', 'GET, HEAD'], ['POST', '/dashboard', 'GET, HEAD'], ['POST', '/dashboard/api/state', 'GET, HEAD'],
      ['GET', '/dashboard/api/reload', 'POST'], ['POST', '/v1/models/foo', 'GET, HEAD'], ['POST', '/api/hello', 'HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const { status, error, headers } = await call(req(method, path));
      expect({ path, status, code: error.code, allow: headers.get('allow') }).toEqual({ path, status: 405, code: 'method_not_allowed', allow });
    }
    expect((await call(req('GET', '/dashboard/api/nope'))).status).toBe(404);
  });

  it('OpenAI paths answer in OpenAI\'s error shape: a base URL without /v1 is named, the guard\'s refusals too', async () => {
    for (const path of ['/chat/completions', '/responses']) {
      const res = await h.app.handle(post(path, { model: 'x' }));
      const body = await res.json() as { error: { message: string; type: string; code: string; param: null } };
      expect(res.status).toBe(501);
      expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'endpoint_not_supported', param: null });
      expect(body.error.message).toContain(`Did you mean /v1${path}?`);
    }
    const refused = await h.app.handle(post('/v1/chat/completions', { model: 'x', messages: [] }, { origin: 'https://evil.example' }));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { type: 'permission_error', code: 'forbidden_origin', param: null } });
  });

  it('501 endpoint_not_supported with advice for /v1/messages/batches', async () => {
    const { status, error } = await call(req('POST', '/v1/messages/batches?beta=true'));
    expect(status).toBe(501);
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'endpoint_not_supported' });
    expect(error.message.length).toBeGreaterThan(50);
  });

  it.each(['/v1/embeddings', '/v1/completions', '/v1/audio/speech', '/v1/assistants'])(
    '501 endpoint_not_supported with advice for %s, in OpenAI\'s shape (an OpenAI family)', async (path) => {
      const res = await h.app.handle(req('POST', `${path}?beta=true`));
      const body = await res.json() as { type?: string; error: Record<string, unknown> };
      expect(res.status).toBe(501);
      // Spec (Errors): every unmatched or unsupported request gets {type: 'error', error: {type, message, code}};
      // OpenAI's SDKs read `error` (with `param`), so one body serves both.
      expect(body).toEqual({ type: 'error', error: { message: expect.any(String), type: 'invalid_request_error', param: null, code: 'endpoint_not_supported' } });
      expect(Value.Check(ErrorBody, body)).toBe(true);
      expect(String(body.error.message).length).toBeGreaterThan(path.length + 30);
    },
  );

  it('an unknown path under an OpenAI route (a stored response, a cancel) is a 404 in OpenAI\'s shape', async () => {
    for (const [method, path] of [['GET', '/v1/responses/resp_1'], ['POST', '/v1/responses/resp_1/cancel'], ['GET', '/v1/chat/completions/chatcmpl_1']] as const) {
      const res = await h.app.handle(req(method, path));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ type: 'error', error: { message: expect.stringContaining(`${method} ${path} is not a route of modelproxy`), type: 'invalid_request_error', param: null, code: 'route_not_found' } });
    }
  });

  it('advice names the address the client reached the proxy at, not the default port', async () => {
    const res = await h.app.handle(new Request('http://127.0.0.1:9123/chat/completions', { method: 'POST', body: '{}' }));
    const { error } = await res.json() as { error: { message: string } };
    expect(error.message).toContain("Set the client's base URL to http://127.0.0.1:9123/v1 (OpenAI clients) or http://127.0.0.1:9123 (Anthropic clients)");
    const legacy = await (await h.app.handle(new Request('http://localhost:9123/v1/completions', { method: 'POST', body: '{}' }))).json() as { error: { message: string } };
    expect(legacy.error.message).toContain('ANTHROPIC_BASE_URL=http://localhost:9123)');
  });

  it('501 for /v1/images/edits, always', async () => {
    const { status, error } = await call(post('/v1/images/edits', { model: 'image-01', prompt: 'x' }));
    expect(status).toBe(501);
    expect(error.code).toBe('capability_not_supported');
  });

  it('400 for malformed JSON, a non-object body and a missing model', async () => {
    expect((await call(post('/v1/messages', '{"model": '))).error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_json' });
    expect((await call(post('/v1/messages', '[1,2]'))).error.code).toBe('invalid_json');
    const missing = await call(post('/v1/messages', { messages: [] }));
    expect(missing.status).toBe(400);
    expect(missing.error.code).toBe('missing_model');
    expect((await call(post('/v1/messages', { model: 7 }))).error.code).toBe('missing_model');
  });

  it('413 request_too_large over 32 MiB (declared length, and chunked bodies)', async () => {
    const declared = await call(new Request('http://localhost/v1/messages', { method: 'POST', headers: { 'content-length': String(33 * 1024 * 1024) }, body: '{}' }));
    expect(declared.status).toBe(413);
    expect(declared.error).toMatchObject({ type: 'request_too_large', code: 'request_too_large' });
    const big = new Uint8Array(32 * 1024 * 1024 + 10).fill(32);
    const stream = new ReadableStream({ start(c) { c.enqueue(big); c.close(); } });
    const chunked = await call(new Request('http://localhost/v1/messages', { method: 'POST', body: stream }));
    expect(chunked.status).toBe(413);
  });

  it('413 over a real socket, also past Bun\'s own cap: a huge declared length and a 70 MB chunked upload', async () => {
    const server = h.listen();
    try {
      const { port } = new URL(server.url);
      const head = `POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{}`;
      const declared = await rawExchange(Number(port), head);
      expect(declared).toStartWith('HTTP/1.1 413');
      expect(declared).toContain('"code":"request_too_large"');
      const chunk = new Uint8Array(1024 * 1024).fill(32);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (sent++ < 70) c.enqueue(chunk);
          else c.close();
        },
      });
      const res = await fetch(`${server.url}/v1/messages`, { method: 'POST', body }).catch(() => null);
      // The proxy may answer before the upload ends; then fetch sees the structured 413.
      if (res) {
        expect(res.status).toBe(413);
        expect(Value.Check(ErrorBody, await res.json())).toBe(true);
      }
      expect(sent).toBeLessThan(71);
    } finally {
      await server.stop();
    }
  });
});

describe('the listening server', () => {
  it('answers POST /v1/messages failures over a socket exactly as in process (its direct route shares the handler)', async () => {
    const server = h.listen();
    try {
      const cases: [string, RequestInit & { headers?: Record<string, string> }][] = [
        ['bad JSON', { method: 'POST', body: '{"model":', headers: { 'content-type': 'application/json' } }],
        ['browser Origin', { method: 'POST', body: '{}', headers: { origin: 'http://page.example' } }],
        ['no route', { method: 'POST', body: JSON.stringify({ model: 'x', messages: [] }), headers: { 'content-type': 'application/json' } }],
        ['wrong method', { method: 'GET' }],
        ['no upstream', { method: 'POST', body: JSON.stringify({ model: 'claude-sonnet-4-5', messages: [] }), headers: { 'content-type': 'application/json' } }],
      ];
      for (const [what, init] of cases) {
        const inProcess = await h.app.handle(new Request('http://localhost/v1/messages', init));
        const overSocket = await fetch(`${server.url}/v1/messages`, init);
        const [a, b] = [await inProcess.json(), await overSocket.json()];
        expect({ what, status: overSocket.status, body: b }).toEqual({ what, status: inProcess.status, body: a });
        expect(Value.Check(ErrorBody, b)).toBe(true);
      }
      const noHost = await rawExchange(Number(new URL(server.url).port), 'POST /v1/messages HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}');
      expect(noHost).toStartWith('HTTP/1.1 403');
      expect(noHost).toContain('"code":"forbidden_host"');
    } finally {
      await server.stop();
    }
  });
});

describe('request guard', () => {
  it('refuses a non-loopback Host (DNS rebinding) with 403', async () => {
    const { status, error } = await call(new Request('http://evil.example:8765/v1/messages', { method: 'POST', body: '{}' }));
    expect(status).toBe(403);
    expect(error).toMatchObject({ type: 'permission_error', code: 'forbidden_host' });
    expect((await h.app.handle(new Request('http://127.0.0.1:8765/health'))).status).toBe(200);
    expect((await h.app.handle(new Request('http://[::1]:8765/health'))).status).toBe(200);
    // One loopback rule with the gateway and mahjong (shared/src/host-allow.ts): names that merely
    // start or end like a loopback one are the attacker's own domains.
    for (const host of ['localhost.evil.example', '127.0.0.1.nip.io', 'evil.example.', '0.0.0.0']) {
      const r = await h.app.handle(new Request('http://127.0.0.1:8765/health', { headers: { host: `${host}:8765` } }));
      expect(`${host} ${r.status}`).toBe(`${host} 403`);
    }
    for (const host of ['LOCALHOST:8765', 'localhost.:8765', 'app.localhost:8765', '127.9.9.9:8765']) {
      const r = await h.app.handle(new Request('http://127.0.0.1:8765/health', { headers: { host } }));
      expect(`${host} ${r.status}`).toBe(`${host} 200`);
    }
  });

  it('answers a request without Host (HTTP/1.0) with a structured 403, not a crash page', async () => {
    const server = h.listen();
    try {
      const answer = await rawExchange(Number(new URL(server.url).port), 'GET /health HTTP/1.0\r\n\r\n');
      expect(answer).toStartWith('HTTP/1.1 403');
      expect(answer).toContain('"code":"forbidden_host"');
      expect(answer).not.toContain('cwd');
    } finally {
      await server.stop();
    }
    const open = harness(configFor({ mm: { url: 'http://127.0.0.1:9', keys: ['sk-unused-0000'] } }, { server: { allow_remote: true } }));
    const server2 = open.listen();
    try {
      const answer = await rawExchange(Number(new URL(server2.url).port), 'GET /nope HTTP/1.0\r\n\r\n');
      expect(answer).toStartWith('HTTP/1.1 404');
      expect(answer).toContain('"message":"GET /nope is not a route');
    } finally {
      await server2.stop();
    }
  });

  it('refuses what a tunnel or reverse proxy relays (Host rewritten to localhost, a forwarding header) unless a client token is set', async () => {
    // A real relay in front, as ngrok --host-header=rewrite or cloudflared would be: it rewrites
    // Host to the proxy's own and says whom it relays for.
    const relayTo = (target: string, extra: Record<string, string>) => Bun.serve({
      hostname: '127.0.0.1', port: 0,
      fetch: async (req) => {
        const url = new URL(req.url);
        const headers = new Headers(req.headers);
        headers.set('host', new URL(target).host);
        for (const [k, v] of Object.entries(extra)) headers.set(k, v);
        return fetch(`${target}${url.pathname}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : await req.arrayBuffer() });
      },
    });
    const server = h.listen();
    const tokened = harness(configFor({ mm: { url: 'http://127.0.0.1:9', keys: ['sk-unused-0000'] } }, { server: { auth_token: 'relay-client-token' } }));
    const server2 = tokened.listen();
    const relays = [
      relayTo(server.url, { 'x-forwarded-for': '203.0.113.7' }),
      relayTo(server.url, { 'cf-connecting-ip': '203.0.113.7' }),
      relayTo(server2.url, { 'x-forwarded-for': '203.0.113.7' }),
    ];
    try {
      for (const relay of relays.slice(0, 2)) {
        const res = await fetch(`http://127.0.0.1:${relay.port}/v1/messages`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'forbidden_forwarded', message: expect.stringContaining('auth_token') });
      }
      // Directly (no relay), the proxy answers.
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      // With a client token, relayed clients that present it are served; others are 401.
      const via = `http://127.0.0.1:${relays[2]!.port}`;
      expect((await fetch(`${via}/v1/models`)).status).toBe(401);
      expect((await fetch(`${via}/v1/models`, { headers: { authorization: 'Bearer relay-client-token' } })).status).toBe(200);
    } finally {
      for (const r of relays) r.stop(true);
      await server.stop();
      await server2.stop();
    }
  });

  it('finds the path of a request whose url is not absolute', () => {
    expect(requestPath(new Request('http://localhost/v1/messages?beta=true'))).toBe('/v1/messages');
    expect(requestPath({ url: '/health?x=1' } as Request)).toBe('/health');
    expect(requestPath({ url: '' } as Request)).toBe('/');
  });

  it('refuses browser requests carrying an Origin', async () => {
    const { status, error } = await call(post('/v1/messages', { model: 'x' }, { origin: 'http://localhost:3000' }));
    expect(status).toBe(403);
    expect(error.code).toBe('forbidden_origin');
  });

  it('refuses what another page\'s browser sends without an Origin (an image, a script: Sec-Fetch-Site), but not a typed address or the dashboard\'s own calls', async () => {
    for (const site of ['cross-site', 'same-site']) {
      for (const path of ['/v1/models', '/dashboard/api/state', '/dashboard/api/events']) {
        const { status, error } = await call(new Request(`http://localhost${path}`, { headers: { 'sec-fetch-site': site } }));
        expect([path, site, status, error.code]).toEqual([path, site, 403, 'forbidden_origin']);
      }
      // The dashboard's page and /health hold no data: any page may link to them.
      expect((await h.app.handle(new Request('http://localhost/dashboard', { headers: { 'sec-fetch-site': site } }))).status).toBe(200);
      expect((await h.app.handle(new Request('http://localhost/docs', { headers: { 'sec-fetch-site': site } }))).status).toBe(200);
    }
    for (const site of ['same-origin', 'none']) {
      expect((await h.app.handle(new Request('http://localhost/v1/models', { headers: { 'sec-fetch-site': site } }))).status).toBe(200);
    }
  });

  it('requires auth_token when set: x-api-key or Bearer; /health stays open', async () => {
    const guarded = harness(configFor({ mm: { url: 'http://127.0.0.1:9', keys: ['YOUR_API_KEY'] } }, { server: { auth_token: 'local-token-123' } }));
    const missing = await guarded.app.handle(post('/v1/messages', { model: 'x' }));
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatchObject({ type: 'authentication_error', code: 'unauthorized', message: expect.stringContaining('modelproxy settings apply') });
    // Retrying cannot fix a wrong token: Claude Code must not retry for minutes.
    expect(missing.headers.get('x-should-retry')).toBe('false');
    expect((await guarded.app.handle(post('/v1/messages', { model: 'x' }, { 'x-api-key': 'wrong-token-123' }))).status).toBe(401);
    // With the right token the request gets past the guard (and fails later: only a placeholder key).
    expect((await guarded.app.handle(post('/v1/messages', { model: 'x' }, { 'x-api-key': 'local-token-123' }))).status).toBe(502);
    expect((await guarded.app.handle(post('/v1/messages', { model: 'x' }, { authorization: 'Bearer local-token-123' }))).status).toBe(502);
    expect((await guarded.app.handle(new Request('http://localhost/health'))).status).toBe(200);
  });

  it("answers Claude Code's reachability checks (HEAD / and HEAD /api/hello) with 200 and no log line", async () => {
    const lines: string[] = [];
    const quiet = harness(configFor({ mm: { url: 'http://127.0.0.1:9', keys: ['YOUR_API_KEY'] } }));
    const log = createLogger('head-test');
    log.setReporters([{ log: (entry) => lines.push(entry.args.join(' ')) }]);
    const app = createApp({ state: quiet.state, log });
    for (const path of ['/', '/api/hello']) expect((await app.handle(new Request(`http://localhost${path}`, { method: 'HEAD' }))).status).toBe(200);
    expect(lines).toEqual([]);
    // Any other unknown path still warns.
    await app.handle(new Request('http://localhost/nope', { method: 'HEAD' }));
    expect(lines).toHaveLength(1);
  });

  it('keeps GET /health answering {status:"ok"}', async () => {
    const res = await h.app.handle(new Request('http://localhost/health'));
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
