import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { BridgeService } from '../../src/bridge/service';
import { LiveService, screenshotWindow } from '../../src/live';
import { NotifyService } from '../../src/notify';
import { windowKey } from '../../src/tmux';
import type { RunningServer } from '../../src/server';
import { childEnv, removeSocketFile, socketName, startTestServer, testEnv, waitFor, teardown } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('live-svc');
const FIXTURES = join(import.meta.dir, '../fixtures/hooks');
const HOOK_CLI = join(import.meta.dir, '../../src/cli/index.ts');
let server: RunningServer;
let global: WsClient;
const liveService = new LiveService();

beforeAll(async () => {
  const config = env.config({ monitor_poll_interval: 0.1, status_poll_interval: 0.1, autoclose_dead_minutes: 0.01, autoclose_done_minutes: 0 });
  server = await startTestServer(config, gatewayFeatures(liveService));
  global = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
}, 30_000);

afterAll(() => teardown(() => global?.close(), () => server?.stop(), env.cleanup));

/** Subscribes to the channel first: statuses are sent on change only, so a later socket could miss one. */
async function createWatchedShell(channel: string): Promise<{ windowId: string; ws: WsClient }> {
  const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/${channel}`);
  return { windowId: await createShell(channel), ws };
}

async function createShell(channel: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/sessions`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_id: channel, provider: 'shell', work_dir: env.dir }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { window_id: string }).window_id;
}

