import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { BridgeService } from '../../src/bridge/service';
import { LiveService, screenshotWindow } from '../../src/live';
import { NotifyService } from '../../src/notify';
import type { RunningServer } from '../../src/server';
import { startMockTelegram } from '../bridge/helpers/mock-telegram';
import { reapProcessesIn, startTestServer, testEnv, teardown, waitFor } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';
import { crashAndKill } from './helpers/endings';
import { codexAvailable, codexDaemonLeftovers, codexSetup } from './helpers/codex';
import { type MockOpenAI, startMockOpenAI } from './helpers/mock-openai';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * The real Codex CLI (npm @openai/codex) as agent_b, offline against a local Responses API mock
 * (helpers/mock-openai.ts), driven only through the gateway's API: it starts, answers, asks to run
 * a command (answered over REST, with the web console's option button in Chromium, and with a
 * Telegram card's inline button through a local Bot API), and exits; its rollout file gives the
 * messages. Every status the channel was sent is checked in order.
 */
const TOKEN = '555000111:AAcodex-bridge-token-0123456789';
const ALICE = 5151;
const telegram = startMockTelegram(TOKEN);
const env = testEnv('live-codex');
const proj = join(env.dir, 'proj');
let mock: MockOpenAI;
let server: RunningServer;
let channel: WsClient;
let global: WsClient;
let removeDaemonLeftovers: (() => Promise<void>) | undefined;
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

const api = async (path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
type Message = Record<string, unknown>;
const received: Message[] = [];
const statuses = () => received.filter((m) => m.type === 'agent.status').map((m) => m.status as string).filter((s, i, all) => s !== all[i - 1]);
const messages = () => received.filter((m) => m.type === 'agent.message').flatMap((m) => m.messages as Array<{ text: string; content_type: string; tool_name: string | null }>);
const status = (s: string) => (m: Message) => m.type === 'agent.status' && m.status === s;
/** The channel's next status `s`; on a timeout the error shows the pane, so a failure says what Codex drew. */
const nextStatus = (s: string, timeoutMs: number) => channel.next(status(s), timeoutMs)
  .catch(async (e) => { throw new Error(`${(e as Error).message}\nstatuses so far: ${JSON.stringify(statuses())}\npane:\n${(await api('/sessions/cx/pane')).body.content}`); });
/**
 * Waits until the poller itself reports the window idle: the turn's Stop can reach the global
 * socket before the poll that turns the status idle, and input sent in between would find the
 * status still `working` (no change, so no `working` to wait for).
 */
const settledIdle = () => waitFor(async () => (await api('/sessions/cx')).body.status === 'idle', 'the window idle again', 30_000);
/** Codex's notify for `window`'s turn that ended with `text`, as `hook.event` Stop on the global socket. */
const codexStop = (window: string, text: string) => (m: Message) =>
  m.type === 'hook.event' && m.event_type === 'Stop' && m.window_id === window && (m.data as { raw?: Record<string, unknown> }).raw?.['last-assistant-message'] === text;
/** Forgets queued statuses, so the next wait sees only what follows the step about to be taken. */
const drain = () => { for (let i = channel.messages.length - 1; i >= 0; i--) if (channel.messages[i]!.type === 'agent.status') channel.messages.splice(i, 1); };

beforeAll(async () => {
  if (!codexAvailable) return;
  removeDaemonLeftovers = codexDaemonLeftovers();
  mock = startMockOpenAI();
  mkdirSync(proj);
  const { config, tmuxEnv } = codexSetup(env, mock, {
    bridge: { default_dir: env.dir, edit_interval_ms: 200, pane_poll_ms: 200, telegram: { enabled: true, bot_token: TOKEN, api_base: telegram.apiBase, poll_timeout_s: 2, allowed_users: [ALICE] } },
  });
  // Its notify program goes in through the CLI a user would run.
  await using install = Bun.spawn(['bun', CLI, 'hooks', 'install', '--codex'], { env: { ...process.env, HOME: env.dir, GW_DIR: env.dir, CODEX_HOME: tmuxEnv.CODEX_HOME }, stdout: 'pipe', stderr: 'pipe' });
  expect(await install.exited).toBe(0);
  expect(readFileSync(join(tmuxEnv.CODEX_HOME!, 'config.toml'), 'utf8')).toStartWith('notify = ["sh", "-c", ');
  const bridge = new BridgeService({ screenshot: screenshotWindow });
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService(), new NotifyService([]), bridge), tmuxEnv });
  global = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
  channel = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/cx`);
  channel.ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
  expect((await api('/sessions', { channel_id: 'cx', provider: 'codex', work_dir: proj })).status).toBe(200);
}, 60_000);

// Codex leaves its app-server daemon running (its cwd is the project): end it with the rest, then its sockets in /tmp.
afterAll(() => teardown(() => global?.close(), () => channel?.close(), () => server?.stop(), () => mock?.stop(), () => telegram.stop(), () => reapProcessesIn(env.dir, 0), removeDaemonLeftovers, env.cleanup));

describe.skipIf(!codexAvailable)('the real Codex CLI through the gateway', () => {
  it('starts, replies, asks before a command (answered over REST), runs it, is interrupted with Escape, and is done after /exit', async () => {
    await nextStatus('idle', 60_000);
    expect(statuses()).toEqual(['starting', 'idle']);

    // HOLD keeps each model stream open until released, so every state is seen before the next.
    drain();
    expect((await api('/sessions/cx/input', { text: 'say pong, HOLD' })).status).toBe(200);
    await nextStatus('working', 60_000);
    drain();
    mock.release();
    await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('CODEX-PONG'), 60_000);
    await nextStatus('idle', 30_000);
    expect(messages().filter((m) => m.content_type === 'text').map((m) => m.text)).toEqual(['say pong, HOLD', 'CODEX-PONG']);
    // Its notify program, run by Codex after the turn, is this window's Stop.
    const window = (await api('/sessions/cx')).body.window_id;
    const stop = await global.next(codexStop(window, 'CODEX-PONG'), 30_000);
    expect((stop.data as { raw: Record<string, unknown> }).raw).toMatchObject({ type: 'agent-turn-complete', cwd: proj, window_name: 'proj' });

    await settledIdle();
    drain();
    expect((await api('/sessions/cx/input', { text: 'RUN_TOOL, HOLD' })).status).toBe(200);
    await nextStatus('working', 60_000);
    drain();
    mock.release();
    const ask = await nextStatus('interactive', 60_000);
    expect(ask.prompt_state).toMatchObject({ type: 'permission', question: 'Would you like to run the following command?', selected: 1 });
    expect((ask.prompt_state as { options: Array<{ label: string }> }).options[0]!.label).toBe('Yes, proceed (y)');
    const detail = await api('/sessions/cx');
    expect(detail.body).toMatchObject({ status: 'interactive', prompt_state: { type: 'permission' } });
    drain();
    const answered = await api('/sessions/cx/answer', { option: 1, question: 'Would you like to run the following command?' });
    expect(answered).toMatchObject({ status: 200, body: { option: { index: 1, label: 'Yes, proceed (y)' } } });
    await nextStatus('working', 60_000);
    drain();
    mock.release();
    await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('CODEX-TOOL-DONE'), 60_000);
    await nextStatus('idle', 30_000);
    expect(existsSync(join(proj, 'created-by-codex.txt'))).toBe(true);
    const tool = messages().find((m) => m.content_type === 'tool_use');
    expect(tool).toMatchObject({ tool_name: 'exec_command', text: '**exec_command**(touch created-by-codex.txt)' });
    expect(messages().some((m) => m.content_type === 'tool_result')).toBe(true);

    // Interrupted with Escape while the model has not answered: the rollout's turn_aborted ends the turn.
    await settledIdle();
    drain();
    expect((await api('/sessions/cx/input', { text: 'wait, HOLD' })).status).toBe(200);
    await nextStatus('working', 60_000);
    drain();
    expect((await api('/sessions/cx/key', { key: 'Escape' })).status).toBe(200);
    await channel.next(status('idle'), 30_000).catch(async (e) => {
      const rollouts = Bun.spawnSync(['bash', '-c', `cat $(find ${env.dir}/.codex/sessions -name '*.jsonl') | cut -c1-220 | tail -12`]).stdout.toString();
      throw new Error(`${(e as Error).message}\n${JSON.stringify(received.filter((m) => m.type === 'agent.status').slice(-4))}\nrollout:\n${rollouts}\npane:\n${(await api('/sessions/cx/pane')).body.content}`);
    });
    drain();
    mock.release();
    // The note Codex writes for the model about the interrupt is not something the user said.
    expect(messages().filter((m) => m.text.includes('turn_aborted'))).toEqual([]);

    const pane = (await api('/sessions/cx/pane')).body.content as string;
    drain();
    expect((await api('/sessions/cx/input', { text: '/exit' })).status).toBe(200);
    await channel.next(status('done'), 60_000).catch(async (e) => { throw new Error(`${(e as Error).message}\nbefore:\n${pane}\npane:\n${(await api('/sessions/cx/pane')).body.content}`); });
    expect(statuses()).toEqual(['starting', 'idle', 'working', 'idle', 'working', 'interactive', 'working', 'idle', 'working', 'idle', 'done']);
  }, 300_000);

  it('asks to trust a git repository, answered over REST, then takes input', async () => {
    const repo = join(env.dir, 'repo');
    mkdirSync(repo);
    expect(Bun.spawnSync(['git', 'init', '-q', repo]).exitCode).toBe(0);
    const socket = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/cx-trust`);
    const seen: string[] = [];
    socket.ws.addEventListener('message', (e) => { const m = JSON.parse(String(e.data)); if (m.type === 'agent.status') seen.push(m.status); });
    try {
      expect((await api('/sessions', { channel_id: 'cx-trust', provider: 'codex', work_dir: repo })).status).toBe(200);
      const trust = await socket.next(status('interactive'), 60_000);
      expect(trust.prompt_state).toMatchObject({ type: 'trust', question: 'Trust this folder?', selected: 1 });
      expect((await api('/sessions/cx-trust/answer', { option: 1, question: 'Trust this folder?' })).status).toBe(200);
      await socket.next(status('idle'), 60_000);
      expect(seen.filter((s, i) => s !== seen[i - 1])).toEqual(['starting', 'interactive', 'idle']);
      expect((await api('/sessions/cx-trust/input', { text: 'say pong' })).status).toBe(200);
      await socket.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('CODEX-PONG'), 60_000);
    } finally {
      socket.close();
    }
  }, 180_000);

  it('is done with the signal when it crashes, and dead when its window is killed', async () => {
    const { crashed, killed } = await crashAndKill(server, 'codex', proj, 'cx');
    expect(crashed.statuses).toEqual(['starting', 'idle', 'done']);
    expect(crashed.last.display_label).toMatch(/^Exited: Segmentation fault/);
    expect(killed.statuses).toEqual(['starting', 'idle', 'dead']);
  }, 180_000);

  it('asks before a command, answered with the web console\'s option button in Chromium and with a Telegram card\'s inline button', async () => {
    // The console: a session made over REST, opened in the page, the prompt typed in its message box.
    const web = join(env.dir, 'web');
    mkdirSync(web);
    expect((await api('/sessions', { channel_id: 'cx-web', provider: 'codex', work_dir: web })).status).toBe(200);
    const browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${server.url}/`);
      await page.click('#session-list li[data-channel="cx-web"] button.open');
      await waitFor(async () => (await page.locator('#session-list li[data-channel="cx-web"] .badge').textContent()) === 'idle', 'codex idle in the console', 60_000);
      await page.fill('#input-text', 'RUN_TOOL');
      await page.click('#input-form button');
      await waitFor(async () => (await page.isVisible('#prompt')) && (await page.locator('#prompt-question').textContent()) === 'Would you like to run the following command?', 'the approval in the console', 60_000);
      expect(existsSync(join(web, 'created-by-codex.txt'))).toBe(false);
      await page.locator('#prompt-options button', { hasText: /^1\. Yes, proceed \(y\)$/ }).click();
      await waitFor(() => existsSync(join(web, 'created-by-codex.txt')), 'the command run after the console click', 60_000);
      await waitFor(async () => (await page.locator('.bubble').allTextContents()).includes('CODEX-TOOL-DONE'), 'the reply after the command', 60_000);
      // Codex runs notify from the daemon the first Codex window started (with that window's
      // $TMUX_PANE): the Stop must still be this window's, found by its thread's rollout.
      const window = (await api('/sessions/cx-web')).body.window_id;
      const stop = await global.next(codexStop(window, 'CODEX-TOOL-DONE'), 30_000);
      expect((stop.data as { raw: Record<string, unknown> }).raw).toMatchObject({ cwd: web, window_name: 'web' });
    } finally {
      await browser.close();
    }

    // Telegram: started with /new, the prompt sent as a chat message, the approval answered with the card's button.
    const tg = join(env.dir, 'tg');
    mkdirSync(tg);
    const chat = String(ALICE);
    const inChat = (match: RegExp, what: string) => waitFor(() => telegram.inChat(chat).find((m) => !m.photo && match.test(telegram.visibleText(m.text))), what, 60_000);
    telegram.say(chat, ALICE, `/new codex ${tg}`);
    await inChat(/Started tg/, 'the session started from Telegram');
    await waitFor(async () => (await api(`/sessions/telegram:${chat}`)).body.status === 'idle', 'codex idle for Telegram', 60_000);
    telegram.say(chat, ALICE, 'RUN_TOOL');
    const card = await waitFor(() => telegram.inChat(chat).find((m) => m.keyboard.length > 0 && /Would you like to run the following command\?/.test(telegram.visibleText(m.text))), 'the approval card', 60_000);
    expect(card.keyboard.flat().map((b) => b.text)[0]).toBe('1. Yes, proceed (y)');
    expect(existsSync(join(tg, 'created-by-codex.txt'))).toBe(false);
    const pressed = telegram.press(card.message_id, '1. Yes, proceed (y)', ALICE);
    await waitFor(() => telegram.answers.find((a) => a.callback_query_id === pressed.queryId), 'the answer toast', 30_000);
    expect(telegram.answers.find((a) => a.callback_query_id === pressed.queryId)!.text).toBe('Answered: 1. Yes, proceed (y)');
    await waitFor(() => existsSync(join(tg, 'created-by-codex.txt')), 'the command run after the button', 60_000);
    await inChat(/CODEX-TOOL-DONE/, 'the reply after the command in the chat');
    expect(telegram.violations).toEqual([]);
  }, 240_000);
});
