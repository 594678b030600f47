import { afterAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, type TestEnv } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

// Each test has its own state directory and tmux server: none sees another's windows.
const envs: TestEnv[] = [];
function freshEnv(): TestEnv {
  const env = testEnv('restart');
  envs.push(env);
  return env;
}
afterAll(() => teardown(...envs.map((env) => env.cleanup)));

async function api(server: RunningServer, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body), headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('restart', () => {
  it('finds the bindings again, drops those whose windows are gone and re-adopts unknown live windows', async () => {
    const env = freshEnv();
    const config = env.config();
    const first = await startTestServer(config);
    const keep = (await api(first, 'POST', '/api/v1/sessions', { channel_id: 'keep', provider: 'shell', work_dir: env.dir, name: 'keeper' })).body;
    const lost = (await api(first, 'POST', '/api/v1/sessions', { channel_id: 'lost', provider: 'shell', work_dir: env.dir })).body;
    await first.stop();
    expect(existsSync(join(env.dir, 'state.json'))).toBe(true);
    expect(existsSync(join(env.dir, 'events.jsonl'))).toBe(true);

    // While the server is down: one window dies, another appears (e.g. created by an older gateway).
    const tmux = env.tmux();
    await tmux.killWindow(lost.window_id);
    const stray = await tmux.createWindow({ name: 'stray', cwd: env.dir, command: '', provider: 'agent_c', mode: 'yolo' });

    const second = await startTestServer(config);
    try {
      expect((await api(second, 'GET', '/api/v1/sessions/keep')).body).toMatchObject({ channel_id: 'keep', window_id: keep.window_id, display_name: 'keeper', provider: 'shell' });
      expect((await api(second, 'GET', '/api/v1/sessions/lost')).status).toBe(404);
      const sessions = (await api(second, 'GET', '/api/v1/sessions')).body.sessions as Array<Record<string, unknown>>;
      expect(sessions.map((s) => s.window_id).sort()).toEqual([keep.window_id, stray].sort());
      // No live services in this server: the status fields are null.
      expect(sessions.find((s) => s.window_id === stray)).toEqual({
        window_id: stray, display_name: 'stray', provider: 'agent_c', cwd: env.dir, session_id: '', status: null, display_label: null, prompt_state: null, status_changed_at: null,
      });
      const state = JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8'));
      expect(Object.keys(state.bindings)).toEqual(['keep']);
      expect(Object.keys(state.windows).sort()).toEqual([keep.window_id, stray].sort());
      expect(state.windows[stray]).toMatchObject({ provider: 'agent_c', mode: 'yolo' });
    } finally {
      await second.stop();
    }
  });

  it('tells a client reconnecting to a channel whose window died that it is dead, also after later restarts, until the channel is bound again', async () => {
    const env = freshEnv();
    const config = env.config();
    const first = await startTestServer(config);
    const lost = (await api(first, 'POST', '/api/v1/sessions', { channel_id: 'lost', provider: 'shell', work_dir: env.dir })).body;
    await first.stop();
    await env.tmux().killWindow(lost.window_id);
    // The first start finds the window gone; the second and third know it only from state.json.
    await (await startTestServer(config)).stop();
    for (let round = 0; round < 2; round++) {
      const server = await startTestServer(config);
      try {
        const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/lost`);
        expect(await ws.next((m) => m.type === 'agent.status')).toEqual({
          type: 'agent.status', channel_id: 'lost', session_id: '', provider: 'shell', status: 'dead',
          display_label: 'Dead: the window was gone when the gateway started', interactive: false, prompt_state: null,
        });
        ws.ws.close();
      } finally {
        await server.stop();
      }
    }
    expect(Object.keys(JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8')).dead)).toEqual(['lost']);
    // Bound again: the old death is forgotten.
    const server = await startTestServer(config);
    try {
      expect((await api(server, 'POST', '/api/v1/sessions', { channel_id: 'lost', provider: 'shell', work_dir: env.dir })).status).toBe(200);
      const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/lost`);
      await ws.request({ type: 'ping' });
      expect(ws.messages.filter((m) => m.type === 'agent.status')).toEqual([]);
      ws.ws.close();
      expect(JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8')).dead).toEqual({});
    } finally {
      await server.stop();
    }
  });

  it('drops a binding whose window id now names another pane (tmux server restarted)', async () => {
    const env = freshEnv();
    const config = env.config();
    const server = await startTestServer(config);
    const created = (await api(server, 'POST', '/api/v1/sessions', { channel_id: 'reused', provider: 'shell', work_dir: env.dir })).body;
    await server.stop();
    const path = join(env.dir, 'state.json');
    const state = JSON.parse(readFileSync(path, 'utf8'));
    state.windows[created.window_id].pane_pid = 1; // as if @N were another window now
    writeFileSync(path, JSON.stringify(state));
    const again = await startTestServer(config);
    try {
      expect((await api(again, 'GET', '/api/v1/sessions/reused')).status).toBe(404);
    } finally {
      await again.stop();
    }
  });

  it('keeps channels named like prototype properties (`__proto__`, `constructor`) as channels, across a restart', async () => {
    const env = freshEnv();
    const config = env.config();
    const names = ['__proto__', 'constructor'];
    const first = await startTestServer(config);
    let second: RunningServer | undefined;
    try {
      const windows = new Map<string, string>();
      for (const channel of names) {
        const created = await api(first, 'POST', '/api/v1/sessions', { channel_id: channel, provider: 'shell', work_dir: env.dir });
        expect(created).toMatchObject({ status: 200, body: { channel_id: channel } });
        windows.set(channel, created.body.window_id);
      }
      // Names nobody bound are not found on the way to a prototype: 404, and no provider either.
      expect((await api(first, 'GET', '/api/v1/sessions/toString')).status).toBe(404);
      expect(await api(first, 'POST', '/api/v1/sessions', { provider: 'constructor', work_dir: env.dir })).toEqual({ status: 400, body: { detail: 'Unknown provider: constructor' } });
      const listed = async (server: RunningServer) => ((await api(server, 'GET', '/api/v1/sessions')).body.sessions as Array<{ channel_id?: string }>).map((s) => s.channel_id).sort();
      expect(await listed(first)).toEqual([...names].sort());
      const bindings = () => JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8')).bindings as Record<string, { window_id: string }>;
      expect(Object.keys(bindings()).sort()).toEqual([...names].sort());
      await first.stop();

      second = await startTestServer(config);
      expect(await listed(second)).toEqual([...names].sort());
      for (const channel of names) {
        expect((await api(second, 'GET', `/api/v1/sessions/${channel}`)).body).toMatchObject({ channel_id: channel, window_id: windows.get(channel) });
      }
      expect(await api(second, 'DELETE', '/api/v1/sessions/__proto__')).toEqual({ status: 200, body: { channel_id: '__proto__', killed_windows: 1 } });
      expect((await api(second, 'GET', '/api/v1/sessions/__proto__')).status).toBe(404);
      expect(Object.keys(bindings())).toEqual(['constructor']);
    } finally {
      await teardown(() => first.stop(), () => second?.stop());
    }
  });

  it('starts from a missing or corrupt state.json and re-adopts every live window', async () => {
    const env = freshEnv();
    const config = env.config();
    await env.tmux().ensureSession();
    await env.tmux().createWindow({ name: 'survivor', cwd: env.dir, command: '', provider: 'shell', mode: 'normal' });
    writeFileSync(join(env.dir, 'state.json'), '{"version": 1, "bind');
    const server = await startTestServer(config);
    try {
      const sessions = (await api(server, 'GET', '/api/v1/sessions')).body.sessions as Array<Record<string, unknown>>;
      expect(sessions.length).toBeGreaterThan(0);
      expect(sessions.every((s) => !('channel_id' in s))).toBe(true);
      expect(JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8')).version).toBe(1);
    } finally {
      await server.stop();
    }
    rmSync(join(env.dir, 'state.json'));
    const fresh = await startTestServer(config);
    await fresh.stop();
    expect(existsSync(join(env.dir, 'state.json'))).toBe(true);
  });
  it('removes the temp files a server killed in the middle of a write left in the state directory', async () => {
    const env = freshEnv();
    // What writeFileAtomic leaves when its process dies before the rename (kill -9 during a write).
    const stale = join(env.dir, `.state.json.${2 ** 22 + 99}.mx2tam6ee8z8ny.tmp`);
    writeFileSync(stale, '{"version": 1, "bindi');
    const server = await startTestServer(env.config());
    try {
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(join(env.dir, 'events.jsonl'))).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
