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
import { geminiAvailable, geminiSetup } from './helpers/gemini';
import { type MockGemini, startMockGemini } from './helpers/mock-gemini';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * The real Gemini CLI (npm @google/gemini-cli) as agent_c, offline against a local Gemini API mock
 * (helpers/mock-gemini.ts), with the gateway's hooks installed in its settings by `agentgw hooks
 * install --gemini`, driven through the gateway: the tool approval answered over REST (and with
 * the web console's option button in Chromium and a Telegram card's inline button),
 * messages from its chat log, AfterAgent (as Stop) from its hooks, and every status the channel
 * was sent, in order.
 */
const CLI = join(import.meta.dir, '../../src/cli/index.ts');
const env = testEnv('live-gemini');
const proj = join(env.dir, 'proj');
const web = join(env.dir, 'web');
const tg = join(env.dir, 'tg');
const TOKEN = '555000222:AAgemini-bridge-token-0123456789';
const ALICE = 5252;
const telegram = startMockTelegram(TOKEN);
let mock: MockGemini;
let server: RunningServer;
let global: WsClient;
let channel: WsClient;

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
/** Rethrows a timeout with what the gateway says of the session and its pane: the evidence a slow or stuck start leaves. */
const withPane = (channelId: string) => async (e: unknown): Promise<never> => {
  const session = await api(`/sessions/${encodeURIComponent(channelId)}`).catch(() => null);
  const pane = await api(`/sessions/${encodeURIComponent(channelId)}/pane`).catch(() => null);
  throw new Error(`${(e as Error).message}\nstatus over REST: ${session?.body?.status}\npane:\n${pane?.body?.content}`);
};
const status = (s: string) => (m: Message) => m.type === 'agent.status' && m.status === s;
/** Forgets queued statuses, so the next wait sees only what follows the step about to be taken. */
const drain = () => { for (let i = channel.messages.length - 1; i >= 0; i--) if (channel.messages[i]!.type === 'agent.status') channel.messages.splice(i, 1); };
/** A hook event of `window` (the global socket also carries other tests' windows). */
const hook = (event: string, window?: string) => (m: Message) => m.type === 'hook.event' && m.event_type === event && (!window || m.window_id === window);

beforeAll(async () => {
  if (!geminiAvailable) return;
  mock = startMockGemini();
  for (const dir of [proj, web, tg]) mkdirSync(dir);
  // Trusted beforehand: answering the trust dialog restarts the CLI, and the restarted one does not
  // always run its hooks (the dialog itself is checked on its captured screen, status/pane.test.ts).
  const { config, tmuxEnv } = geminiSetup(env, mock, {
    bridge: { default_dir: env.dir, edit_interval_ms: 200, pane_poll_ms: 200, telegram: { enabled: true, bot_token: TOKEN, api_base: telegram.apiBase, poll_timeout_s: 2, allowed_users: [ALICE] } },
  }, [proj, web, tg]);
  await using install = Bun.spawn(['bun', CLI, 'hooks', 'install', '--gemini'], { env: { ...process.env, HOME: env.dir, GW_DIR: env.dir }, stdout: 'pipe', stderr: 'pipe' });
  expect(await install.exited).toBe(0);
  const settings = JSON.parse(readFileSync(join(env.dir, '.gemini', 'settings.json'), 'utf8'));
  expect(Object.keys(settings.hooks).sort()).toEqual(['AfterAgent', 'Notification', 'SessionEnd', 'SessionStart']);
  expect(settings.security.auth.selectedType).toBe('gemini-api-key');
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService(), new NotifyService([]), new BridgeService({ screenshot: screenshotWindow })), tmuxEnv });
  global = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
  channel = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/gm`);
  channel.ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
  expect((await api('/sessions', { channel_id: 'gm', provider: 'gemini', work_dir: proj })).status).toBe(200);
}, 60_000);

afterAll(() => teardown(() => global?.close(), () => channel?.close(), () => server?.stop(), () => mock?.stop(), () => telegram.stop(), () => reapProcessesIn(env.dir, 0), env.cleanup));

