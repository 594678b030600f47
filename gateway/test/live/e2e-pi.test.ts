import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync } from 'node:fs';
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
import { type MockAnthropic, startMockAnthropic } from './helpers/mock-anthropic';
import { piAvailable, piSetup } from './helpers/pi';
import { launchChromium } from '@devhub/shared/testing-chromium';

/**
 * The real Pi coding agent (npm @mariozechner/pi-coding-agent) as agent_d, offline against the
 * Messages API mock (its built-in Anthropic provider pointed there by models.json), driven only
 * through the gateway's API: it starts, replies, asks before a bash command through an extension
 * (Pi has no approval of its own; answered over REST, and with the web console's option button in
 * Chromium and a Telegram card's inline button), and quits; its session file gives the
 * messages and the ends of turns. Every status the channel was sent is checked in order.
 */
const env = testEnv('live-pi');
const proj = join(env.dir, 'proj');
const TOKEN = '555000333:AApi-bridge-token-0123456789';
const ALICE = 5353;
const telegram = startMockTelegram(TOKEN);
let mock: MockAnthropic;
let server: RunningServer;
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
const status = (s: string) => (m: Message) => m.type === 'agent.status' && m.status === s;
/** Forgets queued statuses, so the next wait sees only what follows the step about to be taken. */
const drain = () => { for (let i = channel.messages.length - 1; i >= 0; i--) if (channel.messages[i]!.type === 'agent.status') channel.messages.splice(i, 1); };

