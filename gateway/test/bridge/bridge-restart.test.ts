import { afterAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { BridgeService } from '../../src/bridge/service';
import type { GatewayConfig } from '../../src/config';
import { LiveService, screenshotWindow } from '../../src/live';
import { NotifyService } from '../../src/notify';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';
import { startMockFeishuPlatform } from './helpers/mock-feishu';

// Chat bindings, open prompt cards and seen event ids live in the state directory: a gateway
// stopped and started again (the tmux windows keep running) carries on where it was.
const env = testEnv('bridge-restart');
const FAKE = join(import.meta.dir, '..', 'live', 'helpers', 'fake-assistant.ts');
const APP = { appId: 'cli_restart', appSecret: 'restart-secret-0123456789', verificationToken: 'restart-verify-0123456789' };
const feishu = startMockFeishuPlatform(APP);
let server: RunningServer | undefined;
afterAll(() => teardown(() => server?.stop(), () => feishu.stop(), env.cleanup));

function config(): GatewayConfig {
  return env.config({
    monitor_poll_interval: 0.1, status_poll_interval: 0.1, autoclose_done_minutes: 0, window_width: 100, window_height: 30,
    agent_a_config_dir: join(env.dir, '.claude'),
    providers: { agent_a: { command: `bun ${FAKE}`, yolo_flags: '' } },
    bridge: {
      default_dir: env.dir, edit_interval_ms: 100, pane_poll_ms: 100,
      feishu: { enabled: true, app_id: APP.appId, app_secret: APP.appSecret, verification_token: APP.verificationToken, base_url: feishu.baseUrl, allowed_users: ['ou_alice'] },
    },
  });
}

async function start(): Promise<BridgeService> {
  const bridge = new BridgeService({ screenshot: screenshotWindow });
  server = await startTestServer(config(), gatewayFeatures(new LiveService(), new NotifyService([]), bridge));
  feishu.setWebhook(`${server.url}/bridge/feishu/events`);
  return bridge;
}

const message = (chat: string, match: RegExp, from = 0, timeoutMs = 20_000) =>
  waitFor(() => feishu.inChat(chat).slice(from).find((m) => match.test(feishu.cardText(m.content))), `a card matching ${match} in ${chat}`, timeoutMs);
const say = async (chat: string, text: string) => expect((await feishu.say({ chat, user: 'ou_alice', text })).status).toBe(200);
const state = () => JSON.parse(readFileSync(join(env.dir, 'state.json'), 'utf8'));

describe('the chat bridge across a gateway restart', () => {
  it('keeps chat bindings, open prompt cards and seen events', async () => {
    await start();
    const newShell = feishu.userMessage({ chat: 'oc_shell', user: 'ou_alice', text: '/new shell' });
    expect((await feishu.deliver(newShell)).status).toBe(200);
    await message('oc_shell', /Started/);
    const shellWindow = state().bindings['feishu:oc_shell'].window_id;

    const proj = join(env.dir, 'proj');
    mkdirSync(proj);
    await say('oc_prompt', `/new claude ${proj}`);
    await message('oc_prompt', /Started proj/);
    await message('oc_prompt', /FAKE-REPLY/);
    await say('oc_prompt', 'go');
    const card = await message('oc_prompt', /needs input[\s\S]*Do you want to proceed\?/);

    await server!.stop();
    server = undefined;
    const bridge = await start();

    // The shell chat is still bound to its window; a message goes on being typed into it.
    const before = feishu.inChat('oc_shell').length;
    await say('oc_shell', 'echo AFTER-RESTART-$((5*5))');
    await message('oc_shell', /AFTER-RESTART-25/, before);
    expect(state().bindings['feishu:oc_shell'].window_id).toBe(shellWindow);

    // A delivery handled before the restart and retried after it is dropped: no second session.
    const windows = (await (await fetch(`${server!.url}/api/v1/sessions`)).json() as { sessions: unknown[] }).sessions.length;
    expect((await feishu.deliver(newShell)).status).toBe(200);
    await bridge.settle();
    expect(((await (await fetch(`${server!.url}/api/v1/sessions`)).json()) as { sessions: unknown[] }).sessions.length).toBe(windows);

    // The prompt still on screen is not announced again, and the card sent before the restart answers it.
    const promptWindow = state().bindings['feishu:oc_prompt'].window_id;
    await waitFor(() => bridge.statusOf(promptWindow)?.status === 'interactive', 'the new gateway to see the prompt');
    await bridge.settle();
    expect(feishu.inChat('oc_prompt').filter((m) => /needs input/.test(feishu.cardText(m.content)))).toHaveLength(1);
    const pressed = await feishu.deliver(feishu.buttonPress(card.message_id, '1. Yes', 'ou_alice'));
    expect(pressed.body.toast).toEqual({ type: 'success', content: 'Answered: 1. Yes' });
    await message('oc_prompt', /finished/);
    await waitFor(() => feishu.cardText(feishu.messages.get(card.message_id)!.content).includes('✅ Answered: 1. Yes'), 'the card closed');
    expect(feishu.violations).toEqual([]);
  }, 120_000);
});
