import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { bridgeGateway } from './helpers/bridge-gateway';
import { startMockTelegram } from './helpers/mock-telegram';

// What ccbot/ccgram users have, over the Telegram Bot API mock: files and photos saved into the
// session's folder, voice refused, the typing indicator, a folder picker for /new, /resume and /history.
const TOKEN = '123456789:AAbot-token-FEATURES-0123456789';
const ALICE = 5151;
const env = testEnv('telegram-features');
const FAKE = join(import.meta.dir, '..', 'live', 'helpers', 'fake-assistant.ts');
const telegram = startMockTelegram(TOKEN);
const { bridge, lines, work, start } = bridgeGateway(env);
let server: RunningServer;
let chatNo = 0;

/** Claude Code's stand-in: records its arguments (what /resume adds), then runs the fake assistant. */
const ARGS_LOG = join(env.dir, 'claude-args.log');
const WRAPPER = join(env.dir, 'claude-wrapper.sh');
/** Codex's stand-in: records its arguments and waits. */
const CODEX_ARGS_LOG = join(env.dir, 'codex-args.log');
const CODEX_WRAPPER = join(env.dir, 'codex-wrapper.sh');

beforeAll(async () => {
  writeFileSync(WRAPPER, `#!/bin/sh\necho "$*" >> '${ARGS_LOG}'\nexec bun '${FAKE}'\n`);
  writeFileSync(CODEX_WRAPPER, `#!/bin/sh\necho "$*" >> '${CODEX_ARGS_LOG}'\nexec cat\n`);
  server = await start(
    { telegram: { enabled: true, bot_token: TOKEN, api_base: telegram.apiBase, poll_timeout_s: 2, allowed_users: [ALICE] }, attachments_dir: 'inbox', max_attachment_mb: 1 },
    {
      agent_a_config_dir: join(env.dir, '.claude'),
      providers: { agent_a: { command: `sh ${WRAPPER}`, yolo_flags: '' }, agent_b: { command: `sh ${CODEX_WRAPPER}`, yolo_flags: '' } },
    },
  );
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => telegram.stop(), env.cleanup));

/** Each test talks in its own chat (a group id), so tests can run in any order. */
const newChat = () => String(-1009000 - ++chatNo);
const api = async (path: string) => (await fetch(`${server.url}/api/v1${path}`)).json() as Promise<any>;
const message = (chat: string, match: string | RegExp, timeoutMs = 15_000) =>
  waitFor(() => telegram.inChat(chat).find((m) => {
    const text = m.photo ? '' : telegram.visibleText(m.text);
    return typeof match === 'string' ? text.includes(match) : match.test(text);
  }), `a message matching ${match} in ${chat}`, timeoutMs);
const paneHas = (chat: string, text: string) =>
  // Rows are joined: a long line wraps in the 100-column window.
  waitFor(async () => ((await api(`/sessions/telegram:${chat}/pane`)).content as string).replace(/\n/g, '').includes(text), `"${text}" in the pane of ${chat}`, 15_000);

async function shellIn(chat: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  telegram.say(chat, ALICE, `/new shell ${dir}`);
  await message(chat, 'Started');
}

describe('Telegram: attachments', () => {
  it('saves a document and a photo into the inbox under the session folder and tells the assistant the path with the caption; refuses voice', async () => {
    const chat = newChat();
    const dir = join(work, 'attach');
    await shellIn(chat, dir);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 1, 2, 3]);
    telegram.sendFile(chat, ALICE, 'document', pdf, { name: '../../etc/report.pdf', caption: 'summarise this' });
    const saved = join(dir, 'inbox', 'report.pdf');
    await message(chat, `Saved ${saved}`);
    expect(new Uint8Array(readFileSync(saved))).toEqual(pdf);
    await paneHas(chat, `summarise this (Attached file: ${saved})`);

    // The same name again is not overwritten.
    telegram.sendFile(chat, ALICE, 'document', new Uint8Array([0x25, 0x50, 0x44, 0x46, 9]), { name: 'report.pdf' });
    await message(chat, `Saved ${join(dir, 'inbox', 'report-2.pdf')}`);
    expect(new Uint8Array(readFileSync(saved))).toEqual(pdf);

    // A photo: the largest size, named from its bytes.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(7)]);
    telegram.sendFile(chat, ALICE, 'photo', png, { caption: 'what is in it?' });
    const photo = await message(chat, /Saved .*photo-\d+\.jpg/);
    const photoPath = /Saved (\S+)/.exec(telegram.visibleText(photo.text))![1]!;
    expect(new Uint8Array(readFileSync(photoPath))).toEqual(png);
    expect(statSync(photoPath).mode & 0o777).toBe(0o600);
    await paneHas(chat, `what is in it? (Attached file: ${photoPath})`);

    telegram.sendFile(chat, ALICE, 'voice', new Uint8Array([1, 2, 3]));
    await message(chat, 'Voice messages cannot be given to the assistant');

    // Over bridge.max_attachment_mb (1 MB here): refused with the sizes, nothing written.
    telegram.sendFile(chat, ALICE, 'document', new Uint8Array(1_200_000), { name: 'big.bin' });
    await message(chat, /big\.bin was not saved: the file is 1\.1 MB, over the 1\.0 MB limit/);
    expect(existsSync(join(dir, 'inbox', 'big.bin'))).toBe(false);
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(telegram.violations).toEqual([]);
  }, 60_000);

  it('asks for a session first when the chat is unbound', async () => {
    const chat = newChat();
    telegram.sendFile(chat, ALICE, 'document', new Uint8Array([1]), { name: 'x.txt' });
    await message(chat, 'not bound to a session');
  }, 30_000);
});

