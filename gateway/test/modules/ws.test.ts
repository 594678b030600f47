import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { VERSION } from '../../src/version';
import { startTestServer, testEnv, waitFor, teardown } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('ws');
let server: RunningServer;
let wsUrl: string;
const clients: WsClient[] = [];
const work = join(env.dir, 'work');

async function connect(path = '/api/v1/ws'): Promise<WsClient> {
  const client = await WsClient.connect(`${wsUrl}${path}`);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  mkdirSync(work);
  server = await startTestServer(env.config());
  wsUrl = server.url.replace('http', 'ws');
});
afterAll(() => teardown(() => { for (const c of clients) c.close(); }, () => server?.stop(), env.cleanup));

describe('WebSocket commands', () => {
  it('creates a session, subscribes the socket to it, sends input and captures the pane', async () => {
    const ws = await connect();
    // Its own directory: windows named after `work` by other tests get deduplicated names.
    const own = join(env.dir, 'one');
    mkdirSync(own);
    const created = await ws.request({ type: 'session.create', provider: 'shell', work_dir: own, channel_id: 'ws:one', mode: 'standard' });
    const windowId = String(created.window_id); // read before toMatchObject, which may rewrite matched fields
    expect(created).toMatchObject({ type: 'session.created', channel_id: 'ws:one', window_id: expect.stringMatching(/^@\d+$/), provider: 'shell', mode: 'normal', cwd: own, display_name: 'one' });
    await waitFor(async () => ((await ws.request({ type: 'capture.pane', channel_id: 'ws:one' })).content as string).trim(), 'prompt');
    expect(await ws.request({ type: 'input', channel_id: 'ws:one', text: 'echo hello-ws-$((1+1))' })).toMatchObject({ type: 'ack', of: 'input', channel_id: 'ws:one' });
    await waitFor(async () => ((await ws.request({ type: 'capture.pane', channel_id: 'ws:one' })).content as string).includes('hello-ws-2'), 'echo output');
    const pane = await ws.request({ type: 'capture.pane', channel_id: 'ws:one' });
    expect(pane).toMatchObject({ type: 'capture.pane', channel_id: 'ws:one', content: expect.stringContaining('hello-ws-2') });
    // session.create subscribed this (global) socket to the new channel:
    server.gateway.ctx.bus.publish('agent.status', {
      window_id: windowId, session_id: 's1', status: 'working', display_label: 'Working', channel_ids: [],
      provider: 'shell', interactive: false, prompt_state: null,
    });
    expect(await ws.next((m) => m.type === 'agent.status')).toEqual({
      type: 'agent.status', channel_id: 'ws:one', session_id: 's1', status: 'working', display_label: 'Working', provider: 'shell', interactive: false, prompt_state: null,
    });
  });

  it('session.create takes fields sent empty as not given', async () => {
    const ws = await connect();
    const created = await ws.request({ type: 'session.create', channel_id: '', work_dir: '', provider: '', mode: '', name: '' });
    const channel = String(created.channel_id); // read before toMatchObject, which may rewrite matched fields
    expect(created).toMatchObject({ type: 'session.created', channel_id: expect.stringMatching(/^api:[0-9a-f-]{36}$/), provider: 'shell', mode: 'normal', cwd: process.cwd() });
    expect(await ws.request({ type: 'session.close', channel_id: channel })).toMatchObject({ type: 'session.closed', channel_id: channel });
  });

  it('input.raw sends key names with Enter; key sends one key; both are acknowledged', async () => {
    const ws = await connect('/api/v1/ws/ws:keys');
    await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:keys' });
    const window = server.gateway.ctx.store.session('ws:keys')!.window_id;
    await waitFor(async () => ((await ws.request({ type: 'capture.pane' })).content as string).trim(), 'prompt');
    expect(await ws.request({ type: 'input.raw', text: 'sleep 30' })).toMatchObject({ type: 'ack', of: 'input.raw', channel_id: 'ws:keys' });
    await waitFor(async () => (await server.gateway.ctx.tmux.findWindow(window))?.pane_current_command === 'sleep', 'sleep');
    expect(await ws.request({ type: 'key', key: 'C-c' })).toMatchObject({ type: 'ack', of: 'key' });
    await waitFor(async () => (await server.gateway.ctx.tmux.findWindow(window))?.pane_current_command !== 'sleep', 'interrupted');
    expect(await ws.request({ type: 'key', key: 'rm -rf' })).toMatchObject({ type: 'error', message: 'Invalid key: rm -rf' });
  });

  it('lists and closes sessions', async () => {
    const ws = await connect();
    await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:close' });
    const list = await ws.request({ type: 'session.list' });
    expect(list.type).toBe('session.list');
    expect((list.sessions as Array<Record<string, unknown>>).find((s) => s.channel_id === 'ws:close')).toMatchObject({ provider: 'shell', cwd: work, session_id: '' });
    expect(await ws.request({ type: 'session.close', channel_id: 'ws:close' })).toEqual({ type: 'session.closed', request_id: expect.any(String), channel_id: 'ws:close' });
    expect(await ws.request({ type: 'capture.pane', channel_id: 'ws:close' })).toMatchObject({ type: 'error', message: 'No session for channel ws:close' });
  });

  it('handles one socket\'s messages in the order they were sent', async () => {
    const ws = await connect();
    await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:order' });
    await waitFor(async () => ((await ws.request({ type: 'capture.pane', channel_id: 'ws:order' })).content as string).trim(), 'prompt');
    // Sent back to back without waiting: the input pauses before its Enter, the others do not.
    ws.send({ type: 'input', channel_id: 'ws:order', text: 'echo in-order-$((4*4))', request_id: 'o1' });
    ws.send({ type: 'capture.pane', channel_id: 'ws:order', request_id: 'o2' });
    ws.send({ type: 'session.close', channel_id: 'ws:order', request_id: 'o3' });
    await ws.next((m) => m.request_id === 'o3');
    const replies = ws.messages.filter((m) => m.request_id === 'o1' || m.request_id === 'o2');
    expect(replies.map((m) => [m.request_id, m.type])).toEqual([['o1', 'ack'], ['o2', 'capture.pane']]);
    expect(replies[1]!.content).toContain('echo in-order-$((4*4))');
  });

  it('answers ping, verbose.set, wizard.browse and wizard.mkdir, echoing request_id', async () => {
    const ws = await connect();
    ws.send({ type: 'ping', request_id: 'p-1' });
    expect(await ws.next((m) => m.type === 'pong')).toEqual({ type: 'pong', request_id: 'p-1' });
    ws.send({ type: 'ping' });
    expect(await ws.next((m) => m.type === 'pong')).toEqual({ type: 'pong', request_id: '' });
    expect(await ws.request({ type: 'verbose.set' })).toMatchObject({ type: 'error', message: 'enabled required' });
    const made = await ws.request({ type: 'wizard.mkdir', name: join(work, 'new/deep') });
    expect(made).toMatchObject({ type: 'wizard.mkdir', path: join(work, 'new/deep') });
    expect(await ws.request({ type: 'wizard.browse', path: join(work, 'new') })).toMatchObject({ type: 'wizard.browse', path: join(work, 'new'), directories: ['deep'], parent: work });
    writeFileSync(join(work, 'plain'), 'x');
    expect(await ws.request({ type: 'wizard.browse', path: join(work, 'plain') })).toMatchObject({ type: 'error', message: `Not a directory: ${join(work, 'plain')}` });
    expect((await ws.request({ type: 'wizard.mkdir', name: join(work, 'plain', 'sub') })).message).toStartWith('Failed to create directory: ');
    for (const name of ['', '  ']) expect(await ws.request({ type: 'wizard.mkdir', name })).toMatchObject({ type: 'error', message: 'name required' });
  });

  it('verbose.set with only `enabled` on the global socket is the protocol\'s no-op: verbose.updated {request_id, enabled}', async () => {
    const ws = await connect();
    ws.send({ type: 'verbose.set', enabled: true, request_id: 'v-1' });
    expect(await ws.next((m) => m.request_id === 'v-1')).toEqual({ type: 'verbose.updated', request_id: 'v-1', enabled: true });
    ws.send({ type: 'verbose.set', enabled: false });
    expect(await ws.next((m) => m.type === 'verbose.updated' && m.request_id === '')).toEqual({ type: 'verbose.updated', request_id: '', enabled: false });
  });

  it('verbose.set with a channel does what POST …/verbose does: records it for a bound channel, refuses an unbound one', async () => {
    const ws = await connect('/api/v1/ws/ws:verbose');
    await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:verbose' });
    expect(await ws.request({ type: 'verbose.set', enabled: true })).toMatchObject({ type: 'verbose.updated', channel_id: 'ws:verbose', enabled: true });
    expect(server.gateway.ctx.store.session('ws:verbose')?.verbose).toBe(true);
    const rest = await fetch(`${server.url}/api/v1/sessions/ws:verbose`);
    expect(((await rest.json()) as { batch_mode: string }).batch_mode).toBe('verbose');
    expect(await ws.request({ type: 'verbose.set', channel_id: 'ws:nobody', enabled: true })).toMatchObject({ type: 'error', message: 'No session for channel ws:nobody' });
  });

  it('capture.screenshot reports the missing renderer as an error', async () => {
    const ws = await connect();
    await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:shot' });
    expect((await ws.request({ type: 'capture.screenshot', channel_id: 'ws:shot' })).type).toBe('error');
    expect(await ws.request({ type: 'capture.screenshot', channel_id: 'ws:none' })).toMatchObject({ message: 'No session for channel ws:none' });
  });

  it('uses the spec error texts for malformed JSON, unknown types, providers, channels and missing fields', async () => {
    const ws = await connect();
    ws.send('{"type": "ping"');
    expect((await ws.next((m) => m.type === 'error')).message).toStartWith('Invalid JSON: ');
    ws.send('[1,2]');
    expect((await ws.next((m) => m.type === 'error')).message).toStartWith('Invalid JSON: ');
    ws.send({ type: 'teleport', request_id: 'u-1' });
    expect(await ws.next((m) => m.request_id === 'u-1')).toEqual({ type: 'error', request_id: 'u-1', message: 'Unknown message type: teleport' });
    // A type that is no string is named as such, not printed as "[object Object]" or as the array's text.
    ws.send({ type: { a: 1 }, request_id: 'u-2' });
    expect(await ws.next((m) => m.request_id === 'u-2')).toEqual({ type: 'error', request_id: 'u-2', message: 'type must be a string (got an object)' });
    ws.send({ type: ['ping'], request_id: 'u-3' });
    expect(await ws.next((m) => m.request_id === 'u-3')).toEqual({ type: 'error', request_id: 'u-3', message: 'type must be a string (got an array)' });
    ws.send({ request_id: 'u-4' });
    expect(await ws.next((m) => m.request_id === 'u-4')).toEqual({ type: 'error', request_id: 'u-4', message: 'type required' });
    // A request_id that is no string is refused rather than answered under "" as if none was sent.
    ws.send({ type: 'ping', request_id: 5 });
    expect(await ws.next((m) => m.type === 'error' || m.type === 'pong')).toEqual({ type: 'error', request_id: '', message: 'request_id must be a string (got a number)' });
    expect((await ws.request({ type: 'session.create', provider: 'emacs' })).message).toBe('Unknown provider: emacs');
    expect((await ws.request({ type: 'session.create', provider: 'shell', mode: 'turbo' })).message).toBe('Invalid mode: turbo (expected normal or yolo)');
    expect((await ws.request({ type: 'input', channel_id: 'ghost', text: 'x' })).message).toBe('No session for channel ghost');
    for (const type of ['input', 'key', 'capture.pane', 'capture.screenshot', 'session.close', 'input.raw']) {
      expect({ type, message: (await ws.request({ type, text: 'x', key: 'Enter' })).message }).toEqual({ type, message: 'channel_id required' });
    }
    expect((await ws.request({ type: 'wizard.browse' })).message).toBe('path required');
    expect((await ws.request({ type: 'wizard.mkdir' })).message).toBe('name required');
    expect((await ws.request({ type: 'session.create', provider: 7 })).message).toBe('Unknown provider: 7');
    expect((await ws.request({ type: 'session.create', provider: 'shell', work_dir: 5 })).message).toBe('work_dir must be a string');
    expect((await ws.request({ type: 'input', channel_id: 'ghost', text: 5 })).message).toBe('text must be a string');
    expect((await ws.request({ type: 'input', channel_id: 'ghost', text: 'x', enter: 'yes' })).message).toBe('enter must be a boolean');
    expect((await ws.request({ type: 'verbose.set', enabled: 'yes' })).message).toBe('enabled must be a boolean');
  });
});

