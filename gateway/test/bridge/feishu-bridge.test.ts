import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { bridgeGateway } from './helpers/bridge-gateway';
import { startMockFeishuPlatform } from './helpers/mock-feishu';

// The Feishu bridge end to end: a local Feishu platform (mock-feishu.ts) delivers encrypted, signed
// events to the gateway's webhook and records the cards the gateway sends back; sessions are real
// shells (and the fake assistant, for prompts) in windows of a private tmux server.
const env = testEnv('feishu-bridge');
const FAKE = join(import.meta.dir, '..', 'live', 'helpers', 'fake-assistant.ts');
const APP = { appId: 'cli_bridge_test_app', appSecret: 'app-secret-VALUE-0123456789', verificationToken: 'verify-TOKEN-abcdef123456', encryptKey: 'encrypt-KEY-fedcba654321' };
const SECRETS = [APP.appSecret, APP.verificationToken, APP.encryptKey];
const mock = startMockFeishuPlatform(APP);
const { bridge, lines, work, start } = bridgeGateway(env);
let server: RunningServer;

beforeAll(async () => {
  server = await start({
    feishu: {
      enabled: true, app_id: APP.appId, app_secret: APP.appSecret, verification_token: APP.verificationToken, encrypt_key: APP.encryptKey,
      base_url: mock.baseUrl, allowed_users: ['ou_alice'], allowed_chats: ['oc_team'], notify_chats: ['oc_notify'],
    },
  }, { agent_a_config_dir: join(env.dir, '.claude'), providers: { agent_a: { command: `bun ${FAKE}`, yolo_flags: '' } } });
  mock.setWebhook(`${server.url}/bridge/feishu/events`);
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => mock.stop(), env.cleanup));