describe('Telegram: typing indicator', () => {
  it('shows "typing" while the assistant works, and stops when it is idle', async () => {
    const chat = newChat();
    await shellIn(chat, join(work, 'typing'));
    telegram.say(chat, ALICE, 'sleep 5');
    await waitFor(() => telegram.actions.filter((a) => a.chat_id === chat && a.action === 'typing').length >= 2, 'typing sent again while working', 20_000);
    await waitFor(async () => (await api(`/sessions/telegram:${chat}`)).channel_id && telegram.inChat(chat).some((m) => telegram.visibleText(m.text).includes('Idle')), 'idle again', 20_000);
    const count = telegram.actions.filter((a) => a.chat_id === chat).length;
    await Bun.sleep(4_500);
    expect(telegram.actions.filter((a) => a.chat_id === chat).length).toBe(count);
  }, 60_000);
});

describe('Telegram: /new folder picker', () => {
  it('lists the folders under default_dir as buttons, opens one, and starts the session there', async () => {
    const chat = newChat();
    mkdirSync(join(work, 'pick-a', 'inner'), { recursive: true });
    mkdirSync(join(work, 'pick-b'), { recursive: true });
    telegram.say(chat, ALICE, '/new');
    const picker = await message(chat, 'pick a folder');
    const labels = picker.keyboard.flat().map((b) => b.text);
    expect(labels).toContain('▶ Start here');
    expect(labels).toContain('📁 pick-a');
    expect(labels).toContain('📁 pick-b');
    for (const b of picker.keyboard.flat()) expect(Buffer.byteLength(b.callback_data)).toBeLessThanOrEqual(64);

    telegram.press(picker.message_id, '📁 pick-a', ALICE);
    await waitFor(() => telegram.messages.get(picker.message_id)!.keyboard.flat().some((b) => b.text === '📁 inner'), 'the picker opened pick-a');
    telegram.press(picker.message_id, '📁 inner', ALICE);
    await waitFor(() => telegram.visibleText(telegram.messages.get(picker.message_id)!.text).includes(join(work, 'pick-a', 'inner')), 'the picker in inner');
    telegram.press(picker.message_id, '▶ Start here', ALICE);
    await message(chat, 'Started inner');
    expect((await api(`/sessions/telegram:${chat}`)).cwd).toBe(join(work, 'pick-a', 'inner'));
    // A used menu's buttons are spent.
    expect(telegram.messages.get(picker.message_id)!.keyboard).toEqual([]);
  }, 60_000);
});

