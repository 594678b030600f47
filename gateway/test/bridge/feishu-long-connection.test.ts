import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RunningServer } from '../../src/server';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { bridgeGateway } from './helpers/bridge-gateway';
import { startMockFeishuPlatform } from './helpers/mock-feishu';
import { startMockFeishuLongConnection } from './helpers/mock-feishu-ws';
import { header } from './helpers/protobuf';

// The Feishu bridge in long-connection mode, end to end: the gateway asks a local endpoint for a
// WebSocket URL, keeps the connection, and receives events as protobuf frames (mock-feishu-ws.ts),
// which drive real shells in a private tmux server; replies go out through the mock open platform.
const env = testEnv('feishu-ws');
const APP = { appId: 'cli_a1b2c3d4e5f60789', appSecret: 'ws-app-secret-VALUE-0123456789', verificationToken: 'unused-verify-token-xyz', encryptKey: '' };
const platform = startMockFeishuPlatform(APP);
// Pings every 0.2 s; a dropped connection is reopened at once (nonce 0), then every 0.1 s.
const lc = startMockFeishuLongConnection(platform, APP, { PingInterval: 0.2, ReconnectCount: -1, ReconnectInterval: 0.1, ReconnectNonce: 0 });
const { bridge, lines, start } = bridgeGateway(env);
let server: RunningServer;

beforeAll(async () => {
  server = await start({ feishu: { enabled: true, mode: 'long_connection', app_id: APP.appId, app_secret: APP.appSecret, base_url: lc.baseUrl, allowed_users: ['ou_alice'] } });
  await waitFor(() => lc.open === 1, 'the long connection');
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => lc.stop(), () => platform.stop(), env.cleanup));

const api = async (path: string) => (await fetch(`${server.url}/api/v1${path}`)).json() as Promise<any>;
const message = (chat: string, match: string | RegExp, from = 0, timeoutMs = 15_000) =>
  waitFor(() => platform.inChat(chat).slice(from).find((m) => (typeof match === 'string' ? platform.cardText(m.content).includes(match) : match.test(platform.cardText(m.content)))), `a message matching ${match} in ${chat}`, timeoutMs);
const ackBody = async (messageId: string) => (await lc.ackOf(messageId)).body;

