import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';

const env = testEnv('live-fake');
const FAKE = join(import.meta.dir, 'helpers', 'fake-assistant.ts');
let server: RunningServer;
let global: WsClient;
let channel: WsClient;
let windowId = '';

beforeAll(async () => {
  const config = env.config({
    monitor_poll_interval: 0.1,
    status_poll_interval: 0.1,
    autoclose_done_minutes: 0.02,
    agent_a_config_dir: join(env.dir, '.claude'),
    window_width: 100,
    window_height: 24,
    providers: { agent_a: { command: `bun ${FAKE}`, yolo_flags: '' } },
  });
  const live = new LiveService();
  server = await startTestServer(config, { ...gatewayFeatures(live) });
  global = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
  // Subscribed before the session exists: statuses are sent only on change, so a socket opened
  // after the creation could miss the first ones on a slow machine.
  channel = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/fake`);
  const work = join(env.dir, 'proj');
  mkdirSync(work);
  const res = await fetch(`${server.url}/api/v1/sessions`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_id: 'fake', provider: 'agent_a', work_dir: work }),
  });
  expect(res.status).toBe(200);
  windowId = ((await res.json()) as { window_id: string }).window_id;
}, 60_000);

afterAll(() => teardown(() => global?.close(), () => channel?.close(), () => server?.stop(), env.cleanup));

const input = (text: string) => fetch(`${server.url}/api/v1/sessions/fake/input`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }),
});
const statusOf = (type: string) => (m: Record<string, unknown>) => m.type === 'agent.status' && m.status === type;

/** Reports working while the spinner shows, and the transcript as agent.message. */
async function reportsWorkingAndTranscript(): Promise<void> {
  // Transcript activity alone may report a plain "Working" before the spinner is drawn.
  const working = await channel.next((m) => statusOf('working')(m) && m.display_label !== 'Working', 45_000);
  expect(working).toMatchObject({ channel_id: 'fake', provider: 'agent_a', display_label: 'Working: Pondering…', interactive: false, prompt_state: null });
  const message = await channel.next((m) => m.type === 'agent.message', 45_000);
  const messages = message.messages as Array<Record<string, unknown>>;
  expect(messages.map((m) => m.text)).toEqual(['make the marker file', 'FAKE-REPLY: on it']);
  expect(Object.keys(messages[1]!).sort()).toEqual(['content_type', 'is_complete', 'phase', 'role', 'text', 'timestamp', 'tool_name', 'tool_use_id']);
}

/** Reports the permission prompt as interactive with its options, and screenshots it in colour. */
async function reportsPermissionPromptAndScreenshot(): Promise<void> {
  expect((await input('go')).status).toBe(200);
  const prompt = await channel.next(statusOf('interactive'), 45_000);
  expect(prompt).toMatchObject({
    interactive: true,
    display_label: 'Waiting: Do you want to proceed?',
    prompt_state: { type: 'permission', question: 'Do you want to proceed?', options: [{ index: 1, label: 'Yes' }, { index: 2, label: 'No' }], selected: 1 },
  });

  const res = await fetch(`${server.url}/api/v1/sessions/fake/screenshot`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const image = await loadImage(Buffer.from(await res.arrayBuffer()));
  expect(image.height).toBe(24 * 17 + 16);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  let cyan = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 80 && data[i + 1]! > 120 && data[i + 2]! > 150) cyan++;
  expect(cyan).toBeGreaterThan(10);

  const shot = await channel.request({ type: 'capture.screenshot', channel_id: 'fake' });
  expect(Buffer.from(String(shot.image_base64), 'base64').subarray(1, 4).toString()).toBe('PNG');
}

/** Reports done once the assistant exits to the shell, then autocloses the window. */
async function reportsDoneThenAutocloses(): Promise<void> {
  // Answered over the WebSocket, as POST …/answer does it: an option the prompt lacks is refused.
  expect(await channel.request({ type: 'answer', channel_id: 'fake', option: 3, question: 'Do you want to proceed?' }))
    .toMatchObject({ type: 'error', message: 'Option 3 is not offered (the prompt has 2)' });
  expect(await channel.request({ type: 'answer', option: 2, question: 'Do you want to proceed?' }, 30_000))
    .toMatchObject({ type: 'answered', channel_id: 'fake', question: 'Do you want to proceed?', option: { index: 2, label: 'No' } });
  const done = await channel.next(statusOf('done'), 45_000);
  expect(done).toMatchObject({ display_label: 'Done', interactive: false, prompt_state: null });
  expect((await channel.request({ type: 'capture.pane', channel_id: 'fake' })).content).toContain('answered 2. No');
  const removed = await global.next((m) => m.type === 'window.change' && m.change_type === 'removed' && m.window_id === windowId, 45_000);
  expect(removed).toMatchObject({ provider: 'agent_a', cwd: join(env.dir, 'proj') });
  await waitFor(async () => !(await env.tmux().findWindow(windowId)), 'the window to be killed', 30_000);
  expect((await fetch(`${server.url}/api/v1/sessions/fake`)).status).toBe(404);
  expect(global.messages.filter((m) => m.type === 'window.change' && m.change_type === 'new')).toHaveLength(1);
}

// One assistant run: each step answers the prompt the previous one saw, so they run in order in one test.
describe('live gateway with a fake assistant in tmux', () => {
  it('reports working with the transcript, then the permission prompt (screenshot in colour), then done and autoclose', async () => {
    await reportsWorkingAndTranscript();
    await reportsPermissionPromptAndScreenshot();
    await reportsDoneThenAutocloses();
  }, 330_000);
});
