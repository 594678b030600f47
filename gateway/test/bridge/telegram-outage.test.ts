import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import type { RunningServer } from '../../src/server';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { bridgeGateway } from './helpers/bridge-gateway';
import { startMockTelegram } from './helpers/mock-telegram';

// The Bot API answering 502 for a while (Telegram's front end does, now and then): the bridge keeps
// running and its binding, and once the API is back the chat shows what the session printed meanwhile.
const TOKEN = '555000111:AAoutage-token-SECRET-0123456789';
const ALICE = 4343;
const env = testEnv('telegram-outage');
const telegram = startMockTelegram(TOKEN);
const { bridge, lines, start } = bridgeGateway(env);
let server: RunningServer;

beforeAll(async () => {
  server = await start({ telegram: { enabled: true, bot_token: TOKEN, api_base: telegram.apiBase, poll_timeout_s: 1, allowed_users: [ALICE] } });
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => telegram.stop(), env.cleanup));

const pane = async (channel: string) => ((await (await fetch(`${server.url}/api/v1/sessions/${channel}/pane`)).json()) as { content: string }).content;
const shown = (chat: string, text: string) => telegram.inChat(chat).some((m) => telegram.visibleText(m.text).includes(text));

describe('Telegram bridge during a Bot API outage', () => {
  it('delivers the output of a turn that ended while sendMessage and editMessageText failed, once the API is back', async () => {
    const chat = String(ALICE);
    telegram.say(chat, ALICE, '/new shell');
    await waitFor(() => shown(chat, 'Started work'), 'the session started');
    await bridge.settle();

    telegram.outage(['sendMessage', 'editMessageText']);
    telegram.say(chat, ALICE, 'echo OUTAGE-$((6*7))');
    await waitFor(async () => (await pane(`telegram:${chat}`)).includes('OUTAGE-42'), 'the command to run');
    await waitFor(() => lines.some((l) => /bridge: telegram (send|edit) to \S+ failed/.test(l)), 'a failed send');
    await bridge.settle();
    expect(shown(chat, 'OUTAGE-42')).toBe(false);

    telegram.recover();
    await waitFor(() => shown(chat, 'OUTAGE-42'), 'the output once the API is back', 20_000);
    expect((await fetch(`${server.url}/api/v1/sessions/telegram:${chat}`)).status).toBe(200);
    expect(lines.join('\n')).not.toContain(TOKEN);
  }, 60_000);

  it('delivers a reply whose sendMessage met a passing 502 (a command answer, a prompt card: sent once, never edited)', async () => {
    const chat = String(ALICE);
    await bridge.settle();
    const hits = telegram.outageHits;
    telegram.outage(['sendMessage'], 'json-502');
    telegram.say(chat, ALICE, '/help');
    await waitFor(() => telegram.outageHits > hits, 'a sendMessage answered 502');
    telegram.recover();
    await waitFor(() => shown(chat, 'Commands'), 'the help, sent again');
  }, 30_000);

  it('polls again when a getUpdates is never answered (a silently dropped connection), so messages still arrive', async () => {
    const chat = String(ALICE);
    await bridge.settle();
    const polls = telegram.polls;
    telegram.hangPolls(1);
    // The poll in flight ends within its 1 s timeout; the next one is the silent one.
    await waitFor(() => telegram.polls > polls, 'the silent poll');
    telegram.say(chat, ALICE, '/status');
    await waitFor(() => telegram.pending() === 0, 'the update fetched by a later poll', 20_000);
    await waitFor(() => lines.some((l) => l.includes('getUpdates failed')), 'the dropped poll logged');
    expect(lines.join('\n')).not.toContain(TOKEN);
  }, 40_000);
});
