import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { bridgeGateway } from './helpers/bridge-gateway';
import { startMockFeishuPlatform } from './helpers/mock-feishu';

// Files and images sent in Feishu: downloaded as the message's resource (GET
// /im/v1/messages/{id}/resources/{key}?type=…) into the bound session's folder; audio refused.
// Also the /new folder picker's card buttons.
const env = testEnv('feishu-attach');
const APP = { appId: 'cli_attach_app', appSecret: 'attach-secret-VALUE-0123', verificationToken: 'attach-verify-TOKEN-0123' };
const mock = startMockFeishuPlatform(APP);
const { lines, work, start } = bridgeGateway(env);
let server: RunningServer;

beforeAll(async () => {
  server = await start({
    feishu: { enabled: true, app_id: APP.appId, app_secret: APP.appSecret, verification_token: APP.verificationToken, base_url: mock.baseUrl, allowed_users: ['ou_alice'] },
  });
  mock.setWebhook(`${server.url}/bridge/feishu/events`);
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => mock.stop(), env.cleanup));

const api = async (path: string) => (await fetch(`${server.url}/api/v1${path}`)).json() as Promise<any>;
const message = (chat: string, match: string | RegExp, timeoutMs = 15_000) =>
  waitFor(() => mock.inChat(chat).find((m) => (typeof match === 'string' ? mock.cardText(m.content).includes(match) : match.test(mock.cardText(m.content)))), `a message matching ${match} in ${chat}`, timeoutMs);
const paneHas = (channel: string, text: string) =>
  waitFor(async () => ((await api(`/sessions/${channel}/pane`)).content as string).replace(/\n/g, '').includes(text), `"${text}" in ${channel}`, 15_000);

describe('Feishu attachments', () => {
  it('saves a file and an image into the session folder, tells the assistant their paths, and refuses audio', async () => {
    const chat = 'oc_attach';
    const dir = join(work, 'feishu-attach');
    mkdirSync(dir, { recursive: true });
    expect((await mock.say({ chat, user: 'ou_alice', text: `/new shell ${dir}` })).status).toBe(200);
    await message(chat, 'Started');

    const csv = new TextEncoder().encode('a,b\n1,2\n');
    expect((await mock.say({ chat, user: 'ou_alice', text: '', type: 'file', file: { bytes: csv, name: 'data.csv' } })).status).toBe(200);
    const saved = join(dir, 'data.csv');
    await message(chat, `Saved \`${saved}\``); // the card's markdown
    expect(readFileSync(saved, 'utf8')).toBe('a,b\n1,2\n');
    await paneHas(`feishu:${chat}`, `Attached file: ${saved}`);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    expect((await mock.say({ chat, user: 'ou_alice', text: '', type: 'image', file: { bytes: png } })).status).toBe(200);
    const image = await message(chat, /Saved .*image-om_user\d+\.png/);
    const imagePath = /Saved `([^`]+)`/.exec(mock.cardText(image.content))![1]!;
    expect(new Uint8Array(readFileSync(imagePath))).toEqual(png);
    expect(mock.downloads.some((d) => d.endsWith('?type=image'))).toBe(true);
    expect(mock.downloads.some((d) => d.endsWith('?type=file'))).toBe(true);

    expect((await mock.say({ chat, user: 'ou_alice', text: '', type: 'audio', file: { bytes: new Uint8Array([1, 2]) } })).status).toBe(200);
    await message(chat, 'Voice messages cannot be given to the assistant');
    expect(mock.violations).toEqual([]);
    expect(lines.join('\n')).not.toContain(APP.appSecret);
  }, 60_000);
});

describe('Feishu folder picker', () => {
  it('offers the folders as card buttons; a press answers with the next card, Start here starts the session', async () => {
    const chat = 'oc_picker';
    mkdirSync(join(work, 'fs-pick', 'deeper'), { recursive: true });
    expect((await mock.say({ chat, user: 'ou_alice', text: '/new' })).status).toBe(200);
    const picker = await message(chat, 'pick a folder');
    const opened = await mock.deliver(mock.buttonPress(picker.message_id, '📁 fs-pick', 'ou_alice'));
    expect(opened.status).toBe(200);
    expect(opened.body.toast.type).toBe('success');
    const next = opened.body.card.data;
    expect(mock.cardText(next)).toContain(join(work, 'fs-pick'));
    expect(mock.cardText(next)).toContain('📁 deeper');
    // Someone not allow-listed cannot use the menu.
    const refused = await mock.deliver(mock.buttonPress(picker.message_id, '▶ Start here', 'ou_mallory'));
    expect(refused.body.toast.type).toBe('warning');
    // The old card's Start here has expired (its menu was replaced); the new card's works.
    const stale = await mock.deliver(mock.buttonPress(picker.message_id, '▶ Start here', 'ou_alice'));
    expect(stale.body.toast).toEqual({ type: 'warning', content: 'This menu has expired; send the command again' });
    // The client now shows the card from the callback's answer: its button carries the new menu.
    const press = mock.buttonPress(picker.message_id, '▶ Start here', 'ou_alice') as any;
    press.event.action.value = next.elements.find((e: any) => e.tag === 'action' && e.actions[0].text.content === '▶ Start here').actions[0].value;
    expect((await mock.deliver(press)).body.toast.type).toBe('success');
    await message(chat, 'Started fs-pick');
    expect((await api(`/sessions/feishu:${chat}`)).cwd).toBe(join(work, 'fs-pick'));
  }, 60_000);
});