describe('Feishu long connection', () => {
  it('asks the endpoint with the app credentials, connects to the URL it gives, and pings the service it names', async () => {
    expect(lc.endpointCalls[0]!.body).toEqual({ AppID: APP.appId, AppSecret: APP.appSecret });
    await waitFor(() => lc.pings.length >= 2, 'two pings');
    for (const ping of lc.pings) {
      expect(ping.method).toBe(0);
      expect(ping.service).toBe(lc.serviceId);
      expect(ping.headers).toEqual([['type', 'ping']]);
    }
    expect(lc.problems).toEqual([]);
    // Never logged: the app secret, nor the connection URL's tickets.
    const all = lines.join('\n');
    expect(all).not.toContain(APP.appSecret);
    expect(all).not.toContain('ticket=');
    expect(all).toContain('feishu long connection: connected to ws://127.0.0.1:');
  }, 30_000);

  it('types a message that arrives in two frames into a real shell, and acks every event with its headers and biz_rt', async () => {
    const chat = 'oc_ws_dm';
    const started = lc.say({ chat, user: 'ou_alice', text: '/new shell' });
    await message(chat, 'Started work');
    const first = await lc.ackOf(started);
    expect(first.body).toEqual({ code: 200 });
    expect(first.frame.method).toBe(1);
    expect(first.frame.service).toBe(lc.serviceId);
    expect(first.frame.LogID).toBeGreaterThan(2n ** 53n); // carried back as sent: a uint64
    expect(first.frame.headers.map(([k]) => k)).toEqual(['type', 'message_id', 'sum', 'seq', 'trace_id', 'timestamp', 'biz_rt']);
    expect(Number(header(first.frame, 'biz_rt'))).toBeGreaterThanOrEqual(0);

    const before = platform.inChat(chat).length;
    const split = lc.say({ chat, user: 'ou_alice', text: 'echo LONG-CONN-$((6*7))' }, { parts: 2, reversed: true });
    await message(chat, 'LONG-CONN-42', before);
    expect(await ackBody(split)).toEqual({ code: 200 });
    // One ack per message, not per part; it is the frame of the part that completed it (seq 0, sent last).
    const acks = lc.acks.filter((a) => header(a.frame, 'message_id') === split);
    expect(acks).toHaveLength(1);
    expect(header(acks[0]!.frame, 'sum')).toBe('2');
    expect(header(acks[0]!.frame, 'seq')).toBe('0');
    expect((await api(`/sessions/feishu:${chat}/pane`)).content).toContain('LONG-CONN-42');
  }, 60_000);

  it('drops a redelivered event, refuses a user who is not allow-listed, and answers a button press in the ack', async () => {
    const chat = 'oc_ws_dedupe';
    lc.say({ chat, user: 'ou_alice', text: '/new shell' });
    await message(chat, 'Started');
    const payload = platform.userMessage({ chat, user: 'ou_alice', text: 'echo ONCE-$((40+2))' });
    const ids = [lc.push(payload), lc.push(payload)];
    await message(chat, 'ONCE-42');
    for (const id of ids) expect(await ackBody(id)).toEqual({ code: 200 });
    await bridge.settle();
    expect((await api(`/sessions/feishu:${chat}/pane`)).content.split('echo ONCE').length - 1).toBe(1);

    const windows = (await api('/sessions')).sessions.length;
    const refused = lc.say({ chat: 'oc_ws_stranger', user: 'ou_mallory', text: '/new shell' });
    await message('oc_ws_stranger', 'Not allowed');
    expect(await ackBody(refused)).toEqual({ code: 200 });
    expect(lines.some((l) => l.includes('refused feishu message from user ou_mallory in chat oc_ws_stranger'))).toBe(true);
    expect((await api('/sessions')).sessions.length).toBe(windows);

    // A card callback: its answer (a toast) travels base64-encoded in the ack's data.
    const windowId = (await api(`/sessions/feishu:${chat}`)).window_id as string;
    const press = (user: string) => lc.push(platform.envelope('card.action.trigger', {
      operator: { open_id: user }, token: 'c-token', action: { tag: 'button', value: { w: windowId, o: 1, p: 'no-such-prompt' } },
      context: { open_message_id: 'om_card1', open_chat_id: chat },
    }));
    const answer = async (id: string) => JSON.parse(Buffer.from((await ackBody(id)).data!, 'base64').toString('utf8'));
    expect(await answer(press('ou_alice'))).toEqual({ toast: { type: 'warning', content: 'This prompt is no longer on screen' } });
    expect(await answer(press('ou_mallory'))).toEqual({ toast: { type: 'warning', content: 'You are not allowed to answer prompts here' } });
  }, 60_000);

  it('reconnects through the endpoint after the server drops the socket, and goes on delivering', async () => {
    const calls = lc.endpointCalls.length;
    const opened = lc.opened;
    lc.drop();
    await waitFor(() => lc.opened === opened + 1 && lc.open === 1, 'a new connection');
    expect(lc.endpointCalls.length).toBe(calls + 1); // a fresh URL: each ticket opens one socket
    expect(lc.closes.at(-1)!.code).toBe(1001);
    await waitFor(() => lines.some((l) => l.includes('closed by the server (code 1001')), 'the drop logged');
    const chat = 'oc_ws_after';
    lc.say({ chat, user: 'ou_alice', text: '/help' });
    await message(chat, 'Commands');
  }, 30_000);

  it('leaves the webhook closed: events come only over the connection', async () => {
    const res = await fetch(`${server.url}/bridge/feishu/events`, { method: 'POST', body: JSON.stringify({ type: 'url_verification', challenge: 'c', token: '' }) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).detail).toContain('long connection');
  });
});
