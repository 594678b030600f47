import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { bridgeGateway } from './helpers/bridge-gateway';
import { startMockTelegram } from './helpers/mock-telegram';

// The Telegram bridge end to end: a local Bot API (mock-telegram.ts) queues users' updates for the
// gateway's getUpdates long polling and records what the bot sends; sessions are real shells and the
// fake assistant in windows of a private tmux server.
const TOKEN = '123456789:AAbot-token-SECRET-value-0123456789';
const ALICE = 4242;
const MALLORY = 6666;
const env = testEnv('telegram-bridge');
const FAKE = join(import.meta.dir, '..', 'live', 'helpers', 'fake-assistant.ts');
const telegram = startMockTelegram(TOKEN);
const { bridge, lines, work, start } = bridgeGateway(env);
let server: RunningServer;

beforeAll(async () => {
  server = await start(
    { telegram: { enabled: true, bot_token: TOKEN, api_base: telegram.apiBase, poll_timeout_s: 2, allowed_users: [ALICE], notify_chats: ['-100777'] } },
    { agent_a_config_dir: join(env.dir, '.claude'), providers: { agent_a: { command: `bun ${FAKE}`, yolo_flags: '' } } },
  );
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => telegram.stop(), env.cleanup));

const savedBridge = () => {
  const path = join(env.dir, 'bridge.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
};
const api = async (path: string) => (await fetch(`${server.url}/api/v1${path}`)).json() as Promise<any>;
const message = (chat: string, match: string | RegExp, timeoutMs = 15_000) =>
  waitFor(() => telegram.inChat(chat).find((m) => {
    const text = m.photo ? '' : telegram.visibleText(m.text);
    return typeof match === 'string' ? text.includes(match) : match.test(text);
  }), `a message matching ${match} in ${chat}`, timeoutMs);

describe('Telegram chat bridge', () => {
  it('answers /start with help, refuses users not allow-listed (logged, told once), and never logs the token', async () => {
    await bridge.settle();
    const before = new Set(Object.keys(savedBridge().events ?? {}));
    telegram.say(String(ALICE), ALICE, '/start');
    await message(String(ALICE), 'Commands');
    telegram.say(String(MALLORY), MALLORY, '/new shell');
    telegram.say(String(MALLORY), MALLORY, 'echo pwned');
    await message(String(MALLORY), 'Not allowed');
    await waitFor(() => telegram.pending() === 0, 'the updates confirmed');
    await bridge.settle();
    expect(telegram.textsIn(String(MALLORY))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(`refused telegram message from user ${MALLORY}`))).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(TOKEN);
    // The offset of the next update is kept, so a restarted gateway neither loses nor repeats updates.
    const saved = savedBridge();
    expect(saved.telegram_offset).toBeGreaterThan(3);
    // Only Alice's update is remembered for dedupe (of this test's three; the other test's may be
    // there too): strangers cannot fill (and flush) the id window.
    expect(Object.keys(saved.events).filter((id) => !before.has(id))).toHaveLength(1);
  }, 60_000);

  it('starts a shell with /new@bot, streams its output into one edited message, splits long output and sends screenshots', async () => {
    const chat = String(ALICE);
    telegram.say(chat, ALICE, '/new@agentgw_bot shell');
    await message(chat, 'Started work');
    telegram.say(chat, ALICE, 'for i in 1 2 3 4 5; do echo TG-STEP-$i; sleep 0.4; done');
    const streamed = await message(chat, 'TG-STEP-5');
    expect(streamed.versions.length).toBeGreaterThan(1);
    expect(telegram.visibleText(streamed.versions[0]!)).not.toContain('TG-STEP-5');
    expect(streamed.text).toContain('<pre>');

    // 1,500 lines of 9 characters: 13,500 characters need at least four 4,096-character messages
    // however the output arrived (a page count above that depends on when the edits ran).
    telegram.say(chat, ALICE, "seq -f 'TG-%05g' 1 1500");
    await message(chat, 'TG-01500', 30_000);
    await bridge.settle();
    const pages = telegram.inChat(chat).filter((m) => /TG-\d{5}/.test(telegram.visibleText(m.text)));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const shown = new Set(pages.flatMap((m) => telegram.visibleText(m.text).match(/TG-\d{5}/g) ?? []));
    expect(shown.size).toBe(1500);
    for (const page of pages) expect(telegram.visibleText(page.text).length).toBeLessThanOrEqual(4096);

    telegram.say(chat, ALICE, '/screenshot');
    const photo = await waitFor(() => telegram.inChat(chat).find((m) => m.photo), 'a photo');
    expect([...photo.photo!.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(photo.photo!.caption).toMatch(/^work/);
    expect(telegram.violations).toEqual([]);
  }, 60_000);

  it('in a group, ignores commands addressed to another bot and runs those addressed to it (any case)', async () => {
    const group = '-100500';
    telegram.say(group, ALICE, '/new shell');
    await message(group, 'Started work');
    const before = telegram.textsIn(group).length;
    telegram.say(group, ALICE, '/stop@SomeOtherBot');
    telegram.say(group, ALICE, '/compact@SomeOtherBot now');
    // One chat's messages are handled in order: once /status is answered, both were handled.
    telegram.say(group, ALICE, '/status');
    await waitFor(() => telegram.textsIn(group).length > before, 'the answer to /status');
    expect(telegram.textsIn(group).slice(before)).toEqual([expect.stringMatching(/work/)]);
    expect((await api(`/sessions/telegram:${group}`)).window_id).toMatch(/^@\d+$/);
    expect((await api(`/sessions/telegram:${group}/pane`)).content).not.toContain('compact');

    telegram.say(group, ALICE, '/stop@AgentGW_Bot');
    await message(group, 'Stopped work');
    expect((await fetch(`${server.url}/api/v1/sessions/telegram:${group}`)).status).toBe(404);
    expect(telegram.violations).toEqual([]);
  }, 60_000);

  it('shows a prompt with an inline keyboard whose button answers it, and tells the notify chat it finished', async () => {
    const chat = String(ALICE);
    const proj = join(env.dir, 'tg-proj');
    mkdirSync(proj);
    telegram.say(chat, ALICE, `/new claude ${proj}`);
    await message(chat, 'Started tg-proj');
    await message(chat, 'FAKE-REPLY: on it', 20_000);
    telegram.say(chat, ALICE, 'go');
    const card = await message(chat, /needs input[\s\S]*Do you want to proceed\?/, 30_000);
    expect(card.keyboard.flat().map((b) => b.text)).toEqual(['1. Yes', '2. No']);
    await message('-100777', /needs input[\s\S]*Do you want to proceed\?/);

    const refused = telegram.press(card.message_id, '1. Yes', MALLORY);
    await waitFor(() => telegram.answers.find((a) => a.callback_query_id === refused.queryId), 'the refusal toast');
    expect(telegram.answers.find((a) => a.callback_query_id === refused.queryId)!.text).toBe('You are not allowed to answer prompts here');
    expect((await api(`/sessions/telegram:${chat}/pane`)).content).toContain('Do you want to proceed?');

    const pressed = telegram.press(card.message_id, '1. Yes', ALICE);
    await waitFor(() => telegram.answers.find((a) => a.callback_query_id === pressed.queryId), 'the answer toast');
    expect(telegram.answers.find((a) => a.callback_query_id === pressed.queryId)!.text).toBe('Answered: 1. Yes');
    await message(chat, 'finished', 30_000);
    await message('-100777', 'finished');
    await waitFor(() => telegram.visibleText(telegram.messages.get(card.message_id)!.text).includes('✅ Answered: 1. Yes'), 'the closed prompt');
    expect(telegram.messages.get(card.message_id)!.keyboard).toEqual([]);
    expect(telegram.violations).toEqual([]);
  }, 60_000);
});
