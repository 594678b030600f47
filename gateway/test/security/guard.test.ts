import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { createLogger } from '@devhub/shared';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';
import { rawRequest, upgradeHead } from './raw-http';

const env = testEnv('guard');
let server: RunningServer;
const lines: string[] = [];

beforeAll(async () => {
  const log = createLogger('guard-test', 5);
  log.setReporters([{ log: (entry) => lines.push(entry.args.join(' ')) }]);
  server = await startTestServer(env.config({ allowed_hosts: ['gw.example.test', '.tunnel.test'], allowed_origins: ['https://app.example.test'] }), { log });
});
afterAll(() => teardown(() => server?.stop(), env.cleanup));

const sessionCount = async () => ((await (await fetch(`${server.url}/api/v1/sessions`)).json()) as { sessions: unknown[] }).sessions.length;
const get = (path: string, extra: string[]) => rawRequest(server.port, [`GET ${path} HTTP/1.1`, 'Connection: close', ...extra]);
const post = (path: string, extra: string[], body: string) => rawRequest(server.port, [`POST ${path} HTTP/1.1`, 'Connection: close', ...extra], body);
const json = (body: string) => JSON.parse(body) as { detail: string };

describe('Host allow-list (DNS rebinding)', () => {
  it('refuses a foreign Host on REST, docs and both WebSocket paths with 403, and logs why', async () => {
    for (const path of ['/api/v1/sessions', '/docs/json', '/api/v1/health']) {
      const res = await get(path, ['Host: evil.example:8900']);
      expect(res.status).toBe(403);
      expect(json(res.body).detail).toStartWith('Forbidden: Host "evil.example" is not allowed');
    }
    const created = await post('/api/v1/sessions', ['Host: rebind.evil.example', 'Content-Type: application/json'], '{"provider":"shell"}');
    expect(created.status).toBe(403);
    for (const path of ['/api/v1/ws', '/api/v1/ws/guard:chan']) {
      expect((await rawRequest(server.port, upgradeHead(path, ['Host: evil.example']))).status).toBe(403);
    }
    expect(await sessionCount()).toBe(0);
    expect(lines.some((l) => l.includes('403 GET /api/v1/ws: Host "evil.example" is not allowed'))).toBe(true);
  });

  it('answers loopback names and the configured hosts', async () => {
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`, 'app.localhost', 'gw.example.test', 'a.tunnel.test', 'tunnel.test']) {
      expect((await get('/api/v1/health', [`Host: ${host}`])).status).toBe(200);
    }
    expect((await rawRequest(server.port, upgradeHead('/api/v1/ws', ['Host: gw.example.test']))).status).toBe(101);
    expect((await get('/api/v1/health', ['Host: gw.example.test.evil'])).status).toBe(403);
  });
});

describe('Origin check', () => {
  it('refuses a foreign browser origin on REST and on the WebSocket upgrade', async () => {
    const host = `Host: 127.0.0.1:${server.port}`;
    for (const origin of ['http://localhost:3000', `http://127.0.0.2:${server.port}`, 'https://evil.example', 'null']) {
      const res = await get('/api/v1/sessions', [host, `Origin: ${origin}`]);
      expect(res.status).toBe(403);
      expect(json(res.body).detail).toStartWith(`Forbidden: Origin "${origin}" is not allowed`);
      expect((await rawRequest(server.port, upgradeHead('/api/v1/ws', [host, `Origin: ${origin}`]))).status).toBe(403);
    }
    const created = await post('/api/v1/sessions', [host, 'Origin: http://localhost:3000', 'Content-Type: application/json'], '{"provider":"shell"}');
    expect(created.status).toBe(403);
    expect(await sessionCount()).toBe(0);
  });

  it("accepts the console's own origin, a configured one, and clients that send none", async () => {
    const host = `Host: 127.0.0.1:${server.port}`;
    expect((await get('/api/v1/sessions', [host, `Origin: http://127.0.0.1:${server.port}`])).status).toBe(200);
    expect((await get('/api/v1/sessions', [host, 'Origin: https://app.example.test'])).status).toBe(200);
    expect((await get('/api/v1/sessions', [host])).status).toBe(200);
    expect((await rawRequest(server.port, upgradeHead('/api/v1/ws', [host, `Origin: http://127.0.0.1:${server.port}`]))).status).toBe(101);
  });

  it("refuses what another page's browser sends without an Origin (Sec-Fetch-Site), except to the docs", async () => {
    const host = `Host: 127.0.0.1:${server.port}`;
    for (const site of ['same-site', 'cross-site']) {
      const res = await get('/api/v1/sessions', [host, `Sec-Fetch-Site: ${site}`]);
      expect(res.status).toBe(403);
      expect(json(res.body).detail).toStartWith(`Forbidden: a ${site} request from a page of another origin that sent no Origin`);
      // A page of a configured origin names it, and passes.
      expect((await get('/api/v1/sessions', [host, `Sec-Fetch-Site: ${site}`, 'Origin: https://app.example.test'])).status).toBe(200);
      // A link from anywhere may open the API documentation: it holds no data.
      expect((await get('/docs/json', [host, `Sec-Fetch-Site: ${site}`])).status).toBe(200);
    }
    for (const site of ['same-origin', 'none']) expect((await get('/api/v1/sessions', [host, `Sec-Fetch-Site: ${site}`])).status).toBe(200);
    expect(lines.some((l) => l.includes('403 GET /api/v1/sessions: a cross-site request from a page of another origin that sent no Origin'))).toBe(true);
  });

  it('a foreign-origin WebSocket client (any library) cannot create a session', async () => {
    await expect(WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`, { Origin: 'http://localhost:5173' })).rejects.toThrow();
    expect(await sessionCount()).toBe(0);
  });
});

describe('request bodies only as application/json', () => {
  it('answers 415 to text/plain and forms, and creates nothing', async () => {
    const host = `Host: 127.0.0.1:${server.port}`;
    const body = '{"provider":"shell","channel_id":"guard:plain"}';
    for (const type of ['Content-Type: text/plain', 'Content-Type: text/plain;charset=UTF-8', 'Content-Type: application/x-www-form-urlencoded', 'Content-Type: multipart/form-data; boundary=x']) {
      const res = await post('/api/v1/sessions', [host, type], body);
      expect(res.status).toBe(415);
      expect(json(res.body).detail).toStartWith('Unsupported Media Type: request bodies must be application/json');
    }
    expect((await post('/api/v1/directories/browse', [host, 'Content-Type: text/plain'], '{"path":"/"}')).status).toBe(415);
    expect(await sessionCount()).toBe(0);
    // JSON with a charset is JSON; a POST without a body still means "all defaults".
    expect((await post('/api/v1/directories/browse', [host, 'Content-Type: application/json; charset=utf-8'], '{"path":"/"}')).status).toBe(200);
  });

  it('reads a body sent without a Content-Type as JSON (as FastAPI does; Python requests with data= sends none), but not from a foreign page', async () => {
    const host = `Host: 127.0.0.1:${server.port}`;
    const browse = await post('/api/v1/directories/browse', [host], '{"path":"/"}');
    expect(browse.status).toBe(200);
    expect((JSON.parse(browse.body) as { path: string }).path).toBe('/');
    expect((await post('/api/v1/directories/browse', [host], '{"path":')).status).toBe(400);
    // A page of another site sending the same (a fetch of a Blob with no type) is refused by its Origin.
    expect((await post('/api/v1/sessions', [host, 'Origin: https://evil.example'], '{"provider":"shell","channel_id":"guard:untyped"}')).status).toBe(403);
    expect(await sessionCount()).toBe(0);
  });
});

describe('forwarded requests are never anonymous', () => {
  it('answers 401 to a loopback peer that relays a request (no key configured), and logs why', async () => {
    for (const header of ['X-Forwarded-For: 203.0.113.9', 'Forwarded: for=203.0.113.9;proto=https', 'X-Real-IP: 203.0.113.9', 'CF-Connecting-IP: 203.0.113.9', 'Via: 1.1 proxy']) {
      const res = await get('/api/v1/sessions', [`Host: 127.0.0.1:${server.port}`, header]);
      expect(res.status).toBe(401);
      expect(json(res.body)).toEqual({ detail: 'Invalid or missing API key' });
    }
    const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`, { 'X-Forwarded-For': '203.0.113.9' });
    expect(await ws.waitClosed()).toEqual({ code: 4001, reason: 'Unauthorized' });
    expect(lines.some((l) => l.includes('came through a proxy or tunnel (x-forwarded-for header)') && l.includes('set api_key'))).toBe(true);
  });
});

describe('Feishu webhook body limit', () => {
  it('answers 413, not 400, to a body over 1 MiB', async () => {
    const res = await fetch(`${server.url}/bridge/feishu/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"pad":"${'x'.repeat(1024 * 1024)}"}` });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'Request body too large (limit 1048576 bytes)' });
  });
});
