import { afterAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { teardown, testEnv, type TestEnv, waitFor } from '../helpers/gateway';
import { type GatewayProcess, spawnGateway } from '../helpers/gateway-process';
import { WsClient } from '../helpers/ws-client';
import { CLAUDE, CLAUDE_KEY, claudeAvailable } from './helpers/claude';
import { type MockAnthropic, startMockAnthropic } from './helpers/mock-anthropic';

/**
 * Every way a session ends, with the real Claude Code (npm @anthropic-ai/claude-code, offline
 * against helpers/mock-anthropic.ts) in real tmux windows of a real `agentgw serve` process, watched
 * only through the gateway's API: the assistant exits, crashes, is killed, its window is killed from
 * outside, the tmux server is killed, and the gateway itself is killed with SIGKILL and restarted.
 * Each test has its own gateway, tmux server and state directory. (The same transitions for Codex
 * and Gemini, which cannot run here, are checked on their captured screens in status/transitions.)
 */
const cleanups: Array<() => unknown> = [];
afterAll(() => teardown(...cleanups.reverse()));

type Message = Record<string, unknown>;
const status = (s: string, label?: string | RegExp) => (m: Message) =>
  m.type === 'agent.status' && m.status === s && (label === undefined || (typeof label === 'string' ? m.display_label === label : label.test(String(m.display_label))));

interface Setup { env: TestEnv; proj: string; mock: MockAnthropic; gateway: GatewayProcess; start(): Promise<GatewayProcess> }

/** A state dir with config.yaml running Claude Code as agent_a in a pre-trusted project, a mock API and a gateway process. */
async function setup(label: string): Promise<Setup> {
  const env = testEnv(label);
  const mock = startMockAnthropic();
  cleanups.push(env.cleanup, () => mock.stop());
  const proj = join(env.dir, 'proj');
  mkdirSync(proj);
  writeFileSync(join(env.dir, '.claude.json'), JSON.stringify({
    hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [CLAUDE_KEY.slice(-20)], rejected: [] },
    projects: { [proj]: { hasTrustDialogAccepted: true, allowedTools: [] } },
  }));
  writeFileSync(join(env.dir, 'config.yaml'), stringify({
    monitor_poll_interval: 0.2, status_poll_interval: 0.2, enter_delay_ms: 300, window_width: 120, window_height: 40,
    autoclose_done_minutes: 0, autoclose_dead_minutes: 0, default_provider: 'agent_a',
    providers: { agent_a: { command: `${CLAUDE} --permission-mode manual`, yolo_flags: '' } },
  }));
  const start = async () => {
    const gateway = await spawnGateway(env, {
      ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: CLAUDE_KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1',
    });
    cleanups.push(() => gateway.stop());
    return gateway;
  };
  return { env, proj, mock, gateway: await start(), start };
}