describe('a socket that closes while its request runs', () => {
  it('is not left subscribed to the channel its session.create made', async () => {
    const tmux = server.gateway.ctx.tmux;
    const createWindow = tmux.createWindow;
    const before = server.hub.counts();
    // The window is made only once the server has handled the close: the race, every time.
    tmux.createWindow = async (options) => {
      await waitFor(() => server.hub.counts().global === before.global, 'the server to handle the close');
      return createWindow.call(tmux, options);
    };
    try {
      const ws = await WsClient.connect(`${wsUrl}/api/v1/ws`);
      ws.send({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:closed-early', request_id: 'gone' });
      ws.close();
      await waitFor(() => server.gateway.ctx.store.session('ws:closed-early') !== null, 'the session to be created');
      // One more request through the server: the handler's last step after the binding has run by then.
      expect((await fetch(`${server.url}/api/v1/sessions/ws:closed-early`)).status).toBe(200);
      expect(server.hub.counts()).toEqual(before);
    } finally {
      tmux.createWindow = createWindow;
    }
  });
});

describe('WebSocket events', () => {
  it('sends a socket that subscribes late the channel\'s last agent.status first, then only changes', async () => {
    const creator = await connect();
    const created = await creator.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:late' });
    const windowId = String(created.window_id);
    const status = (label: string) => server.gateway.ctx.bus.publish('agent.status', {
      window_id: windowId, session_id: '', status: 'interactive', display_label: label, channel_ids: [], provider: 'shell', interactive: true,
      prompt_state: { type: 'permission', question: 'Proceed?', options: [{ index: 1, label: 'Yes' }], selected: 1 },
    });
    status('Waiting: Proceed?');
    const late = await connect('/api/v1/ws/ws:late');
    expect(await late.next((m) => m.type === 'agent.status')).toMatchObject({ channel_id: 'ws:late', status: 'interactive', display_label: 'Waiting: Proceed?' });
    status('Waiting: again?');
    expect(await late.next((m) => m.type === 'agent.status')).toMatchObject({ display_label: 'Waiting: again?' });
    expect(late.messages.filter((m) => m.type === 'agent.status')).toHaveLength(0);
    expect(await (await connect('/api/v1/ws/ws:unbound')).request({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });

  it('sends channel events to that channel only and global events to global sockets only', async () => {
    const global = await connect();
    const chanA = await connect('/api/v1/ws/ev:a');
    const chanB = await connect('/api/v1/ws/ev:b');
    const bus = server.gateway.ctx.bus;
    bus.publish('agent.message', {
      window_id: '@999', session_id: 'sid', channel_ids: ['ev:a'],
      messages: [{ text: 'hi', role: 'assistant', content_type: 'text', is_complete: true, phase: null, tool_use_id: null, tool_name: null, timestamp: null }],
    });
    bus.publish('hook.event', { window_id: '@999', event_type: 'Stop', session_id: 'sid', data: { stop_reason: 'end_turn' } });
    bus.publish('window.change', { window_id: '@999', change_type: 'died', provider: 'agent_a', cwd: '/x', display_name: 'x' });
    expect(await chanA.next((m) => m.type === 'agent.message')).toEqual({
      type: 'agent.message', channel_id: 'ev:a', session_id: 'sid',
      messages: [{ text: 'hi', role: 'assistant', content_type: 'text', is_complete: true, phase: null, tool_use_id: null, tool_name: null, timestamp: null }],
    });
    expect(await global.next((m) => m.type === 'hook.event')).toEqual({ type: 'hook.event', window_id: '@999', event_type: 'Stop', session_id: 'sid', data: { stop_reason: 'end_turn' } });
    expect(await global.next((m) => m.type === 'window.change')).toEqual({ type: 'window.change', window_id: '@999', change_type: 'died', provider: 'agent_a', cwd: '/x', display_name: 'x' });
    // A ping round trip after the events proves nothing else was queued for the other sockets.
    for (const c of [chanA, chanB, global]) await c.request({ type: 'ping' });
    expect(chanB.messages.filter((m) => m.type !== 'gateway.hello')).toEqual([]);
    expect(chanA.messages.filter((m) => m.type === 'hook.event' || m.type === 'window.change')).toEqual([]);
    expect(global.messages.filter((m) => m.type === 'agent.message')).toEqual([]);
  });

  it('greets every socket first with gateway.hello: the version and when this gateway started', async () => {
    for (const path of ['/api/v1/ws', '/api/v1/ws/ev:hello']) {
      const ws = await connect(path);
      await ws.request({ type: 'ping' });
      expect(ws.messages[0]).toEqual({ type: 'gateway.hello', version: VERSION, started_at: server.gateway.startedAt });
    }
  });

  it('tells a channel a status once, and a socket joining a channel whose window is gone that it is dead', async () => {
    const bus = server.gateway.ctx.bus;
    const dead = { window_id: '@998', session_id: '', channel_ids: ['ev:gone'], provider: 'agent_a', status: 'dead' as const, display_label: 'Dead', interactive: false, prompt_state: null };
    const before = await connect('/api/v1/ws/ev:gone');
    bus.publish('agent.status', dead);
    bus.publish('agent.status', dead);
    await before.request({ type: 'ping' });
    expect(before.messages.filter((m) => m.type === 'agent.status')).toEqual([{ type: 'agent.status', channel_id: 'ev:gone', session_id: '', provider: 'agent_a', status: 'dead', display_label: 'Dead', interactive: false, prompt_state: null }]);
    const after = await connect('/api/v1/ws/ev:gone');
    expect(await after.next((m) => m.type === 'agent.status')).toMatchObject({ channel_id: 'ev:gone', status: 'dead' });
    // Only dead is kept for an unbound channel: a channel closed on request says nothing more.
    bus.publish('agent.status', { ...dead, channel_ids: ['ev:closed'], status: 'idle', display_label: 'Idle' });
    const closed = await connect('/api/v1/ws/ev:closed');
    await closed.request({ type: 'ping' });
    expect(closed.messages.filter((m) => m.type === 'agent.status')).toEqual([]);
  });

  it('transcript.get returns the channel\'s agent messages sent so far, oldest first', async () => {
    const ws = await connect('/api/v1/ws/ws:history');
    const created = await ws.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ws:history' });
    expect(await ws.request({ type: 'transcript.get' })).toMatchObject({ type: 'transcript', channel_id: 'ws:history', messages: [] });
    const message = (text: string) => ({ text, role: 'assistant' as const, content_type: 'text' as const, is_complete: true, phase: null, tool_use_id: null, tool_name: null, timestamp: null });
    const bus = server.gateway.ctx.bus;
    bus.publish('agent.message', { window_id: String(created.window_id), session_id: 's', channel_ids: [], messages: [message('one'), message('two')] });
    bus.publish('agent.message', { window_id: String(created.window_id), session_id: 's', channel_ids: [], messages: [message('three')] });
    bus.publish('agent.message', { window_id: '@999', session_id: 's', channel_ids: ['ev:a'], messages: [message('elsewhere')] });
    const reply = await ws.request({ type: 'transcript.get' });
    expect((reply.messages as Array<{ text: string }>).map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(await ws.request({ type: 'transcript.get', channel_id: 'ws:nobody' })).toMatchObject({ type: 'error', message: 'No session for channel ws:nobody' });
  });

  it('broadcasts window.change new/removed for sessions created and closed', async () => {
    const global = await connect();
    const other = await connect();
    const created = await other.request({ type: 'session.create', provider: 'shell', work_dir: work, channel_id: 'ev:life' });
    expect(await global.next((m) => m.type === 'window.change' && m.change_type === 'new')).toMatchObject({ window_id: created.window_id, provider: 'shell', cwd: work });
    await other.request({ type: 'session.close', channel_id: 'ev:life' });
    expect(await global.next((m) => m.type === 'window.change' && m.change_type === 'removed')).toMatchObject({ window_id: created.window_id });
  });
});

describe('WebSocket authentication', () => {
  it('closes with 4001 Unauthorized on a bad or missing token and serves the right one', async () => {
    const keyed = testEnv('ws-auth');
    const secured = await startTestServer(keyed.config({ api_key: 'ws-secret-key' }));
    try {
      const base = secured.url.replace('http', 'ws');
      for (const query of ['', '?token=nope']) {
        const bad = await WsClient.connect(`${base}/api/v1/ws${query}`);
        expect(await bad.waitClosed()).toEqual({ code: 4001, reason: 'Unauthorized' });
        expect(bad.messages).toEqual([{ type: 'error', request_id: '', message: 'Invalid or missing API key' }]);
      }
      const chan = await WsClient.connect(`${base}/api/v1/ws/c1?token=wrong`);
      expect((await chan.waitClosed()).code).toBe(4001);
      const good = await WsClient.connect(`${base}/api/v1/ws?token=ws-secret-key`);
      expect(await good.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
      good.close();
    } finally {
      await secured.stop();
      await keyed.cleanup();
    }
  });
});
