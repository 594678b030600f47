import { afterAll, describe, expect, it } from 'bun:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { teardown, testEnv, waitFor } from '../helpers/gateway';
import { type GatewayProcess, spawnGateway } from '../helpers/gateway-process';
import { startMockTelegram } from './helpers/mock-telegram';

// README "Life cycle": a gateway killed with kill -9 (no shutdown code runs) and started again keeps
// its sessions, bindings and windows. Here as a user runs it, a real `agentgw serve` process, with
// a REST session and a Telegram chat bound to shells; the chat's message sent while it was down is
// typed once it is back, and the /new handled before the crash is not handled again.
const TOKEN = '123456789:AAbot-crash-SECRET-0123456789';
const ALICE = 4242;
const KEY = 'crash-test-key-0123456789';
const env = testEnv('bridge-crash');
const telegram = startMockTelegram(TOKEN);
const running: GatewayProcess[] = [];
afterAll(() => teardown(...running.map((g) => () => g.stop()), () => telegram.stop(), env.cleanup));

writeFileSync(join(env.dir, 'config.yaml'), [
  'default_provider: shell',
  'status_poll_interval: 0.2',
  'monitor_poll_interval: 0.2',
  'bridge:',
  `  default_dir: ${env.dir}`,
  '  edit_interval_ms: 100',
  '  pane_poll_ms: 100',
  '  telegram:',
  '    enabled: true',
  `    bot_token: "${TOKEN}"`,
  `    api_base: ${telegram.apiBase}`,
  '    poll_timeout_s: 1',
  `    allowed_users: [${ALICE}]`,
  '',
].join('\n'), { mode: 0o600 });

async function start(): Promise<GatewayProcess> {
  const gateway = await spawnGateway(env, { GW_API_KEY: KEY });
  running.push(gateway);
  return gateway;
}
async function api(gateway: GatewayProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(`${gateway.url}/api/v1${path}`, {
    method, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const chat = String(ALICE);
const seen = (text: string) => waitFor(() => telegram.textsIn(chat).some((t) => t.includes(text)), `"${text}" in the chat`, 20_000);
const windows = async (gateway: GatewayProcess) =>
  ((await api(gateway, 'GET', '/sessions')).body.sessions as Array<{ window_id: string; channel_id?: string; display_name: string }>)
    .map((s) => `${s.window_id} ${s.channel_id ?? '-'} ${s.display_name}`).sort();

describe('a gateway killed with SIGKILL and started again', () => {
  it('keeps its sessions, REST and chat bindings and windows, and types what the chat sent meanwhile', async () => {
    const first = await start();
    telegram.say(chat, ALICE, '/new shell');
    await seen('Started');
    telegram.say(chat, ALICE, 'echo BEFORE-$((1+1))');
    await seen('BEFORE-2');
    expect((await api(first, 'POST', '/sessions', { channel_id: 'rest-one', work_dir: env.dir, name: 'rest-win' })).status).toBe(200);
    await waitFor(() => telegram.pending() === 0, 'the updates confirmed');
    const before = await windows(first);
    expect(before).toHaveLength(2);
    expect(before.some((w) => w.includes(`telegram:${ALICE}`))).toBe(true);

    await first.kill9();
    telegram.say(chat, ALICE, 'echo WHILE-DOWN-$((2+2))');

    const second = await start();
    expect(await windows(second)).toEqual(before);
    expect((await api(second, 'GET', '/sessions/rest-one')).body).toMatchObject({ channel_id: 'rest-one', display_name: 'rest-win', provider: 'shell' });
    await seen('WHILE-DOWN-4');
    expect((await api(second, 'POST', '/sessions/rest-one/input', { text: 'echo REST-AFTER-$((3*3))' })).status).toBe(200);
    await waitFor(async () => ((await api(second, 'GET', '/sessions/rest-one/pane')).body.content as string).includes('REST-AFTER-9'), 'the REST session typed into');
    telegram.say(chat, ALICE, 'echo AFTER-$((2*3))');
    await seen('AFTER-6');
    // The /new before the crash was confirmed to Telegram: not handled a second time.
    expect(telegram.textsIn(chat).filter((t) => t.includes('Started'))).toHaveLength(1);
    expect(await windows(second)).toEqual(before);
  }, 90_000);
});
