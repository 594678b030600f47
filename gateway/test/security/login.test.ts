import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const KEY = 'login-test-key-0123456789';
const env = testEnv('login');
let server: RunningServer;
const sockets: WsClient[] = [];

beforeAll(async () => {
  server = await startTestServer(env.config({ api_key: KEY }));
});
afterAll(() => teardown(() => { for (const s of sockets) s.close(); }, () => server?.stop(), env.cleanup));

const login = (url: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;
const sessions = (url: string, headers: Record<string, string>) => fetch(`${url}/api/v1/sessions`, { headers }).then((r) => r.status);
async function socket(url: string, headers: Record<string, string>, query = ''): Promise<WsClient> {
  const ws = await WsClient.connect(`${url.replace('http', 'ws')}/api/v1/ws${query}`, headers);
  sockets.push(ws);
  return ws;
}

describe('console login', () => {
  it('exchanges the key for an HttpOnly, SameSite=Strict session cookie that REST and WebSocket accept', async () => {
    const res = await login(server.url, { api_key: KEY });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const header = res.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^agentgw_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=2592000$/);
    expect(header).not.toContain(KEY);
    const cookie = cookieOf(res);
    expect(await sessions(server.url, { cookie })).toBe(200);
    const ws = await socket(server.url, { cookie });
    expect(await ws.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    // A made-up cookie is nobody.
    expect(await sessions(server.url, { cookie: 'agentgw_session=forged' })).toBe(401);
    const forged = await socket(server.url, { cookie: 'agentgw_session=forged' });
    expect(await forged.waitClosed()).toEqual({ code: 4001, reason: 'Unauthorized' });
  });

  it('refuses a wrong key (401), a missing one (422), a text/plain body (415) and a foreign page (403)', async () => {
    expect((await login(server.url, { api_key: 'wrong' })).status).toBe(401);
    expect((await login(server.url, {})).status).toBe(422);
    expect((await login(server.url, JSON.stringify({ api_key: KEY }), { 'content-type': 'text/plain' })).status).toBe(415);
    const foreign = await login(server.url, { api_key: KEY }, { 'content-type': 'application/json', origin: 'http://localhost:3000' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });

  it('logout ends the session', async () => {
    const cookie = cookieOf(await login(server.url, { api_key: KEY }));
    const out = await fetch(`${server.url}/api/v1/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(await sessions(server.url, { cookie })).toBe(401);
  });

  it('keeps only keyed digests on disk (0600); a restart keeps logins, a new key ends them', async () => {
    const cookie = cookieOf(await login(server.url, { api_key: KEY }));
    const file = join(env.config().state_dir, 'console_sessions.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toContain(cookie.split('=')[1]!);
    expect(stored).not.toContain(KEY);
    const port = server.port;
    await server.stop();
    server = await startTestServer(env.config({ api_key: KEY, api_port: port }));
    expect(await sessions(server.url, { cookie })).toBe(200);
    await server.stop();
    server = await startTestServer(env.config({ api_key: 'another-key', api_port: port }));
    expect(await sessions(server.url, { cookie })).toBe(401);
    await server.stop();
    server = await startTestServer(env.config({ api_key: KEY, api_port: port }));
  });
});

describe('API clients', () => {
  it('authenticate a WebSocket by the Authorization header or, as the protocol has it, ?token=', async () => {
    const byHeader = await socket(server.url, { authorization: `Bearer ${KEY}` });
    expect(await byHeader.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    const byQuery = await socket(server.url, {}, `?token=${KEY}`);
    expect(await byQuery.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    const wrong = await socket(server.url, { authorization: 'Bearer nope' });
    expect(await wrong.waitClosed()).toEqual({ code: 4001, reason: 'Unauthorized' });
  });

  it('login without a configured key says there is nothing to log in with', async () => {
    const own = testEnv('login-nokey');
    const open = await startTestServer(own.config());
    try {
      const res = await login(open.url, { api_key: 'x' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toStartWith('No API key is configured');
    } finally {
      await teardown(() => open.stop(), own.cleanup);
    }
  });
});
