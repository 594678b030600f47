import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { frameProblem } from '../../src/modules/ws/parse';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

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