beforeAll(async () => {
  if (!piAvailable) return;
  mock = startMockAnthropic();
  mkdirSync(proj);
  const { config, tmuxEnv } = piSetup(env, mock, {
    bridge: { default_dir: env.dir, edit_interval_ms: 200, pane_poll_ms: 200, telegram: { enabled: true, bot_token: TOKEN, api_base: telegram.apiBase, poll_timeout_s: 2, allowed_users: [ALICE] } },
  });
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService(), new NotifyService([]), new BridgeService({ screenshot: screenshotWindow })), tmuxEnv });
  channel = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/pi`);
  channel.ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
  expect((await api('/sessions', { channel_id: 'pi', provider: 'pi', work_dir: proj })).status).toBe(200);
}, 60_000);

afterAll(() => teardown(() => channel?.close(), () => server?.stop(), () => mock?.stop(), () => telegram.stop(), () => reapProcessesIn(env.dir, 0), env.cleanup));

describe.skipIf(!piAvailable)('the real Pi coding agent through the gateway', () => {
  it('starts, replies, asks before a command (answered over REST), runs it, is interrupted with Escape, and is done after /quit', async () => {
    await channel.next(status('idle'), 60_000);
    expect(statuses()).toEqual(['starting', 'idle']);

    drain();
    expect((await api('/sessions/pi/input', { text: 'say pong, HOLD' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    mock.release();
    await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('HELD-REPLY-from-mock'), 60_000);
    await channel.next(status('idle'), 30_000);
    expect(messages().filter((m) => m.content_type === 'text').map((m) => m.text)).toEqual(['say pong, HOLD', 'HELD-REPLY-from-mock']);

    drain();
    expect((await api('/sessions/pi/input', { text: 'RUN_TOOL, HOLD' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    mock.release();
    const ask = await channel.next(status('interactive'), 60_000);
    expect(ask.prompt_state).toEqual({
      type: 'permission', question: 'Do you want to run this command?', options: [{ index: 1, label: 'Yes' }, { index: 2, label: 'No' }], selected: 1,
    });
    drain();
    expect((await api('/sessions/pi/answer', { option: 1, question: 'Do you want to run this command?' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    mock.release();
    await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('TOOL-DONE-from-mock'), 60_000);
    await channel.next(status('idle'), 30_000);
    expect(existsSync(join(proj, 'created-by-tool.txt'))).toBe(true);
    expect(messages().find((m) => m.content_type === 'tool_use')).toMatchObject({ tool_name: 'bash', text: '**bash**(touch created-by-tool.txt)' });
    expect(messages().find((m) => m.content_type === 'tool_result')).toMatchObject({ tool_name: 'bash', text: '(no output)' });

    // Interrupted with Escape while the model has not answered.
    drain();
    expect((await api('/sessions/pi/input', { text: 'wait, HOLD' })).status).toBe(200);
    await channel.next(status('working'), 60_000);
    drain();
    expect((await api('/sessions/pi/key', { key: 'Escape' })).status).toBe(200);
    await channel.next(status('idle'), 30_000).catch(async (e) => { throw new Error(`${(e as Error).message}\npane:\n${(await api('/sessions/pi/pane')).body.content}`); });
    mock.release();

    drain();
    expect((await api('/sessions/pi/input', { text: '/quit' })).status).toBe(200);
    await channel.next(status('done'), 60_000);
    expect(statuses()).toEqual(['starting', 'idle', 'working', 'idle', 'working', 'interactive', 'working', 'idle', 'working', 'idle', 'done']);
  }, 300_000);

  it('is done with the signal when it crashes, and dead when its window is killed', async () => {
    const { crashed, killed } = await crashAndKill(server, 'pi', proj, 'pi');
    expect(crashed.statuses).toEqual(['starting', 'idle', 'done']);
    expect(crashed.last.display_label).toMatch(/^Exited: Segmentation fault/);
    expect(killed.statuses).toEqual(['starting', 'idle', 'dead']);
  }, 180_000);

  it('asks before a command, answered with the web console\'s option button in Chromium and with a Telegram card\'s inline button', async () => {
    // The console: a session made over REST, opened in the page, the prompt typed in its message box.
    const web = join(env.dir, 'web');
    mkdirSync(web);
    expect((await api('/sessions', { channel_id: 'pi-web', provider: 'pi', work_dir: web })).status).toBe(200);
    const browser = await launchChromium({ args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${server.url}/`);
      await page.click('#session-list li[data-channel="pi-web"] button.open');
      await waitFor(async () => (await page.locator('#session-list li[data-channel="pi-web"] .badge').textContent()) === 'idle', 'pi idle in the console', 60_000);
      await page.fill('#input-text', 'RUN_TOOL');
      await page.click('#input-form button');
      await waitFor(async () => (await page.isVisible('#prompt')) && (await page.locator('#prompt-question').textContent()) === 'Do you want to run this command?', 'the approval in the console', 60_000);
      expect(existsSync(join(web, 'created-by-tool.txt'))).toBe(false);
      await page.locator('#prompt-options button', { hasText: /^1\. Yes$/ }).click();
      await waitFor(() => existsSync(join(web, 'created-by-tool.txt')), 'the command run after the console click', 60_000);
      await waitFor(async () => (await page.locator('.bubble').allTextContents()).includes('TOOL-DONE-from-mock'), 'the reply after the command', 60_000);
    } finally {
      await browser.close();
    }

    // Telegram: started with /new, the prompt sent as a chat message, the approval answered with the card's button.
    const tg = join(env.dir, 'tg');
    mkdirSync(tg);
    const chat = String(ALICE);
    telegram.say(chat, ALICE, `/new pi ${tg}`);
    await waitFor(() => telegram.inChat(chat).find((m) => !m.photo && /Started tg/.test(telegram.visibleText(m.text))), 'the session started from Telegram', 60_000);
    await waitFor(async () => (await api(`/sessions/telegram:${chat}`)).body.status === 'idle', 'pi idle for Telegram', 60_000);
    telegram.say(chat, ALICE, 'RUN_TOOL');
    const card = await waitFor(() => telegram.inChat(chat).find((m) => m.keyboard.length > 0 && /Do you want to run this command\?/.test(telegram.visibleText(m.text))), 'the approval card', 60_000);
    expect(card.keyboard.flat().map((b) => b.text)).toEqual(['1. Yes', '2. No']);
    expect(existsSync(join(tg, 'created-by-tool.txt'))).toBe(false);
    const pressed = telegram.press(card.message_id, '1. Yes', ALICE);
    await waitFor(() => telegram.answers.find((a) => a.callback_query_id === pressed.queryId), 'the answer toast', 30_000);
    expect(telegram.answers.find((a) => a.callback_query_id === pressed.queryId)!.text).toBe('Answered: 1. Yes');
    await waitFor(() => existsSync(join(tg, 'created-by-tool.txt')), 'the command run after the button', 60_000);
    await waitFor(() => telegram.inChat(chat).find((m) => !m.photo && /TOOL-DONE-from-mock/.test(telegram.visibleText(m.text))), 'the reply after the command in the chat', 60_000);
    expect(telegram.violations).toEqual([]);
  }, 240_000);
  it('follows the new session Pi starts with /new in the same window', async () => {
    const folder = join(env.dir, 'renew');
    mkdirSync(folder);
    const socket = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/pi-new`);
    const got: Message[] = [];
    socket.ws.addEventListener('message', (e) => got.push(JSON.parse(String(e.data))));
    const texts = () => got.filter((m) => m.type === 'agent.message').flatMap((m) => (m.messages as Array<{ text: string }>).map((x) => x.text));
    const idle = () => waitFor(async () => (await api('/sessions/pi-new')).body.status === 'idle', 'pi idle', 60_000);
    const seen = (what: string, ok: () => boolean) => waitFor(ok, what, 60_000)
      .catch(async (e) => { throw new Error(`${(e as Error).message}\nmessages: ${JSON.stringify(texts())}\npane:\n${(await api('/sessions/pi-new/pane')).body.content}`); });
    try {
      expect((await api('/sessions', { channel_id: 'pi-new', provider: 'pi', work_dir: folder })).status).toBe(200);
      await socket.next(status('idle'), 60_000);
      expect((await api('/sessions/pi-new/input', { text: 'in the first session' })).status).toBe(200);
      await seen('the first reply', () => texts().includes('PONG-from-mock'));
      await idle();
      expect((await api('/sessions/pi-new/input', { text: '/new' })).status).toBe(200);
      await waitFor(async () => !((await api('/sessions/pi-new/pane')).body.content as string).includes('in the first session'), 'the new session on screen', 30_000);
      expect((await api('/sessions/pi-new/input', { text: 'in the second session' })).status).toBe(200);
      await seen('the reply in the new session', () => texts().filter((t) => t === 'PONG-from-mock').length === 2);
      expect(texts()).toEqual(['in the first session', 'PONG-from-mock', 'in the second session', 'PONG-from-mock']);
    } finally {
      socket.close();
      await fetch(`${server.url}/api/v1/sessions/pi-new`, { method: 'DELETE' });
    }
  }, 180_000);
});
