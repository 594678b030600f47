import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, testEnv, teardown } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

// A status that never lies: real tmux windows whose assistant cannot start, exits at once or
// crashes report `done` with the reason, never `idle`.
const env = testEnv('start-fail');
let server: RunningServer;

beforeAll(async () => {
  const crash = join(env.dir, 'crashing-assistant.sh');
  writeFileSync(crash, '#!/bin/bash\nsleep 1\nkill -SEGV $$\n', { mode: 0o755 });
  const config = env.config({
    monitor_poll_interval: 0.1, status_poll_interval: 0.1, autoclose_dead_minutes: 0, autoclose_done_minutes: 0,
    providers: {
      agent_a: { command: 'no-such-assistant-4242', yolo_flags: '' },
      agent_b: { command: 'true', yolo_flags: '' },
      agent_c: { command: crash, yolo_flags: '' },
      agent_d: { command: 'pi', yolo_flags: '' },
      shell: { command: '', yolo_flags: '' },
    },
  });
  server = await startTestServer(config, gatewayFeatures(new LiveService()));
}, 30_000);
afterAll(() => teardown(() => server?.stop(), env.cleanup));

async function create(channel: string, provider: string): Promise<{ ws: WsClient; created: Record<string, unknown> }> {
  const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/${channel}`);
  const res = await fetch(`${server.url}/api/v1/sessions`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_id: channel, provider, work_dir: env.dir }),
  });
  expect(res.status).toBe(200);
  return { ws, created: (await res.json()) as Record<string, unknown> };
}

describe('an assistant that never runs', () => {
  it('command not found: warned at creation, then done with the shell\'s reason', async () => {
    const { ws, created } = await create('missing', 'agent_a');
    expect(created.warnings).toEqual(['"no-such-assistant-4242" is not on the gateway\'s PATH; the window\'s shell may not find it either (give an absolute path in providers.<id>.command)']);
    const status = await ws.next((m) => m.type === 'agent.status' && m.status === 'done', 30_000);
    expect(status.display_label).toBe('Exited: no-such-assistant-4242: command not found');
    expect(ws.messages.filter((m) => m.type === 'agent.status' && m.status === 'idle')).toEqual([]);
    ws.close();
  }, 60_000);

  it('command not found over the WebSocket: session.created carries the same warning as the REST answer', async () => {
    const ws = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
    const created = await ws.request({ type: 'session.create', channel_id: 'missing-ws', provider: 'agent_a', work_dir: env.dir });
    expect(created.type).toBe('session.created');
    expect(created.warnings).toEqual(['"no-such-assistant-4242" is not on the gateway\'s PATH; the window\'s shell may not find it either (give an absolute path in providers.<id>.command)']);
    const status = await ws.next((m) => m.type === 'agent.status' && m.channel_id === 'missing-ws' && m.status === 'done', 30_000);
    expect(status.display_label).toBe('Exited: no-such-assistant-4242: command not found');
    ws.close();
  }, 60_000);

  it('exits at once without a word: done once the start grace time has passed', async () => {
    const { ws, created } = await create('instant-exit', 'agent_b');
    expect(created.warnings).toBeUndefined();
    const status = await ws.next((m) => m.type === 'agent.status' && m.status === 'done', 30_000);
    expect(status.display_label).toBe('Exited: the assistant did not start (see the pane)');
    ws.close();
  }, 60_000);

  it('crashes after it ran: done with the signal the shell reported', async () => {
    const { ws } = await create('crash', 'agent_c');
    // A plain "Done" may come first, before the shell has printed the signal.
    const status = await ws.next((m) => m.type === 'agent.status' && m.status === 'done' && String(m.display_label).startsWith('Exited: '), 30_000);
    expect(status.display_label).toContain('Segmentation fault');
    ws.close();
  }, 60_000);
});
