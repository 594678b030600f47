import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../../src/app';
import { LiveService } from '../../../src/live';
import type { RunningServer } from '../../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../../helpers/gateway';

/**
 * The status of an assistant window around its turns, with the pollers driven by hand (their loops
 * are set an hour apart) and the event times chosen by the test: a finished turn whose last
 * transcript line and Stop hook are read in one poll, the transcript noticed last; a new prompt
 * right after a Stop; slash-command output. (The start of a window: turn-status.test.ts.)
 */
const env = testEnv('turn-times');
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

describe('status around a turn', () => {
  const at = (ms: number) => new Date(ms).toISOString();
  // Each test's events come after every earlier test's, whatever order the tests run in.
  let clock = Date.now();
  const later = () => (clock += 20_000);
  let transcript = '';
  let windowId = '';

  /** A Claude-format transcript line and a hook line, each stamped with its own time. */
  const entry = (type: 'user' | 'assistant', text: string, ms: number) =>
    appendFileSync(transcript, `${JSON.stringify({ type, timestamp: at(ms), message: { role: type, content: [{ type: 'text', text }] } })}\n`);
  const hook = (event: string, ms: number, data: Record<string, unknown> = {}) =>
    appendFileSync(server.gateway.ctx.paths.events, `${JSON.stringify({ ts: at(ms), event, window_key: server.gateway.ctx.tmux.windowKey(windowId), session_id: 'sess-1', data })}\n`);
  /** One monitor pass that reads the hook first and the transcript `lagMs` later, then a status pass. */
  async function poll(lagMs: number, nowMs: number): Promise<string | undefined> {
    live.live!.hooks.poll(nowMs);
    live.live!.monitor.tick(nowMs + lagMs);
    await live.live!.status.tick(nowMs + lagMs);
    return statusOf(windowId)?.status;
  }

  beforeAll(async () => {
    const made = await create('turns', 'agent_a');
    windowId = made.windowId;
    go(made.dir);
    await tickUntil(windowId, 'idle');
    transcript = join(env.dir, 'turns-transcript.jsonl');
    writeFileSync(transcript, '');
    hook('SessionStart', Date.now(), { transcript_path: transcript, cwd: made.dir });
    await poll(0, Date.now());
  }, 60_000);

  it('is idle when a turn\'s last line and its Stop hook are read in one poll, the transcript noticed last', async () => {
    const t0 = later();
    entry('user', 'say pong', t0);
    await poll(0, t0 + 10);
    expect(statusOf(windowId)?.status).toBe('working');
    entry('assistant', 'PONG', t0 + 900);
    hook('Stop', t0 + 950);
    // Read by the same poll: the hook first, the transcript 40 ms later.
    expect(await poll(40, t0 + 1000)).toBe('idle');
    expect(await poll(0, t0 + 2000)).toBe('idle');
  });

  it('is working again when the next prompt was written after the Stop, whatever was noticed first', async () => {
    const t0 = later();
    entry('user', 'again', t0);
    expect(await poll(0, t0 + 100)).toBe('working');
    entry('assistant', 'PONG 2', t0 + 300);
    hook('Stop', t0 + 320);
    entry('user', 'third', t0 + 400);
    expect(await poll(0, t0 + 500)).toBe('working');
    entry('assistant', 'PONG 3', t0 + 700);
    hook('Stop', t0 + 720);
    expect(await poll(0, t0 + 800)).toBe('idle');
  });

  it('does not call a local command (/help) a turn', async () => {
    const t0 = later();
    for (const content of ['<command-name>/help</command-name>', '<local-command-stdout>Shortcuts…</local-command-stdout>']) {
      appendFileSync(transcript, `${JSON.stringify({ type: 'system', subtype: 'local_command', timestamp: at(t0), content })}\n`);
    }
    expect(await poll(0, t0 + 100)).toBe('idle');
  });
});

