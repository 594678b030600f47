import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { frameProblem } from '../../src/modules/ws/parse';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';
import { MAX_PENDING_REQUESTS } from '../../src/modules/ws/limits';
import { RawWs } from './raw-ws';

const env = testEnv('ws-frames');
let server: RunningServer;
const clients: WsClient[] = [];

async function connect(path = '/api/v1/ws'): Promise<WsClient> {
  const client = await WsClient.connect(`${server.url.replace('http', 'ws')}${path}`);
  clients.push(client);
  await client.next((m) => m.type === 'gateway.hello');
  return client;
}

beforeAll(async () => {
  server = await startTestServer(env.config());
});
afterAll(() => teardown(() => { for (const c of clients) c.close(); }, () => server?.stop(), env.cleanup));

describe('WebSocket frames are bounded before parsing', () => {
  it('refuses a frame nested 200 KB deep at once, and other sockets are answered meanwhile', async () => {
    const attacker = await connect();
    const other = await connect();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepObject = '{"type":"ping","x":' + '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000) + '}';
    for (let i = 0; i < 5; i++) { attacker.send(deep); attacker.send(deepObject); }
    other.send({ type: 'ping', request_id: 'other' });
    expect(await other.next((m) => m.request_id === 'other')).toMatchObject({ type: 'pong' });
    for (let i = 0; i < 10; i++) {
      expect(await attacker.next((m) => m.type === 'error')).toMatchObject({ request_id: '', message: 'Invalid JSON: nested deeper than 32 levels' });
    }
    // The socket stays usable, and brackets inside strings do not count as depth.
    expect(await attacker.request({ type: 'ping', note: '['.repeat(1000) })).toMatchObject({ type: 'pong' });
  });

  it('refuses a frame over the size limit with its size', async () => {
    const ws = await connect();
    ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(9 * 1024 * 1024) }));
    expect(await ws.next((m) => m.type === 'error')).toMatchObject({ message: expect.stringMatching(/^Message too large: \d+ bytes \(limit 8388608\)$/) });
  });

  it('input without channel_id on the global socket is `channel_id required`, before its other fields', async () => {
    const ws = await connect();
    expect(await ws.request({ type: 'input' })).toMatchObject({ type: 'error', message: 'channel_id required' });
    expect(await ws.request({ type: 'input', text: 'x' })).toMatchObject({ type: 'error', message: 'channel_id required' });
    expect(await ws.request({ type: 'key', key: 'Enter', channel_id: '' })).toMatchObject({ type: 'error', message: 'channel_id required' });
    // With a channel the fields are checked as before.
    expect(await ws.request({ type: 'input', channel_id: 'c' })).toMatchObject({ type: 'error', message: 'text required' });
    // A channel socket may omit it: its own channel is used.
    const channel = await connect('/api/v1/ws/frames:unbound');
    expect(await channel.request({ type: 'input' })).toMatchObject({ type: 'error', message: 'text required' });
    expect(await channel.request({ type: 'input', text: 'x' })).toMatchObject({ type: 'error', message: 'No session for channel frames:unbound' });
  });
});

describe('what one socket may hold on the server', () => {
  it('answers requests past the in-flight limit at once with an error, each exactly once, and keeps serving', async () => {
    const ws = await connect();
    // session.list waits for tmux, so a burst queues behind the first one.
    const ids = Array.from({ length: MAX_PENDING_REQUESTS + 256 }, (_, i) => `burst-${i}`);
    for (const request_id of ids) ws.send({ type: 'session.list', request_id });
    const replies = await Promise.all(ids.map((id) => ws.next((m) => m.request_id === id, 30_000)));
    const refused = replies.filter((m) => m.type === 'error');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.message).toBe(`Too many requests in flight (limit ${MAX_PENDING_REQUESTS} requests, 33554432 bytes); wait for the replies`);
    expect(replies.filter((m) => m.type === 'session.list').length).toBeGreaterThanOrEqual(MAX_PENDING_REQUESTS);
    expect(ws.messages.filter((m) => String(m.request_id).startsWith('burst-'))).toEqual([]);
    expect(await ws.request({ type: 'session.list' })).toMatchObject({ type: 'session.list' });
  });

  it('closes a socket that stops reading instead of buffering its replies without end or dropping some', async () => {
    const port = Number(new URL(server.url).port);
    const reader = await RawWs.open(port, '/api/v1/ws');
    reader.pause();
    // 48 pings whose 1 MiB request_id comes back in each pong: far more than the send buffer holds.
    const pad = 'p'.repeat(1024 * 1024);
    for (let i = 0; i < 48; i++) await reader.sendText(JSON.stringify({ type: 'ping', request_id: `${pad}${i}` }));
    const other = await connect();
    expect(await other.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    reader.resume();
    const deadline = Date.now() + 8_000;
    while (!reader.ended && Date.now() < deadline) await Bun.sleep(50);
    reader.destroy();
    expect(reader.ended).toBe(true);
    expect(reader.received).toBeLessThan(48 * pad.length);
  }, 20_000);
});

describe('the frame scan', () => {
  it('counts brackets outside strings only, escapes included', () => {
    const deep = 'Invalid JSON: nested deeper than 32 levels';
    expect(frameProblem(`{"a":"\\\\"}${'['.repeat(40)}`)).toBe(deep);
    expect(frameProblem(`{"a":"\\"${'['.repeat(40)}"}`)).toBeNull();
    expect(frameProblem(`["${'\\\\'.repeat(3)}"${',['.repeat(40)}`)).toBe(deep);
    expect(frameProblem(`${'['.repeat(32)}${']'.repeat(32)}`)).toBeNull();
    expect(frameProblem(`${'['.repeat(33)}${']'.repeat(33)}`)).toBe(deep);
    expect(frameProblem(`[${'[],'.repeat(100)}[]]`)).toBeNull();
  });
});