const api = async (path: string) => (await fetch(`${server.url}/api/v1${path}`)).json() as Promise<any>;
const state = () => (existsSync(join(env.dir, 'state.json')) ? JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8')) : { bindings: {} });
const texts = (chat: string) => mock.textsIn(chat);
/** Waits for a message in `chat` (after the first `from`) whose text matches. */
const message = (chat: string, match: string | RegExp, from = 0, timeoutMs = 15_000) =>
  waitFor(() => mock.inChat(chat).slice(from).find((m) => (typeof match === 'string' ? mock.cardText(m.content).includes(match) : match.test(mock.cardText(m.content)))), `a message matching ${match} in ${chat}`, timeoutMs);
const say = async (chat: string, user: string, text: string) => {
  const res = await mock.say({ chat, user, text });
  expect(res.status).toBe(200);
};

describe('Feishu webhook', () => {
  it('answers the encrypted URL check and refuses deliveries that are not genuine, logging why without secrets', async () => {
    const check = { challenge: 'challenge-7f3a', token: APP.verificationToken, type: 'url_verification' };
    expect(await mock.deliver(check, { sign: false })).toEqual({ status: 200, body: { challenge: 'challenge-7f3a' } });
    expect(await mock.deliver(check, { sign: false, path: '/bridge/feishu/card' })).toEqual({ status: 200, body: { challenge: 'challenge-7f3a' } });
    expect((await mock.deliver({ ...check, token: 'not-the-token' }, { sign: false })).status).toBe(401);
    expect((await mock.deliver(check, { encrypt: false, sign: false })).status).toBe(400); // plain text although an Encrypt Key is set
    const list = () => mock.userMessage({ chat: 'oc_webhook', user: 'ou_alice', text: '/list' });
    expect((await mock.deliver(list(), { sign: false })).status).toBe(401);
    expect((await mock.deliver(list(), { badSignature: true })).status).toBe(401);
    expect((await mock.deliver(list(), { timestamp: Math.floor(Date.now() / 1000) - 2 * 86_400 })).status).toBe(401);
    const wrongToken = list();
    wrongToken.header.token = 'not-the-token';
    expect((await mock.deliver(wrongToken)).status).toBe(401);
    const notJson = await fetch(`${server.url}/bridge/feishu/events`, { method: 'POST', body: 'not json' });
    expect(notJson.status).toBe(400);
    // Nesting is measured before anything parses a body (1 MB of brackets), and again once decrypted.
    const deep = await fetch(`${server.url}/bridge/feishu/events`, { method: 'POST', body: `${'['.repeat(500_000)}${']'.repeat(500_000)}` });
    expect({ status: deep.status, body: await deep.json() }).toEqual({ status: 400, body: { detail: 'body is nested deeper than 32 levels' } });
    const deepInside = `{"schema":"2.0","event":${'['.repeat(300_000)}${']'.repeat(300_000)}}`;
    expect(await mock.deliver(deepInside, { text: true })).toEqual({ status: 400, body: { detail: 'decrypted body is nested deeper than 32 levels' } });
    // None of those reached the bridge: a genuine /help is the first thing answered in the chat.
    await say('oc_webhook', 'ou_alice', '/help');
    await message('oc_webhook', 'Commands');
    await bridge.settle();
    expect(texts('oc_webhook')).toHaveLength(1);
    expect(lines.filter((l) => l.includes('feishu webhook refused')).length).toBeGreaterThanOrEqual(8);
    expect(lines.some((l) => l.includes('bad signature'))).toBe(true);
    for (const secret of SECRETS) expect(lines.join('\n')).not.toContain(secret);
  }, 60_000);
});

describe('Feishu chat bridge', () => {
  it('refuses users and chats that are not allow-listed: logged every time, the chat told once', async () => {
    const windows = (await api('/sessions')).sessions.length;
    await say('oc_stranger', 'ou_mallory', '/new shell');
    await say('oc_stranger', 'ou_mallory', 'echo pwned');
    await message('oc_stranger', 'Not allowed');
    await bridge.settle();
    expect(texts('oc_stranger')).toHaveLength(1);
    expect(texts('oc_stranger')[0]).toContain('ou_mallory');
    expect((await api('/sessions')).sessions.length).toBe(windows);
    expect(state().bindings['feishu:oc_stranger']).toBeUndefined();
    expect(lines.filter((l) => l.includes('refused feishu message from user ou_mallory in chat oc_stranger'))).toHaveLength(2);
  }, 60_000);

  it('takes text and @mentions in groups; a file in an unbound chat asks for a session', async () => {
    expect((await mock.say({ chat: 'oc_alice_misc', user: 'ou_alice', text: '', type: 'image' })).status).toBe(200);
    await message('oc_alice_misc', 'not bound to a session');
    expect((await mock.say({ chat: 'oc_alice_misc', user: 'ou_alice', text: '/help', mention: true })).status).toBe(200);
    await message('oc_alice_misc', 'Commands');
  }, 60_000);

  it('helps an unbound chat, starts a shell with /new, types messages into it and streams the output into one edited card', async () => {
    const chat = 'oc_alice_dm';
    await say(chat, 'ou_alice', 'hello?');
    await message(chat, 'not bound to a session');
    await say(chat, 'ou_alice', `/new shell ${work}`);
    await message(chat, 'Started work');
    const binding = state().bindings[`feishu:${chat}`];
    expect(binding.window_id).toMatch(/^@\d+$/);
    expect((await api(`/sessions/feishu:${chat}`)).provider).toBe('shell');

    const before = mock.inChat(chat).length;
    await say(chat, 'ou_alice', 'for i in 1 2 3 4 5; do echo STEP-$i; sleep 0.4; done');
    const card = await message(chat, /STEP-5/, before);
    const versions = card.versions.map((v) => mock.cardText(v));
    expect(versions.length).toBeGreaterThan(1); // sent early, then edited while the loop ran
    expect(versions[0]).not.toContain('STEP-5');
    expect(versions.some((v) => v.includes('STEP-2') && !v.includes('STEP-5'))).toBe(true);
    // One message for the turn, holding the command line and its output in a code block.
    const turn = mock.inChat(chat).slice(before).filter((m) => mock.cardText(m.content).includes('STEP-'));
    expect(turn).toHaveLength(1);
    const code = card.content.elements.find((e: any) => e.tag === 'markdown' && e.content.startsWith('```'));
    expect(code.content).toContain('for i in 1 2 3 4 5');
    expect(code.content).toMatch(/STEP-1\nSTEP-2\nSTEP-3\nSTEP-4\nSTEP-5/);
    expect(mock.violations).toEqual([]);
  }, 60_000);

  it('splits long output over several messages within the card limit', async () => {
    const chat = 'oc_alice_long';
    await say(chat, 'ou_alice', '/new shell');
    await message(chat, 'Started');
    const before = mock.inChat(chat).length;
    await say(chat, 'ou_alice', "seq -f 'LINE-%05g' 1 1500");
    await message(chat, 'LINE-01500', before, 30_000);
    await bridge.settle();
    const pages = mock.inChat(chat).slice(before).filter((m) => /LINE-\d{5}/.test(mock.cardText(m.content)));
    expect(pages.length).toBeGreaterThanOrEqual(3); // 1500 × 11 characters over pages of 6000
    const all = pages.map((m) => mock.cardText(m.content)).join('\n');
    for (const n of ['00001', '00750', '01500']) expect(all).toContain(`LINE-${n}`);
    expect(all.match(/LINE-\d{5}/g)!.length).toBeGreaterThanOrEqual(1500);
    for (const page of pages) expect(Buffer.byteLength(JSON.stringify(page.content))).toBeLessThan(30 * 1024);
    expect(mock.violations).toEqual([]);
  }, 60_000);

  it('drops a retried delivery of the same event', async () => {
    const chat = 'oc_team';
    await say(chat, 'ou_bob', '/new shell'); // oc_team is an allowed chat: anyone in it may drive
    await message(chat, 'Started');
    const payload = mock.userMessage({ chat, user: 'ou_bob', text: 'echo DEDUPE-$((20+22))' });
    for (let i = 0; i < 3; i++) expect((await mock.deliver(payload)).status).toBe(200);
    await message(chat, /DEDUPE-42/);
    await bridge.settle();
    const pane = (await api(`/sessions/feishu:${chat}/pane`)).content as string;
    expect(pane.split('echo DEDUPE').length - 1).toBe(1);
    expect(pane.match(/^DEDUPE-42$/gm)).toHaveLength(1);
  }, 60_000);

  it('runs /key, /status, /screenshot and /list for the bound session', async () => {
    const chat = 'oc_alice_keys';
    await say(chat, 'ou_alice', '/new shell');
    await message(chat, 'Started');
    await say(chat, 'ou_alice', 'sleep 300');
    const sleeping = await waitFor(async () => (await api('/sessions')).sessions.find((s: any) => s.channel_id === `feishu:${chat}`), 'the session');
    await waitFor(() => mock.textsIn(chat).some((t) => t.includes('Running sleep')), 'the working status line', 15_000);
    await say(chat, 'ou_alice', '/key ctrl-c');
    await message(chat, '⌨️ C-c');
    await waitFor(async () => (await api(`/sessions/feishu:${chat}/pane`)).content.includes('^C'), 'the interrupted sleep');

    await say(chat, 'ou_alice', '/key nonsense-key');
    await message(chat, 'Unknown key: nonsense-key');

    await say(chat, 'ou_alice', '/status');
    await message(chat, /(Idle|Running sleep) · work(-\d+)? \(@\d+\)/);

    await say(chat, 'ou_alice', '/screenshot');
    const image = await waitFor(() => mock.inChat(chat).find((m) => m.msg_type === 'image'), 'an image message', 20_000);
    const png = mock.images.get(image.content.image_key)!;
    expect([...png.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    await say(chat, 'ou_alice', '/list');
    const list = await message(chat, 'Sessions');
    expect(mock.cardText(list.content)).toContain(`${sleeping.window_id}`);
    expect(mock.cardText(list.content)).toContain('← this chat');
  }, 60_000);

  it('binds a second chat and a thread with /bind and /new, unbinds, and stops a session with /stop', async () => {
    const first = 'oc_alice_bind1';
    const second = 'oc_alice_bind2';
    await say(first, 'ou_alice', '/new shell');
    await message(first, 'Started');
    const windowId = state().bindings[`feishu:${first}`].window_id as string;
    await say(second, 'ou_alice', `/bind ${windowId}`);
    await message(second, 'Bound to');
    expect(state().bindings[`feishu:${second}`].window_id).toBe(windowId);
    const before = mock.inChat(first).length;
    await say(second, 'ou_alice', 'echo FROM-SECOND-$((3*3))');
    // Output goes to every chat bound to the window.
    await message(second, 'FROM-SECOND-9');
    await message(first, 'FROM-SECOND-9', before);

    // A thread of the first chat gets a session of its own; replies go into the thread.
    const thread = { id: 'omt_thread1', root: 'om_thread_root1' };
    expect((await mock.say({ chat: first, user: 'ou_alice', text: '/new shell', thread })).status).toBe(200);
    const started = await message(first, 'Started', before);
    expect(started.root_id).toBe(thread.root);
    expect(started.thread_id).toBeDefined();
    const threadWindow = state().bindings[`feishu:${first}:${thread.id}`].window_id as string;
    expect(threadWindow).not.toBe(windowId);
    expect((await mock.say({ chat: first, user: 'ou_alice', text: 'echo IN-THREAD-$((2+2))', thread })).status).toBe(200);
    const output = await message(first, 'IN-THREAD-4');
    expect(output.root_id).toBe(thread.root);
    expect((await api(`/sessions/feishu:${first}:${thread.id}/pane`)).content).toContain('IN-THREAD-4');
    expect((await api(`/sessions/feishu:${first}/pane`)).content).not.toContain('IN-THREAD-4');

    await say(second, 'ou_alice', '/unbind');
    await message(second, 'Unbound');
    expect(state().bindings[`feishu:${second}`]).toBeUndefined();
    await say(first, 'ou_alice', '/stop');
    await message(first, 'Stopped');
    await waitFor(async () => !(await api('/sessions')).sessions.some((s: any) => s.window_id === windowId), 'the window killed');
    await say(first, 'ou_alice', 'echo anyone?');
    await message(first, 'not bound to a session', before);
  }, 60_000);

  it('turns a permission prompt into a card whose button answers it, and tells the notify chat it needs input and finished', async () => {
    const chat = 'oc_alice_prompt';
    const proj = join(env.dir, 'fake-proj');
    mkdirSync(proj);
    await say(chat, 'ou_alice', `/new claude ${proj}`);
    await message(chat, 'Started fake-proj');
    await message(chat, 'FAKE-REPLY: on it', 0, 20_000); // the transcript's text, as a card
    await say(chat, 'ou_alice', 'go'); // the fake assistant moves on to its permission prompt
    const card = await message(chat, /needs input[\s\S]*Do you want to proceed\?/, 0, 30_000);
    expect(mock.cardText(card.content)).toContain('touch marker.txt'); // the command asked about
    const labels = card.content.elements.find((e: any) => e.tag === 'action').actions.map((a: any) => a.text.content);
    expect(labels).toEqual(['1. Yes', '2. No']);
    const notice = await message('oc_notify', /needs input[\s\S]*Do you want to proceed\?/);

    // Someone not allow-listed presses the button: refused, nothing typed.
    const refused = await mock.deliver(mock.buttonPress(notice.message_id, '1. Yes', 'ou_mallory'));
    expect(refused).toMatchObject({ status: 200, body: { toast: { type: 'warning' } } });
    expect(lines.some((l) => l.includes('refused feishu button from user ou_mallory'))).toBe(true);
    expect((await api(`/sessions/feishu:${chat}/pane`)).content).toContain('Do you want to proceed?');

    const pressed = await mock.deliver(mock.buttonPress(notice.message_id, '1. Yes', 'ou_alice'));
    expect(pressed.status).toBe(200);
    expect(pressed.body.toast).toEqual({ type: 'success', content: 'Answered: 1. Yes' });
    expect(pressed.body.card.type).toBe('raw');
    // The assistant finishes: both chats hear it, and the prompt cards say how they were answered.
    await message(chat, 'finished', 0, 30_000);
    await message('oc_notify', 'finished');
    await waitFor(() => mock.cardText(mock.messages.get(card.message_id)!.content).includes('✅ Answered: 1. Yes'), 'the closed prompt card');
    const closed = mock.messages.get(notice.message_id)!.content;
    expect(closed.elements.some((e: any) => e.tag === 'action')).toBe(false);
    await message(chat, 'FAKE-DONE: answered', 0, 20_000);
    // A press on the answered prompt (a client showing the old card) types nothing.
    const late = await mock.deliver(mock.buttonPress(card.message_id, '2. No', 'ou_alice'));
    expect(late.body.toast).toEqual({ type: 'warning', content: 'This prompt is no longer on screen' });
    expect(mock.violations).toEqual([]);
  }, 60_000);
});