describe('live services', () => {
  it('are registered with the server command (the chat bridge first, so it sees every window\'s first status)', async () => {
    const features = gatewayFeatures();
    expect(features.screenshot).toBe(screenshotWindow);
    expect(features.services.map((s) => s.constructor)).toEqual([BridgeService, LiveService, NotifyService]);
  });

  it('forwards hook lines of its own tmux session as hook.event with the spec fields and the raw payload', async () => {
    const windowId = await createShell('hooks');
    const events = server.gateway.ctx.paths.events;
    const payload = JSON.parse(readFileSync(join(FIXTURES, 'SessionStart.json'), 'utf8'));
    const line = (key: string, event: string, data: unknown) =>
      `${JSON.stringify({ ts: new Date().toISOString(), event, window_key: key, session_id: payload.session_id, data })}\n`;
    appendFileSync(events, '{"torn line\n');
    const { tmux } = server.gateway.ctx;
    appendFileSync(events, line(windowKey(tmux.server, 'other-session', windowId), 'Stop', {}));
    // An older hook's key, which does not say which tmux server wrote it.
    appendFileSync(events, line(`${tmux.session}:${windowId}`, 'Stop', {}));
    appendFileSync(events, line(tmux.windowKey(windowId), 'SessionStart', { ...payload, window_name: 'work' }));
    const stop = JSON.parse(readFileSync(join(FIXTURES, 'StopFailure.json'), 'utf8'));
    appendFileSync(events, line(tmux.windowKey(windowId), 'StopFailure', stop));

    const start = await global.next((m) => m.type === 'hook.event' && m.event_type === 'SessionStart', 30_000);
    expect(start).toMatchObject({
      window_id: windowId,
      session_id: payload.session_id,
      data: { cwd: '/home/dev/proj', transcript_path: payload.transcript_path, window_name: 'work', raw: { ...payload, window_name: 'work' } },
    });
    const failure = await global.next((m) => m.type === 'hook.event' && m.event_type === 'StopFailure', 30_000);
    expect(failure.data).toMatchObject({ error: 'rate_limit', error_details: '429 Too Many Requests' });
    expect(global.messages.filter((m) => m.type === 'hook.event')).toEqual([]);
  }, 90_000);

  it('credits its window only with the hooks of its own tmux server, not of another with a same-named session and window id', async () => {
    const windowId = await createShell('two-servers');
    const payload = JSON.parse(readFileSync(join(FIXTURES, 'SessionStart.json'), 'utf8'));
    const foreignPayload = join(env.dir, 'foreign-start.json');
    writeFileSync(foreignPayload, JSON.stringify({ ...payload, session_id: 'foreign-session', transcript_path: join(env.dir, 'foreign.jsonl') }));
    // A second tmux server whose session has the gateway's name, and a window with the same @N whose
    // pane runs the hook (as Claude Code with the hooks installed would) into the gateway's state dir.
    const socket = socketName('foreign');
    const foreignEnv = { ...process.env, ...childEnv(env.dir), TMUX: '', TMUX_PANE: '', GW_DIR: server.gateway.ctx.paths.dir };
    const foreign = (...args: string[]) => {
      const r = Bun.spawnSync(['tmux', '-u', '-L', socket, ...args], { env: foreignEnv });
      if (r.exitCode !== 0) throw new Error(`tmux ${args[0]}: ${r.stderr.toString()}`);
      return r.stdout.toString().trim();
    };
    try {
      foreign('new-session', '-d', '-s', server.gateway.ctx.tmux.session, '-c', env.dir, '-x', '80', '-y', '20');
      let id = '';
      while (id !== windowId) {
        id = foreign('new-window', '-d', '-P', '-F', '#{window_id}');
        expect(Number(id.slice(1))).toBeLessThanOrEqual(Number(windowId.slice(1)));
      }
      foreign('send-keys', '-t', windowId, `bun '${HOOK_CLI}' hook < '${foreignPayload}'`, 'Enter');
      await waitFor(() => readFileSync(server.gateway.ctx.paths.events, 'utf8').includes('foreign-session'), 'the foreign hook line', 60_000);
    } finally {
      Bun.spawnSync(['tmux', '-L', socket, 'kill-server']);
      removeSocketFile(socket);
    }
    // The gateway's own window runs the hook next: its event is read after the foreign one.
    const input = await fetch(`${server.url}/api/v1/sessions/two-servers/input`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: `bun '${HOOK_CLI}' hook < '${join(FIXTURES, 'SessionStart.json')}'` }),
    });
    expect(input.status).toBe(200);
    const own = await global.next((m) => m.type === 'hook.event' && m.window_id === windowId, 60_000);
    expect(own).toMatchObject({ event_type: 'SessionStart', session_id: payload.session_id });
    expect(global.messages.filter((m) => m.type === 'hook.event')).toEqual([]);
    const session = (await (await fetch(`${server.url}/api/v1/sessions/two-servers`)).json()) as { session_id: string };
    expect(session.session_id).toBe(payload.session_id);
  }, 120_000);

  it('reports a window killed from outside as dead and died, then autocloses it', async () => {
    const { windowId, ws: channel } = await createWatchedShell('doomed');
    await channel.next((m) => m.type === 'agent.status' && m.status === 'idle', 30_000);
    await server.gateway.ctx.tmux.killWindow(windowId);
    const dead = await channel.next((m) => m.type === 'agent.status' && m.status === 'dead', 30_000);
    expect(dead).toMatchObject({ display_label: 'Dead', provider: 'shell', interactive: false });
    const died = await global.next((m) => m.type === 'window.change' && m.change_type === 'died' && m.window_id === windowId, 30_000);
    expect(died).toMatchObject({ provider: 'shell', cwd: env.dir });
    await global.next((m) => m.type === 'window.change' && m.change_type === 'removed' && m.window_id === windowId, 30_000);
    await waitFor(() => !server.gateway.ctx.store.window(windowId), 'the dead window to leave state.json');
    channel.close();
  }, 90_000);

  it('tells a running command in a shell window from an idle prompt', async () => {
    const { ws: channel } = await createWatchedShell('busy');
    await channel.next((m) => m.type === 'agent.status' && m.status === 'idle', 30_000);
    // Emitted on change only: more polls of the same idle prompt send nothing (the pong, sent
    // after them on the same socket, proves nothing else is in flight).
    for (let i = 0; i < 3; i++) await liveService.live!.tickAll();
    await channel.request({ type: 'ping' });
    expect(channel.messages.filter((m) => m.type === 'agent.status')).toEqual([]);
    await fetch(`${server.url}/api/v1/sessions/busy/input`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'sleep 30' }) });
    // Between bash's fork and its exec of sleep, one poll may see the child still named "bash".
    await channel.next((m) => m.type === 'agent.status' && m.status === 'working' && m.display_label === 'Running sleep', 30_000);
    expect(channel.messages.filter((m) => m.type === 'agent.status' && m.status !== 'working')).toEqual([]);
    await fetch(`${server.url}/api/v1/sessions/busy/key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'C-c' }) });
    await channel.next((m) => m.type === 'agent.status' && m.status === 'idle', 30_000);
    channel.close();
  }, 90_000);

  it('tells a running shell script (which tmux names "bash") from the idle prompt', async () => {
    const script = join(env.dir, 'wait-for-line.sh');
    writeFileSync(script, '#!/bin/bash\nread -r line\necho "got $line"\n', { mode: 0o755 });
    const { ws: channel } = await createWatchedShell('script');
    await channel.next((m) => m.type === 'agent.status' && m.status === 'idle', 30_000);
    const post = (path: string, body: unknown) => fetch(`${server.url}/api/v1/sessions/script/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('input', { text: script });
    expect(await channel.next((m) => m.type === 'agent.status' && m.status === 'working', 30_000)).toMatchObject({ display_label: 'Running bash' });
    await post('input', { text: 'done-now' });
    await channel.next((m) => m.type === 'agent.status' && m.status === 'idle', 30_000);
    channel.close();
  }, 90_000);
});