describe.skipIf(!geminiAvailable)('the real Gemini CLI through the gateway', () => {
  it('starts, replies, asks before a command (answered over REST), reports its hooks, is interrupted with Escape, and is done after /quit', async () => {
    await channel.next(status('idle'), 60_000);

    drain();
    expect((await api('/sessions/gm/input', { text: 'say pong, HOLD' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    mock.release();
    await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('GEMINI-PONG'), 60_000);
    // AfterAgent, recorded as Stop with Gemini's own time and payload.
    const stop = await global.next(hook('Stop', (await api('/sessions/gm')).body.window_id), 30_000);
    const raw = (stop.data as { raw: Record<string, unknown> }).raw;
    expect(raw).toMatchObject({ hook_event_name: 'AfterAgent', prompt: 'say pong, HOLD' });
    expect(String(raw.prompt_response)).toContain('GEMINI-PONG');
    expect(String(raw.transcript_path)).toContain('.gemini');
    await channel.next(status('idle'), 30_000);
    expect(messages().filter((m) => m.content_type === 'text').map((m) => m.text)).toEqual(['say pong, HOLD', 'GEMINI-PONG']);

    drain();
    expect((await api('/sessions/gm/input', { text: 'RUN_TOOL, HOLD' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    mock.release();
    const ask = await channel.next(status('interactive'), 60_000);
    expect(ask.prompt_state).toMatchObject({ type: 'permission', selected: 1 });
    const question = (ask.prompt_state as { question: string }).question;
    expect(question).toContain('Allow execution');
    drain();
    expect((await api('/sessions/gm/answer', { option: 1, question })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    mock.release();
    await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('GEMINI-TOOL-DONE'), 60_000);
    await channel.next(status('idle'), 30_000);
    expect(existsSync(join(proj, 'created-by-gemini.txt'))).toBe(true);
    expect(messages().find((m) => m.content_type === 'tool_use')).toMatchObject({ tool_name: 'run_shell_command' });
    expect(messages().some((m) => m.content_type === 'tool_result')).toBe(true);

    // Interrupted with Escape while the model has not answered.
    drain();
    expect((await api('/sessions/gm/input', { text: 'wait, HOLD' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    expect((await api('/sessions/gm/key', { key: 'Escape' })).status).toBe(200);
    await channel.next(status('idle'), 30_000).catch(async (e) => { throw new Error(`${(e as Error).message}\npane:\n${(await api('/sessions/gm/pane')).body.content}`); });
    mock.release();

    drain();
    expect((await api('/sessions/gm/input', { text: '/quit' })).status).toBe(200);
    await channel.next(status('done'), 60_000);
    expect(statuses()).toEqual(['starting', 'idle', 'working', 'idle', 'working', 'interactive', 'working', 'idle', 'working', 'idle', 'done']);
  }, 300_000);

  it('is done with the signal when it crashes, and dead when its window is killed', async () => {
    const { crashed, killed } = await crashAndKill(server, 'gemini', proj, 'gm');
    expect(crashed.statuses).toEqual(['starting', 'idle', 'done']);
    expect(crashed.last.display_label).toMatch(/^Exited: Segmentation fault/);
    expect(killed.statuses).toEqual(['starting', 'idle', 'dead']);
  }, 180_000);

  it('asks before a command, answered with the web console\'s option button in Chromium and with a Telegram card\'s inline button', async () => {
    // The console: a session made over REST, opened in the page, the prompt typed in its message box.
    expect((await api('/sessions', { channel_id: 'gm-web', provider: 'gemini', work_dir: web })).status).toBe(200);
    const browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${server.url}/`);
      await page.click('#session-list li[data-channel="gm-web"] button.open');
      await waitFor(async () => (await page.locator('#session-list li[data-channel="gm-web"] .badge').textContent()) === 'idle', 'gemini idle in the console', 60_000).catch(withPane('gm-web'));
      await page.fill('#input-text', 'RUN_TOOL');
      await page.click('#input-form button');
      await waitFor(async () => (await page.isVisible('#prompt')) && /Allow execution/.test((await page.locator('#prompt-question').textContent()) ?? ''), 'the approval in the console', 60_000);
      expect(existsSync(join(web, 'created-by-gemini.txt'))).toBe(false);
      await page.locator('#prompt-options button', { hasText: /^1\. Allow once$/ }).click();
      await waitFor(() => existsSync(join(web, 'created-by-gemini.txt')), 'the command run after the console click', 60_000);
      await waitFor(async () => (await page.locator('.bubble').allTextContents()).includes('GEMINI-TOOL-DONE'), 'the reply after the command', 60_000);
    } finally {
      await browser.close();
    }

    // Telegram: started with /new, the prompt sent as a chat message, the approval answered with the card's button.
    const chat = String(ALICE);
    telegram.say(chat, ALICE, `/new gemini ${tg}`);
    await waitFor(() => telegram.inChat(chat).find((m) => !m.photo && /Started tg/.test(telegram.visibleText(m.text))), 'the session started from Telegram', 60_000);
    await waitFor(async () => (await api(`/sessions/telegram:${chat}`)).body.status === 'idle', 'gemini idle for Telegram', 60_000).catch(withPane(`telegram:${chat}`));
    telegram.say(chat, ALICE, 'RUN_TOOL');
    const card = await waitFor(() => telegram.inChat(chat).find((m) => m.keyboard.length > 0 && /Allow execution/.test(telegram.visibleText(m.text))), 'the approval card', 60_000);
    expect(card.keyboard.flat()[0]!.text).toBe('1. Allow once');
    expect(existsSync(join(tg, 'created-by-gemini.txt'))).toBe(false);
    const pressed = telegram.press(card.message_id, '1. Allow once', ALICE);
    await waitFor(() => telegram.answers.find((a) => a.callback_query_id === pressed.queryId), 'the answer toast', 30_000);
    expect(telegram.answers.find((a) => a.callback_query_id === pressed.queryId)!.text).toBe('Answered: 1. Allow once');
    await waitFor(() => existsSync(join(tg, 'created-by-gemini.txt')), 'the command run after the button', 60_000);
    await waitFor(() => telegram.inChat(chat).find((m) => !m.photo && /GEMINI-TOOL-DONE/.test(telegram.visibleText(m.text))), 'the reply after the command in the chat', 60_000);
    expect(telegram.violations).toEqual([]);
  }, 240_000);
});
