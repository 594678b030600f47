import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../../src/app';
import { LiveService } from '../../../src/live';
import { untilAcceptsInput } from '../../../src/modules/sessions/input-wait';
import type { RunningServer } from '../../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../../helpers/gateway';
import { WsClient } from '../../helpers/ws-client';

/**
 * The start of an assistant window, with the status poller driven by hand (its loop is set an hour
 * apart): an assistant that runs but has drawn nothing yet is `starting`, and input sent to it
 * meanwhile waits for its input prompt, or is refused when a dialog comes instead or nothing does.
 * (Around its turns: turn-times.test.ts.)
 */
const env = testEnv('turn-status');
const SLOW = join(import.meta.dir, '../helpers/slow-start.ts');
const live = new LiveService();
let server: RunningServer;

beforeAll(async () => {
  const config = env.config({
    monitor_poll_interval: 3600, status_poll_interval: 3600, enter_delay_ms: 50, window_width: 120, window_height: 40,
    agent_a_config_dir: join(env.dir, '.claude'),
    // agent_a draws Claude's idle input box once allowed; agent_b its trust dialog.
    providers: { agent_a: { command: `bun ${SLOW} claude-idle.txt`, yolo_flags: '' }, agent_b: { command: `bun ${SLOW} claude-trust1.txt`, yolo_flags: '' } },
  });
  server = await startTestServer(config, gatewayFeatures(live));
}, 30_000);

afterAll(() => teardown(() => server?.stop(), env.cleanup));

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

async function create(channel: string, provider: string): Promise<{ windowId: string; dir: string }> {
  const dir = join(env.dir, channel);
  mkdirSync(dir);
  const res = await api('POST', '/sessions', { channel_id: channel, provider, work_dir: dir });
  expect(res.status).toBe(200);
  const windowId = res.body.window_id as string;
  // Running (tmux names it bun) but still loading: nothing drawn.
  await waitFor(async () => (await server.gateway.ctx.tmux.listWindows()).find((w) => w.window_id === windowId)?.pane_current_command === 'bun', 'the assistant to run', 20_000);
  return { windowId, dir };
}

const statusOf = (windowId: string) => server.gateway.ctx.statuses.get(windowId)?.status;
const go = (dir: string) => writeFileSync(join(dir, 'go'), '');
async function tickUntil(windowId: string, status: string): Promise<void> {
  await waitFor(async () => { await live.live!.status.tick(); return statusOf(windowId)?.status === status; }, `${windowId} ${status}`, 20_000);
}
const typed = (dir: string): Array<{ line: string; beforeDraw: boolean }> =>
  existsSync(join(dir, 'typed.jsonl')) ? readFileSync(join(dir, 'typed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)) : [];

describe('an assistant that is starting', () => {
  it('is starting while it runs without a prompt drawn; input waits for the prompt and arrives after it', async () => {
    const { windowId, dir } = await create('slow', 'agent_a');
    // Not looked at by the poller yet: starting since it was created.
    const early = (await api('GET', '/sessions/slow')).body;
    expect(early).toMatchObject({ status: 'starting', display_label: 'Starting', prompt_state: null, status_changed_at: server.gateway.ctx.store.window(windowId)!.created_at });
    await live.live!.status.tick();
    expect(statusOf(windowId)).toEqual({ status: 'starting', display_label: 'Starting', interactive: false, prompt_state: null });
    const rest = await api('GET', '/sessions/slow');
    expect(rest.body).toMatchObject({ status: 'starting', display_label: 'Starting', prompt_state: null });
    expect(Date.parse(rest.body.status_changed_at)).toBeGreaterThan(0);

    let answered: number | null = null;
    const sent = api('POST', '/sessions/slow/input', { text: 'hello early' }).then((r) => { answered = r.status; return r; });
    await Bun.sleep(300);
    await live.live!.status.tick();
    expect(answered).toBeNull();
    go(dir);
    await tickUntil(windowId, 'idle');
    expect((await sent).status).toBe(200);
    await waitFor(() => typed(dir).length > 0, 'the line to reach the assistant');
    expect(typed(dir)).toEqual([{ line: 'hello early', beforeDraw: false }]);

    const list = await api('GET', '/sessions');
    const mine = list.body.sessions.find((s: { window_id: string }) => s.window_id === windowId);
    expect(mine).toMatchObject({ status: 'idle', display_label: 'Idle', prompt_state: null });
    expect(Date.parse(mine.status_changed_at)).toBeGreaterThanOrEqual(Date.parse(rest.body.status_changed_at));
  }, 60_000);

  it('refuses input held while starting when a dialog is drawn instead of the input prompt, and types nothing', async () => {
    const { windowId, dir } = await create('trusting', 'agent_b');
    await live.live!.status.tick();
    expect(statusOf(windowId)?.status).toBe('starting');
    const sent = api('POST', '/sessions/trusting/input', { text: '2' });
    await Bun.sleep(300);
    go(dir);
    await tickUntil(windowId, 'interactive');
    const res = await sent;
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('opened a dialog while starting');
    const detail = await api('GET', '/sessions/trusting');
    expect(detail.body).toMatchObject({ status: 'interactive', prompt_state: { type: 'trust', selected: 1 } });
    await Bun.sleep(300);
    expect(typed(dir)).toEqual([]);
  }, 60_000);

  it('reports starting first over the WebSocket even when the first look already finds a dialog', async () => {
    const socket = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/quick`);
    const statuses: string[] = [];
    socket.ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data));
      if (m.type === 'agent.status') statuses.push(`${m.status} ${m.display_label}`);
    });
    try {
      const { windowId, dir } = await create('quick', 'agent_b');
      go(dir);
      await waitFor(async () => (await server.gateway.ctx.tmux.capturePane(windowId)).includes('trust this folder'), 'the trust dialog drawn');
      await live.live!.status.tick();
      expect(statusOf(windowId)?.status).toBe('interactive');
      await waitFor(() => statuses.length >= 2, 'two statuses');
      expect(statuses).toEqual(['starting Starting', expect.stringMatching(/^interactive Waiting: /)]);
    } finally {
      socket.close();
    }
  }, 60_000);

  it('gives up on an assistant that never draws its prompt, with a clear error and nothing typed', async () => {
    const { windowId, dir } = await create('stuck', 'agent_a');
    await live.live!.status.tick();
    expect(statusOf(windowId)?.status).toBe('starting');
    const error = await untilAcceptsInput(server.gateway.ctx, windowId, 300).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ASSISTANT_STARTING', status: 409 });
    expect(String((error as Error).message)).toContain('still starting');
    expect(typed(dir)).toEqual([]);
  }, 60_000);
});
