import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordingLog } from '../bridge/helpers/log';
import { startTestApp, teardown, testEnv, waitFor } from '../helpers/gateway';

const env = testEnv('winenv');
const proxyDir = join(env.dir, 'modelproxy');
const SECRET = 'sk-window-secret-4242';
const PROXY_TOKEN = 'proxy-client-token-9191';
const recorded = recordingLog();
let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  mkdirSync(proxyDir);
  writeFileSync(join(proxyDir, 'config.yaml'), `server:\n  host: 0.0.0.0\n  port: 18765\n  auth_token: ${PROXY_TOKEN}\n`);
  // The tmux server exists before the gateway starts, with an environment that has none of the
  // variables: what reaches a window must travel with the window.
  await env.tmux().ensureSession();
  const config = env.config({
    providers: {
      shell: { command: '', env: { MY_TOOL_TOKEN: SECRET, ANTHROPIC_MODEL: 'from-env-map' } },
      agent_a: { command: '', preset: 'modelproxy' },
    },
  }, { ANTHROPIC_BASE_URL: 'http://forwarded.example:1', ANTHROPIC_MODEL: 'from-gateway-env', MODELPROXY_DIR: proxyDir, UNRELATED_VAR: 'nope' });
  t = await startTestApp(config, { log: recorded.log });
});
afterAll(() => teardown(() => t?.gateway.stop(), env.cleanup));

async function create(channel: string, provider: string) {
  const res = await t.call('POST', '/api/v1/sessions', { channel_id: channel, provider, work_dir: env.dir });
  expect(res.status).toBe(200);
  await waitFor(async () => (await t.call('GET', `/api/v1/sessions/${channel}/pane`)).body.content?.trim(), 'shell prompt');
  return res.body;
}

async function echoed(channel: string, names: string[]): Promise<string> {
  const marker = `OUT${Math.random().toString(36).slice(2, 8)}`;
  await t.call('POST', `/api/v1/sessions/${channel}/input`, { text: `echo ${marker}:${names.map((n) => `[$${n}]`).join('')}` });
  let line = '';
  await waitFor(async () => {
    const content: string = (await t.call('GET', `/api/v1/sessions/${channel}/pane`)).body.content;
    line = content.split('\n').find((l) => l.startsWith(`${marker}:`)) ?? '';
    return line !== '';
  }, `${marker} in ${channel}`);
  return line.slice(marker.length + 1).trim();
}

describe('what reaches a window', () => {
  it("forwards the documented variables and sets the provider's env map, even in a tmux server started earlier", async () => {
    await create('env:shell', 'shell');
    expect(await echoed('env:shell', ['ANTHROPIC_BASE_URL', 'ANTHROPIC_MODEL', 'MY_TOOL_TOKEN', 'UNRELATED_VAR'])).toBe(
      `[http://forwarded.example:1][from-env-map][${SECRET}][]`,
    );
    expect(await echoed('env:shell', ['GW_DIR'])).toBe(`[${env.dir}]`);
  });

  it("the modelproxy preset points Claude Code at the proxy's address and client token from its own config", async () => {
    const created = await create('env:claude', 'agent_a');
    // No live listen.json: the proxy is not running, and the response says so.
    expect(created.warnings).toEqual([expect.stringContaining('modelproxy does not seem to be running')]);
    expect(await echoed('env:claude', ['ANTHROPIC_BASE_URL', 'ANTHROPIC_AUTH_TOKEN'])).toBe(`[http://127.0.0.1:18765][${PROXY_TOKEN}]`);
  });

  it('prefers the address a running proxy recorded in listen.json', async () => {
    // This test process stands in for the running proxy: its PID is live.
    writeFileSync(join(proxyDir, 'modelproxy.pid'), String(process.pid));
    writeFileSync(join(proxyDir, 'listen.json'), JSON.stringify({ pid: process.pid, host: '127.0.0.1', port: 28765 }));
    try {
      const created = await create('env:claude2', 'agent_a');
      expect(created.warnings).toBeUndefined();
      expect(await echoed('env:claude2', ['ANTHROPIC_BASE_URL'])).toBe('[http://127.0.0.1:28765]');
    } finally {
      // The other tests see a proxy that is not running.
      rmSync(join(proxyDir, 'modelproxy.pid'));
      rmSync(join(proxyDir, 'listen.json'));
    }
  });

  it('logs which variables were set, never their values', async () => {
    await create('env:log-shell', 'shell');
    await create('env:log-claude', 'agent_a');
    const all = recorded.lines.join('\n');
    expect(all).toContain('MY_TOOL_TOKEN');
    expect(all).toContain('preset modelproxy');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(PROXY_TOKEN);
  });

  it('refuses an env map entry whose name a shell cannot hold', async () => {
    expect(() => env.config({ providers: { shell: { command: '', env: { 'BAD-NAME': 'x' } } } })).toThrow(/providers\.shell\.env/);
  });
});
