import { afterAll, describe, expect, it } from 'bun:test';
import { networkInterfaces } from 'node:os';
import { createApp } from '../../src/app';
import { authorize, bearerToken, isLoopbackAddress } from '../../src/modules/auth/service';
import { Gateway } from '../../src/runtime';
import { createLogger } from '@devhub/shared';
import { childEnv, quietLog, startTestApp, startTestServer, testEnv, teardown } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('auth');
const apps: Array<{ gateway: Gateway }> = [];
afterAll(() => teardown(...apps.map((a) => () => a.gateway.stop()), env.cleanup));

describe('REST authentication with an API key', () => {
  it('needs Authorization: Bearer <key> everywhere but /health', async () => {
    const t = await startTestApp(env.config({ api_key: 'secret-key-123' }));
    apps.push(t);
    const denied = await t.call('GET', '/api/v1/sessions');
    expect(denied).toMatchObject({ status: 401, body: { detail: 'Invalid or missing API key' } });
    expect((await t.call('GET', '/api/v1/sessions', undefined, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/directories/browse', { path: '/' }, { authorization: 'Basic secret-key-123' })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/sessions', undefined, { authorization: 'Bearer secret-key-123' })).status).toBe(200);
    expect((await t.call('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await t.call('GET', '/api/v1/health')).status).toBe(200);
  });
});

describe('anonymous use (no API key)', () => {
  it('serves loopback peers and answers 401 to remote ones', async () => {
    const gateway = new Gateway(env.config(), { log: quietLog, tmuxEnv: childEnv(env.dir) });
    await gateway.start();
    apps.push({ gateway });
    let peer = '127.0.0.1';
    const app = createApp({ gateway, log: quietLog, peerOf: () => peer });
    const get = async (path: string) => (await app.handle(new Request(`http://localhost${path}`))).status;
    expect(await get('/api/v1/sessions')).toBe(200);
    peer = '::1';
    expect(await get('/api/v1/sessions')).toBe(200);
    peer = '192.0.2.7';
    expect(await get('/api/v1/sessions')).toBe(401);
    expect(await get('/docs/json')).toBe(401);
    expect(await get('/health')).toBe(200);
  });
});

/** A non-loopback address of this machine: connecting to it makes the server see a remote peer. */
const external = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe.skipIf(!external)('anonymous use over real sockets', () => {
  it('refuses REST and WebSocket from a non-loopback peer, logs why without any token, serves loopback', async () => {
    const lines: string[] = [];
    const log = createLogger('auth-test', 5);
    log.setReporters([{ log: (entry) => lines.push(entry.args.join(' ')) }]);
    const server = await startTestServer(env.config({ api_host: '0.0.0.0' }), { log });
    try {
      const remote = `http://${external}:${server.port}`;
      const res = await fetch(`${remote}/api/v1/sessions`, { headers: { authorization: 'Bearer some-guess-token' } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Invalid or missing API key' });
      expect((await fetch(`${remote}/health`)).status).toBe(200);
      const ws = await WsClient.connect(`ws://${external}:${server.port}/api/v1/ws`);
      expect(await ws.waitClosed()).toEqual({ code: 4001, reason: 'Unauthorized' });
      expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/sessions`)).status).toBe(200);
      const local = await WsClient.connect(`ws://127.0.0.1:${server.port}/api/v1/ws`);
      expect(await local.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
      local.close();
      expect(lines.some((l) => l.includes('only loopback peers are served') && l.includes(external!))).toBe(true);
      expect(lines.join('\n')).not.toContain('some-guess-token');
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe('readiness', () => {
  it('answers not_ready and 503 until the gateway has started', async () => {
    const gateway = new Gateway(env.config(), { log: quietLog, tmuxEnv: childEnv(env.dir) });
    apps.push({ gateway });
    const app = createApp({ gateway, log: quietLog });
    const call = (path: string) => app.handle(new Request(`http://localhost${path}`));
    expect(await (await call('/health')).json()).toEqual({ status: 'not_ready' });
    const res = await call('/api/v1/sessions');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: 'Gateway not initialized' });
    await gateway.start();
    expect(await (await call('/api/v1/health')).json()).toEqual({ status: 'ok' });
    expect((await call('/api/v1/sessions')).status).toBe(200);
  });

  it('answers WebSocket commands with `Gateway not initialized` until started; ping works at once', async () => {
    const gateway = new Gateway(env.config(), { log: quietLog, tmuxEnv: childEnv(env.dir) });
    apps.push({ gateway });
    const app = createApp({ gateway, log: quietLog }).listen({ hostname: '127.0.0.1', port: 0 });
    try {
      const ws = await WsClient.connect(`ws://127.0.0.1:${app.server!.port}/api/v1/ws`);
      expect(await ws.request({ type: 'session.list' })).toMatchObject({ type: 'error', message: 'Gateway not initialized' });
      expect(await ws.request({ type: 'input', channel_id: 'c', text: 'x' })).toMatchObject({ message: 'Gateway not initialized' });
      expect(await ws.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
      await gateway.start();
      expect(await ws.request({ type: 'session.list' })).toMatchObject({ type: 'session.list', sessions: [] });
      ws.close();
    } finally {
      await app.stop(true);
    }
  });
});

describe('auth helpers', () => {
  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.1', '::ffff:10.0.0.1', 'fe80::1', '128.0.0.1', '']) expect(isLoopbackAddress(a)).toBe(false);
  });

  it('parses bearer tokens and compares keys', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Token abc')).toBe('');
    expect(authorize('k', 'k', '10.0.0.1')).toEqual({ ok: true });
    expect(authorize('k', 'kk', '127.0.0.1').ok).toBe(false);
    expect(authorize('', '', null)).toEqual({ ok: true });
  });
});