describe('Telegram: /resume and /history', () => {
  it("lists Claude Code's earlier conversations in the folder and resumes one with --resume <id>", async () => {
    const chat = newChat();
    const proj = join(work, 'resume-proj');
    mkdirSync(proj, { recursive: true });
    const dir = join(env.dir, '.claude', 'projects', proj.replace(/[^a-zA-Z0-9]/g, '-'));
    mkdirSync(dir, { recursive: true });
    const convo = (id: string, prompt: string, cwd: string, ageMs: number) => {
      const file = join(dir, `${id}.jsonl`);
      writeFileSync(file, [
        JSON.stringify({ type: 'summary', summary: 'x' }),
        JSON.stringify({ type: 'user', cwd, sessionId: id, message: { role: 'user', content: prompt } }),
        JSON.stringify({ type: 'assistant', cwd, sessionId: id, message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] } }),
      ].join('\n'));
      const t = new Date(Date.now() - ageMs);
      utimesSync(file, t, t);
    };
    convo('11111111-aaaa-4aaa-8aaa-111111111111', 'fix the login bug', proj, 3 * 3_600_000);
    convo('22222222-bbbb-4bbb-8bbb-222222222222', 'write the release notes', proj, 60_000);
    convo('33333333-cccc-4ccc-8ccc-333333333333', 'another folder that escapes the same', `${proj}/x`.replace('/x', '-x'), 1_000);

    telegram.say(chat, ALICE, `/resume ${proj}`);
    const list = await message(chat, 'Resume a Claude Code conversation');
    const labels = list.keyboard.flat().map((b) => b.text);
    expect(labels).toHaveLength(2);
    expect(labels[0]).toStartWith('write the release notes');
    expect(labels[1]).toStartWith('fix the login bug');

    telegram.press(list.message_id, /^fix the login bug/, ALICE);
    await message(chat, 'Started resume-proj');
    const session = await api(`/sessions/telegram:${chat}`);
    expect(session).toMatchObject({ provider: 'agent_a', cwd: proj });
    await waitFor(() => existsSync(ARGS_LOG) && readFileSync(ARGS_LOG, 'utf8').includes('--resume 11111111-aaaa-4aaa-8aaa-111111111111'), 'claude started with --resume <id>');
  }, 60_000);

  it('lists Codex rollouts of the folder (from their session_meta) and resumes one with `codex resume <id>`', async () => {
    const chat = newChat();
    const proj = join(work, 'codex-proj');
    mkdirSync(proj, { recursive: true });
    const rollout = (day: string, id: string, cwd: string, prompt: string, ageMs: number) => {
      const dir = join(env.dir, '.codex', 'sessions', '2026', '11', day);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `rollout-2026-11-${day}T10-00-00-${id}.jsonl`);
      writeFileSync(file, [
        JSON.stringify({ type: 'session_meta', payload: { id, cwd, originator: 'codex_cli_rs', source: 'cli' } }),
        JSON.stringify({ type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: `<environment_context><cwd>${cwd}</cwd></environment_context>` }] } }),
        JSON.stringify({ type: 'event_msg', payload: { type: 'user_message', message: prompt, images: [] } }),
      ].join('\n'));
      const t = new Date(Date.now() - ageMs);
      utimesSync(file, t, t);
    };
    rollout('20', '0199aaaa-1111-7000-8000-000000000001', proj, 'refactor the parser', 86_400_000);
    rollout('21', '0199aaaa-2222-7000-8000-000000000002', '/elsewhere', 'not this folder', 1_000);
    telegram.say(chat, ALICE, `/resume codex ${proj}`);
    const list = await message(chat, 'Resume a Codex conversation');
    expect(list.keyboard.flat().map((b) => b.text)).toEqual([expect.stringMatching(/^refactor the parser · /)]);
    telegram.press(list.message_id, /^refactor the parser/, ALICE);
    await message(chat, 'Started codex-proj');
    expect(await api(`/sessions/telegram:${chat}`)).toMatchObject({ provider: 'agent_b', cwd: proj });
    await waitFor(() => existsSync(CODEX_ARGS_LOG) && readFileSync(CODEX_ARGS_LOG, 'utf8').includes('resume 0199aaaa-1111-7000-8000-000000000001'), 'codex started with resume <id>');
  }, 60_000);

  it('/history shows the last messages of the bound session from its transcript', async () => {
    const chat = newChat();
    const proj = join(work, 'history-proj');
    mkdirSync(proj, { recursive: true });
    telegram.say(chat, ALICE, `/new claude ${proj}`);
    await message(chat, 'FAKE-REPLY: on it', 20_000);
    telegram.say(chat, ALICE, '/history');
    const history = await message(chat, 'History of history-proj');
    const text = telegram.visibleText(history.text);
    expect(text).toContain('👤 make the marker file');
    expect(text.indexOf('make the marker file')).toBeLessThan(text.indexOf('FAKE-REPLY: on it'));
    telegram.say(chat, ALICE, '/history 1');
    const one = await message(chat, /History of history-proj[\s\S]*last 1 message$/);
    expect(telegram.visibleText(one.text)).not.toContain('make the marker file');
  }, 60_000);
});
