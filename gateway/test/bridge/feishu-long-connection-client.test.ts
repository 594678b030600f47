import { afterAll, describe, expect, it } from 'bun:test';
import { FeishuPlatform } from '../../src/bridge/feishu/platform';
import { FeishuBridgeConfig } from '../../src/bridge/model';
import type { InboundHandler } from '../../src/bridge/platform';
import { teardown, waitFor } from '../helpers/gateway';
import { recordingLog } from './helpers/log';
import { startMockFeishuPlatform } from './helpers/mock-feishu';
import { startMockFeishuLongConnection } from './helpers/mock-feishu-ws';

// The long connection's life cycle on its own (no tmux): refused credentials, an unreachable
// endpoint, and a clean stop, against the mock long-connection service over real sockets.
const APP = { appId: 'cli_0123456789abcdef', appSecret: 'client-test-SECRET-987654321', verificationToken: 'v', encryptKey: '' };
const platform = startMockFeishuPlatform(APP);
const lc = startMockFeishuLongConnection(platform, APP, { PingInterval: 0.2, ReconnectCount: -1, ReconnectInterval: 0.1, ReconnectNonce: 0 });
afterAll(() => teardown(() => lc.stop(), () => platform.stop()));

const handler: InboundHandler = { onMessage: async () => {}, onButton: async () => ({ ok: true, notice: '' }) };
const feishu = (overrides: Partial<FeishuBridgeConfig>) => {
  const { log, lines } = recordingLog();
  const config: FeishuBridgeConfig = {
    enabled: true, mode: 'long_connection', app_id: APP.appId, app_secret: APP.appSecret, verification_token: '', encrypt_key: '',
    base_url: lc.baseUrl, allowed_users: [], allowed_chats: [], notify_chats: [], ...overrides,
  };
  const p = new FeishuPlatform(config, log);
  return { p, connection: p.connection!, lines };
};

describe('Feishu long connection life cycle', () => {
  it('stops with a clear error, without retrying or logging the secret, when the endpoint refuses the credentials', async () => {
    const calls = lc.endpointCalls.length;
    const wrong = 'not-the-SECRET-123456';
    const { p, connection, lines } = feishu({ app_secret: wrong });
    await p.start(handler); // returns at once: the gateway never waits for the platform
    await waitFor(() => connection.state === 'failed', 'the connection to give up');
    expect(connection.error).toMatchObject({ code: 'FEISHU_LONG_CONNECTION_REFUSED', status: 401, retryable: false, details: { code: 514 } });
    expect(connection.error!.message).toContain(`refused app ${APP.appId} (code 514: app id or secret is invalid)`);
    expect(connection.error!.message).toContain('app_secret');
    expect(lc.endpointCalls.length).toBe(calls + 1);
    expect(lines.some((l) => l.startsWith('error') && l.includes('code 514'))).toBe(true);
    expect(lines.join('\n')).not.toContain(wrong);
    await p.stop();
    expect(connection.state).toBe('stopped');
  });

  it('keeps retrying an endpoint it cannot reach, and stops at once when asked', async () => {
    const dead = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
    const baseUrl = `http://127.0.0.1:${dead.port}/open-apis`;
    await dead.stop(true);
    const { p, connection, lines } = feishu({ base_url: baseUrl });
    await p.start(handler);
    await waitFor(() => connection.error?.retryable === true && lines.some((l) => l.includes('reconnecting in')), 'a failed attempt and a retry planned');
    expect(connection.state).not.toBe('failed');
    expect(connection.error!.message).toContain('endpoint request to http://127.0.0.1:');
    await p.stop(); // wakes the wait for the next attempt
    expect(connection.state).toBe('stopped');
  });

  it('closes its socket with 1000 on stop and does not reconnect', async () => {
    const opened = lc.opened;
    const { p, connection } = feishu({});
    await p.start(handler);
    await waitFor(() => connection.state === 'connected' && lc.open === 1, 'connected');
    await p.stop();
    await waitFor(() => lc.open === 0, 'the socket closed');
    expect(lc.closes.at(-1)).toEqual({ code: 1000, reason: 'gateway stopping' });
    expect(connection.state).toBe('stopped');
    expect(lc.opened).toBe(opened + 1);
    expect(lc.problems).toEqual([]);
  });

  it('replaces a connection that stops answering pings', async () => {
    const { p, connection, lines } = feishu({});
    await p.start(handler);
    await waitFor(() => connection.state === 'connected', 'connected');
    const first = connection.connections;
    lc.mute(true);
    try {
      await waitFor(() => lines.some((l) => l.includes('not even a pong')), 'the silence noticed');
    } finally {
      lc.mute(false);
    }
    await waitFor(() => connection.connections > first && connection.state === 'connected', 'a new connection');
    await p.stop();
  });
});