const ws = async (gateway: GatewayProcess, channel = '') => {
  const client = await WsClient.connect(`${gateway.url.replace('http', 'ws')}/api/v1/ws${channel ? `/${channel}` : ''}`);
  cleanups.push(() => client.close());
  return client;
};
async function api(gateway: GatewayProcess, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${gateway.url}/api/v1${path}`, {
    method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Opens the channel's socket first (statuses are sent on change), then creates the session; waits
 * until Claude Code is idle, taking the `starting` it was first (until its input prompt has stood).
 */
async function claudeSession(s: Setup, channel: string): Promise<{ socket: WsClient; windowId: string }> {
  const socket = await ws(s.gateway, channel);
  const created = await api(s.gateway, 'POST', '/sessions', { channel_id: channel, provider: 'claude', work_dir: s.proj });
  expect(created.status).toBe(200);
  await socket.next(status('idle'), 60_000);
  await socket.next(status('starting'), 1_000);
  return { socket, windowId: created.body.window_id };
}

const tmux = (env: TestEnv, ...args: string[]) => {
  const out = Bun.spawnSync(['tmux', '-L', env.socket, ...args], { env: { ...process.env, TMUX: '' } });
  return out.stdout.toString().trim();
};
/** Waits for a message on the socket; a timeout says what the window's pane showed. */
async function expectNext(env: TestEnv, windowId: string, socket: WsClient, match: (m: Message) => boolean, timeoutMs: number): Promise<Message> {
  try {
    return await socket.next(match, timeoutMs);
  } catch (error) {
    throw new Error(`${(error as Error).message}\npane ${windowId}:\n${tmux(env, 'capture-pane', '-p', '-t', windowId)}`);
  }
}

/**
 * Types `text` into the session and waits for the message `done` matches. Claude Code can drop an
 * Enter that comes while it is still settling after start (README: press again): while the text
 * still sits in its input box, Enter is pressed again, as a person would.
 */
async function typeUntil(gateway: GatewayProcess, env: TestEnv, channel: string, windowId: string, socket: WsClient, text: string, done: (m: Message) => boolean): Promise<Message> {
  expect((await api(gateway, 'POST', `/sessions/${channel}/input`, { text })).status).toBe(200);
  for (let tries = 0; tries < 4; tries++) {
    const seen = await socket.next(done, 10_000).catch(() => null);
    if (seen) return seen;
    if (tmux(env, 'capture-pane', '-p', '-t', windowId).includes(`❯ ${text}`)) await api(gateway, 'POST', `/sessions/${channel}/key`, { key: 'Enter' });
  }
  return expectNext(env, windowId, socket, done, 20_000);
}
const pong = (m: Message) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('PONG-from-mock');

/** The assistant's process: the child of the window's shell. */
async function assistantPid(env: TestEnv, windowId: string): Promise<number> {
  const shell = Number(tmux(env, 'display-message', '-p', '-t', windowId, '#{pane_pid}'));
  return waitFor(() => {
    try {
      return Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(/\s+/)[0]) || null;
    } catch {
      return null;
    }
  }, `the assistant under shell ${shell}`);
}

describe.skipIf(!claudeAvailable)('session life cycle with the real Claude Code and a real agentgw process', () => {
  it('an assistant that exits, crashes or is killed is done with the reason; a window killed from outside is dead and forgotten', async () => {
    const s = await setup('life-end');
    const global = await ws(s.gateway);
    const exit = await claudeSession(s, 'exits');
    const crash = await claudeSession(s, 'crashes');
    const killed = await claudeSession(s, 'killed');
    const gone = await claudeSession(s, 'window-killed');

    await typeUntil(s.gateway, s.env, 'exits', exit.windowId, exit.socket, '/exit', status('done', 'Done'));

    process.kill(await assistantPid(s.env, crash.windowId), 'SIGSEGV');
    await expectNext(s.env, crash.windowId, crash.socket, status('done', 'Exited: Segmentation fault'), 60_000);

    process.kill(await assistantPid(s.env, killed.windowId), 'SIGKILL');
    await expectNext(s.env, killed.windowId, killed.socket, status('done', 'Exited: Killed'), 60_000);

    tmux(s.env, 'kill-window', '-t', gone.windowId);
    expect(await gone.socket.next(status('dead'), 30_000)).toMatchObject({ display_label: 'Dead', interactive: false, prompt_state: null });
    await global.next((m) => m.type === 'window.change' && m.change_type === 'died' && m.window_id === gone.windowId, 30_000);
    await global.next((m) => m.type === 'window.change' && m.change_type === 'removed' && m.window_id === gone.windowId, 30_000);
    expect((await api(s.gateway, 'GET', '/sessions/window-killed')).status).toBe(404);
    // A client that connects later still learns what became of the channel.
    const late = await ws(s.gateway, 'window-killed');
    expect(await late.next((m) => m.type === 'agent.status', 10_000)).toMatchObject({ status: 'dead', display_label: 'Dead' });
    // The ended assistants' windows stay (done is not dead), each reported once.
    const listed = (await api(s.gateway, 'GET', '/sessions')).body.sessions.map((w: Message) => w.channel_id).sort();
    expect(listed).toEqual(['crashes', 'exits', 'killed']);
    for (const socket of [exit.socket, crash.socket, killed.socket]) expect(socket.messages.filter(status('done'))).toEqual([]);
  }, 240_000);

  it('the tmux server killed: every session is dead and forgotten, and a new session on the reused window id starts clean', async () => {
    const s = await setup('life-tmux');
    const global = await ws(s.gateway);
    const first = await claudeSession(s, 'before');
    const shellSocket = await ws(s.gateway, 'shell');
    const shellWindow = (await api(s.gateway, 'POST', '/sessions', { channel_id: 'shell', provider: 'shell', work_dir: s.proj })).body.window_id;
    await shellSocket.next(status('idle'), 30_000);

    tmux(s.env, 'kill-server');
    await first.socket.next(status('dead'), 30_000);
    await shellSocket.next(status('dead'), 30_000);
    await global.next((m) => m.type === 'window.change' && m.change_type === 'removed' && m.window_id === first.windowId, 30_000);
    expect((await api(s.gateway, 'GET', '/sessions')).body.sessions).toEqual([]);
    expect((await api(s.gateway, 'GET', '/sessions/before')).status).toBe(404);

    // A new tmux server numbers its windows from the start again: the new session gets the id the
    // dead one had, and must neither inherit its "assistant ran here" (→ done at once) nor its channel.
    const after = await claudeSession(s, 'after');
    expect(after.windowId).toBe(first.windowId);
    expect(after.socket.messages.filter((m) => m.type === 'agent.status' && (m.status === 'done' || m.status === 'dead'))).toEqual([]);
    expect((await api(s.gateway, 'GET', '/sessions/before')).status).toBe(404);
    // The shell session's old id too: its new channel drives the new window.
    const shellAgain = await api(s.gateway, 'POST', '/sessions', { channel_id: 'shell-after', provider: 'shell', work_dir: s.proj });
    expect(shellAgain.body.window_id).toBe(shellWindow);
    expect((await api(s.gateway, 'POST', '/sessions/shell-after/input', { text: 'echo reused-$((6*7))' })).status).toBe(200);
    await waitFor(async () => (await api(s.gateway, 'GET', '/sessions/shell-after/pane')).body.content.includes('reused-42'), 'the command to run in the new window');
    expect(shellSocket.messages.filter((m) => m.type === 'agent.status')).toEqual([]);
    expect(first.socket.messages.filter((m) => m.type === 'agent.status' || m.type === 'agent.message')).toEqual([]);
  }, 240_000);

  it('the gateway killed with SIGKILL and restarted: sessions re-adopted, clients told what happened while it was down', async () => {
    const s = await setup('life-restart');
    const live = await claudeSession(s, 'live');
    const gone = await claudeSession(s, 'gone');
    const exited = await claudeSession(s, 'exited');
    const hello = (await live.socket.next((m) => m.type === 'gateway.hello', 1_000).catch(() => null)) ?? { started_at: '' };

    await s.gateway.kill9();
    await live.socket.waitClosed(10_000);
    expect(readFileSync(join(s.env.dir, 'server.pid'), 'utf8').trim()).toBe(String(s.gateway.proc.pid));
    // While it is down: one window is killed, and one assistant exits (typed at the terminal).
    tmux(s.env, 'kill-window', '-t', gone.windowId);
    // As a person types it: the text, then Enter once it shows (Claude Code takes an Enter that
    // arrives with the text as part of it), again if the menu swallowed the first one.
    tmux(s.env, 'send-keys', '-t', exited.windowId, '-l', '/exit');
    await waitFor(() => tmux(s.env, 'capture-pane', '-p', '-t', exited.windowId).includes('❯ /exit'), '/exit typed');
    let polls = 0;
    await waitFor(() => {
      if (tmux(s.env, 'display-message', '-p', '-t', exited.windowId, '#{pane_current_command}') === 'bash') return true;
      if (polls++ % 40 === 0) tmux(s.env, 'send-keys', '-t', exited.windowId, 'Enter');
      return false;
    }, 'the assistant to exit', 30_000);

    // The PID file of the killed process is stale: the new one starts anyway.
    const again = await s.start();
    const liveAgain = await ws(again, 'live');
    const helloAgain = await liveAgain.next((m) => m.type === 'gateway.hello', 10_000);
    expect(helloAgain.started_at).not.toBe(hello.started_at);
    expect(await liveAgain.next((m) => m.type === 'agent.status', 30_000)).toMatchObject({ status: 'idle' });
    expect((await api(again, 'GET', '/sessions/live')).body).toMatchObject({ channel_id: 'live', window_id: live.windowId, provider: 'agent_a' });
    await typeUntil(again, s.env, 'live', live.windowId, liveAgain, 'say pong', pong);

    const goneAgain = await ws(again, 'gone');
    expect(await goneAgain.next((m) => m.type === 'agent.status', 10_000)).toMatchObject({ status: 'dead', display_label: 'Dead: the window was gone when the gateway started' });
    expect((await api(again, 'GET', '/sessions/gone')).status).toBe(404);

    // It ran before the restart (state.json says so): done, not "did not start".
    const exitedAgain = await ws(again, 'exited');
    expect(await exitedAgain.next((m) => m.type === 'agent.status', 30_000)).toMatchObject({ status: 'done', display_label: 'Done' });
  }, 240_000);
});
