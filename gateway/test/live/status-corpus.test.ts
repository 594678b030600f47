import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import { ACTIVITY_WINDOW_MS } from '../../src/status/classify';
import type { RunningServer } from '../../src/server';
import { startTestServer, testEnv, teardown, waitFor } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';
import { claudeAvailable, claudeSetup } from './helpers/claude';
import { type MockAnthropic, startMockAnthropic } from './helpers/mock-anthropic';

/**
 * The status corpus: scripted scenarios run against the real Claude Code (offline, Messages API
 * mock) through the gateway, each scenario's statuses over the WebSocket asserted exactly, in
 * order (a status repeated with a new label counts once): starting and the trust prompt, a short
 * turn, two turns back to back, a long turn with a tool and its permission prompt, an interrupt
 * with Escape, /exit, a crash, a window killed. The mock holds each model stream until the
 * scenario has seen the state it waits for, so no state is too short to be seen. (Codex, Gemini
 * and Pi run their scenarios in e2e-codex, e2e-gemini and e2e-pi.)
 */
const env = testEnv('corpus');
const proj = join(env.dir, 'proj');
/** Trusted before the run, so the crash scenario starts straight to the input prompt whichever test runs first. */
const trusted = join(env.dir, 'trusted');
let mock: MockAnthropic;
let server: RunningServer;
const sockets: WsClient[] = [];

