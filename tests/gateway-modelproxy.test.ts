import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../gateway/src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../gateway/test/helpers/gateway';
import { CLAUDE, claudeAvailable } from '../gateway/test/live/helpers/claude';
import { type MockAnthropic, startMockAnthropic } from '../gateway/test/live/helpers/mock-anthropic';

/**
 * The two products together, as a newcomer sets them up: a real `modelproxy serve` (any free
 * port, a client token) in front of a mock vendor API, and the gateway with the one line
 * `providers: { agent_a: { preset: modelproxy } }`: the real Claude Code in a gateway window
 * reaches the vendor through the proxy, although the tmux server was started before either.
 */
const root = join(import.meta.dir, '..');
const TOKEN = 'proxy-client-token-for-gateway-4711';
const VENDOR_KEY = 'sk-vendor-key-behind-the-proxy-0042';
const env = testEnv('gw-modelproxy');
const proxyDir = join(env.dir, 'modelproxy');
let vendor: MockAnthropic;
let proxy: ReturnType<typeof Bun.spawn> | undefined;
let gateway: RunningServer | undefined;

beforeAll(async () => {
  if (!claudeAvailable) return;
  vendor = startMockAnthropic();
  mkdirSync(proxyDir, { recursive: true });
  writeFileSync(join(proxyDir, 'config.yaml'), [
    'config_version: 1',
    `server: { host: 127.0.0.1, port: 8765, auth_token: ${TOKEN} }`,
    `providers: { vendor: { base_url: "${vendor.url}", api_keys: [{ key: ${VENDOR_KEY} }] } }`,
    'routes: { timed: [], default: [{ match: ".*", provider: vendor }] }',
  ].join('\n'));
  proxy = Bun.spawn([process.execPath, join(root, 'proxy/src/cli/index.ts'), 'serve', '--port', '0'], {
    cwd: root, env: { PATH: process.env.PATH, HOME: env.dir, MODELPROXY_DIR: proxyDir, NO_COLOR: '1' }, stdin: 'ignore', stdout: 'ignore', stderr: 'ignore',
  });
  await waitFor(() => existsSync(join(proxyDir, 'listen.json')), 'the proxy to listen', 30_000);
  // Claude Code onboarded in the test's HOME; no key of its own.
  writeFileSync(join(env.dir, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, theme: 'dark' }));
  await env.tmux().ensureSession(); // a tmux server that knows nothing of the proxy
  gateway = await startTestServer(env.config(
    { providers: { agent_a: { command: `${CLAUDE} -p "say pong"`, preset: 'modelproxy' } } },
    { MODELPROXY_DIR: proxyDir, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
  ));
}, 60_000);

afterAll(() => teardown(() => gateway?.stop(), () => { proxy?.kill(); return proxy?.exited; }, () => vendor?.stop(), env.cleanup));

describe.skipIf(!claudeAvailable)('gateway + modelproxy', () => {
  it('the modelproxy preset points Claude Code in a window at the running proxy, with its client token', async () => {
    const port = (JSON.parse(readFileSync(join(proxyDir, 'listen.json'), 'utf8')) as { port: number }).port;
    const work = join(env.dir, 'proj');
    mkdirSync(work);
    const res = await fetch(`${gateway!.url}/api/v1/sessions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: 'cc-proxy', provider: 'claude', work_dir: work }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { warnings?: string[] }).warnings ?? []).not.toContainEqual(expect.stringContaining('modelproxy'));
    const pane = async () => ((await (await fetch(`${gateway!.url}/api/v1/sessions/cc-proxy/pane`)).json()) as { content: string }).content;
    await waitFor(async () => (await pane()).includes('PONG-from-mock'), 'the reply through the proxy', 90_000).catch(async (error) => {
      throw new Error(`${(error as Error).message}\npane:\n${await pane()}`);
    });
    // The vendor saw the proxy's key, never the client token; the window was told the proxy's actual port.
    expect(vendor.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(vendor.requests)).not.toContain(TOKEN);
    expect(await pane()).not.toContain(TOKEN);
    const env2 = await fetch(`${gateway!.url}/api/v1/sessions/cc-proxy/input`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'echo "URL=$ANTHROPIC_BASE_URL"' }),
    });
    expect(env2.status).toBe(200);
    await waitFor(async () => (await pane()).includes(`URL=http://127.0.0.1:${port}`), 'the proxy URL in the window');
  }, 120_000);
});