type Message = Record<string, unknown>;
const api = async (path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** A channel's socket, subscribed before its session exists, and the statuses it was sent. */
async function watch(channel: string) {
  const socket = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/${channel}`);
  sockets.push(socket);
  const received: Message[] = [];
  socket.ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
  const statuses = () => received.filter((m) => m.type === 'agent.status').map((m) => m.status as string).filter((s, i, all) => s !== all[i - 1]);
  let mark = 0;
  return {
    socket,
    /** Forgets queued statuses, so the next wait sees only what follows the step about to be taken. */
    drain: () => { for (let i = socket.messages.length - 1; i >= 0; i--) if (socket.messages[i]!.type === 'agent.status') socket.messages.splice(i, 1); },
    next: (s: string, type?: string) => socket.next((m) => m.type === 'agent.status' && m.status === s && (!type || (m.prompt_state as { type?: string } | null)?.type === type), 60_000)
      .catch(async (error: Error) => { throw new Error(`waiting for ${s}: ${JSON.stringify(statuses())}\n${(await api(`/sessions/${channel}/pane`)).body.content}\n${error.message.slice(0, 300)}`); }),
    message: (text: string) => socket.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes(text), 60_000)
      .catch(async (error: Error) => { throw new Error(`waiting for ${text}: ${JSON.stringify(statuses())}\n${(await api(`/sessions/${channel}/pane`)).body.content}\n${error.message.slice(0, 300)}`); }),
    /** The statuses since the previous call: one scenario's transitions. */
    scenario: () => { const all = statuses(); const out = all.slice(Math.max(0, mark - 1)); mark = all.length; return out; },
  };
}

type Watch = Awaited<ReturnType<typeof watch>>;

/** Types a prompt; Claude Code may take the Enter as a newline while it redraws, so it is pressed again if the text still waits in the box. */
async function prompt(w: Watch, channel: string, text: string, until: () => Promise<unknown>): Promise<void> {
  w.drain();
  expect((await api(`/sessions/${channel}/input`, { text })).status).toBe(200);
  for (let tries = 0; ; tries++) {
    const ok = await Promise.race([until().then(() => true), Bun.sleep(5_000).then(() => false)]);
    if (ok) return;
    const pane = (await api(`/sessions/${channel}/pane`)).body.content as string;
    if (tries >= 3) throw new Error(`"${text}" had no effect; the pane:\n${pane}\nrequests: ${mock.requests.length}`);
    if (pane.includes(`❯ ${text}`)) await api(`/sessions/${channel}/key`, { key: 'Enter' });
  }
}

/**
 * Answers the prompt on screen with the option labelled `label`, as a user tapping a button would:
 * again if the marker lagged (409), or if the prompt is still there (Claude Code drops a key that
 * comes while it is still mounting its dialog).
 */
async function answer(w: Watch, channel: string, label: RegExp): Promise<void> {
  for (let tries = 0; tries < 5; tries++) {
    const detail = (await api(`/sessions/${channel}`)).body;
    if (detail.status !== 'interactive') return;
    const option = (detail.prompt_state?.options ?? []).find((o: { label: string }) => label.test(o.label));
    expect(option).toBeDefined();
    w.drain();
    const res = await api(`/sessions/${channel}/answer`, { option: option.index, question: detail.prompt_state.question });
    if (res.status === 200) {
      const moved = await w.socket.next((m) => m.type === 'agent.status' && m.status !== 'interactive', 5_000).catch(() => null);
      if (moved) { w.socket.messages.unshift(moved); return; }
    } else expect(res.status).toBe(409);
    await Bun.sleep(300);
  }
  throw new Error(`could not answer ${label}`);
}

/** The assistant's process: the child of the window's shell. */
async function assistantPid(windowId: string): Promise<number> {
  const shell = (await server.gateway.ctx.tmux.listWindows()).find((w) => w.window_id === windowId)!.pane_pid;
  return waitFor(() => {
    try { return Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/)[0]) || null; } catch { return null; }
  }, `the assistant under shell ${shell}`);
}

beforeAll(async () => {
  if (!claudeAvailable) return;
  mock = startMockAnthropic();
  mkdirSync(proj);
  mkdirSync(trusted);
  const { config, tmuxEnv } = claudeSetup(env, mock);
  const claudeJson = join(env.dir, '.claude.json');
  writeFileSync(claudeJson, JSON.stringify({ ...JSON.parse(readFileSync(claudeJson, 'utf8')), projects: { [trusted]: { hasTrustDialogAccepted: true } } }));
  const CLI = join(import.meta.dir, '../../src/cli/index.ts');
  await using install = Bun.spawn(['bun', CLI, 'hooks', 'install', '--settings', join(env.dir, '.claude', 'settings.json')], {
    env: { ...process.env, HOME: env.dir, GW_DIR: env.dir }, stdout: 'pipe', stderr: 'pipe',
  });
  expect(await install.exited).toBe(0);
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService()), tmuxEnv });
}, 60_000);

afterAll(() => teardown(...sockets.map((s) => () => s.close()), () => server?.stop(), () => mock?.stop(), env.cleanup));

describe.skipIf(!claudeAvailable)('status corpus: the real Claude Code', () => {
  it('start and trust prompt, short turn, two turns back to back, a long turn with a tool, an interrupt, /exit', async () => {
    const cc = await watch('cc');
    expect((await api('/sessions', { channel_id: 'cc', provider: 'claude', work_dir: proj })).status).toBe(200);

    // Start: starting until the trust dialog is drawn; answered, the input prompt.
    await cc.next('interactive', 'trust');
    await answer(cc, 'cc', /^Yes/);
    await cc.next('idle');
    expect(cc.scenario()).toEqual(['starting', 'interactive', 'idle']);

    // A short turn.
    await prompt(cc, 'cc', 'say pong, HOLD', () => cc.next('working'));
    cc.drain();
    mock.release();
    await cc.message('HELD-REPLY-from-mock');
    await cc.next('idle');
    expect(cc.scenario()).toEqual(['idle', 'working', 'idle']);

    // Two turns back to back: the second sent as soon as the first is over.
    await prompt(cc, 'cc', 'first, HOLD', () => cc.next('working'));
    cc.drain();
    mock.release();
    await cc.next('idle');
    await prompt(cc, 'cc', 'second, HOLD', () => cc.next('working'));
    cc.drain();
    mock.release();
    await cc.next('idle');
    expect(cc.scenario()).toEqual(['idle', 'working', 'idle', 'working', 'idle']);

    // A long turn with a tool: the permission prompt answered with its first option.
    await prompt(cc, 'cc', 'RUN_TOOL, HOLD', () => cc.next('working'));
    cc.drain();
    mock.release();
    await cc.next('interactive', 'permission');
    await answer(cc, 'cc', /^Yes$/);
    await cc.next('working');
    cc.drain();
    mock.release();
    await cc.message('TOOL-DONE-from-mock');
    await cc.next('idle');
    expect(cc.scenario()).toEqual(['idle', 'working', 'interactive', 'working', 'idle']);

    // An interrupt: Escape while the model has not answered.
    await prompt(cc, 'cc', 'wait, HOLD', () => cc.next('working'));
    cc.drain();
    expect((await api('/sessions/cc/key', { key: 'Escape' })).status).toBe(200);
    await cc.next('idle');
    expect(cc.scenario()).toEqual(['idle', 'working', 'idle']);
    // The aborted request is let go; the interrupted prompt is back in the input box: Ctrl-C clears it.
    mock.release();
    expect((await api('/sessions/cc/key', { key: 'C-c' })).status).toBe(200);
    await waitFor(async () => !((await api('/sessions/cc/pane')).body.content as string).includes('❯ wait, HOLD'), 'the input box to be cleared');

    // /exit: done.
    cc.drain();
    expect((await api('/sessions/cc/input', { text: '/exit' })).status).toBe(200);
    await cc.next('done');
    expect(cc.scenario()).toEqual(['idle', 'done']);
  }, 300_000);

  it('a permission prompt refused after a while: idle, with no spell of working after it', async () => {
    const refuse = await watch('refuse');
    expect((await api('/sessions', { channel_id: 'refuse', provider: 'claude', work_dir: trusted })).status).toBe(200);
    await refuse.next('idle');
    refuse.scenario();
    await prompt(refuse, 'refuse', 'RUN_TOOL, HOLD', () => refuse.next('working'));
    refuse.drain();
    mock.release();
    await refuse.next('interactive', 'permission');
    // A person takes their time: the tool call is older than the transcript's activity window.
    await Bun.sleep(ACTIVITY_WINDOW_MS + 500);
    await answer(refuse, 'refuse', /^No$/);
    // Claude Code runs no Stop hook for a refused tool; the interrupt line it writes ends the turn.
    await refuse.message('[Request interrupted by user for tool use]');
    await Bun.sleep(1_000); // a few status polls (0.2 s) after that line
    await waitFor(async () => (await api('/sessions/refuse')).body.status === 'idle', 'idle after the refusal', 30_000);
    expect(refuse.scenario()).toEqual(['idle', 'working', 'interactive', 'idle']);
  }, 180_000);

  it('a crash and a window killed from outside', async () => {
    const crash = await watch('crash');
    const gone = await watch('gone');
    // A trusted folder: both start straight to their input prompt.
    expect((await api('/sessions', { channel_id: 'crash', provider: 'claude', work_dir: trusted })).status).toBe(200);
    const created = await api('/sessions', { channel_id: 'gone', provider: 'claude', work_dir: trusted });
    expect(created.status).toBe(200);
    await crash.next('idle');
    await gone.next('idle');
    expect(crash.scenario()).toEqual(['starting', 'idle']);
    expect(gone.scenario()).toEqual(['starting', 'idle']);

    process.kill(await assistantPid((await api('/sessions/crash')).body.window_id), 'SIGSEGV');
    const done = await crash.next('done');
    expect(done.display_label).toMatch(/^Exited: Segmentation fault/);
    expect(crash.scenario()).toEqual(['idle', 'done']);

    await server.gateway.ctx.tmux.killWindow(created.body.window_id);
    await gone.next('dead');
    expect(gone.scenario()).toEqual(['idle', 'dead']);
  }, 300_000);
});
