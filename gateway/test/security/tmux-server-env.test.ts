import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync } from 'node:fs';
import { teardown, testEnv } from '../helpers/gateway';
import { type GatewayProcess, spawnGateway } from '../helpers/gateway-process';

// The gateway's own environment holds its secrets; the tmux server it starts keeps its environment
// for good and gives it to every window (the assistant). README "What reaches a window".
const env = testEnv('srvenv');
const API_KEY = 'gw-key-srvenv-5a5a5a5a5a';
const SECRET = 'sync-password-srvenv-7b7b';
const AGENT = '/tmp/ssh-srvenv/agent.1';
let gateway: GatewayProcess;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${gateway.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() as any };
}

async function tmux(...args: string[]): Promise<string> {
  await using proc = Bun.spawn(['tmux', '-L', env.socket, ...args], { stdout: 'pipe', stderr: 'pipe' });
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  expect(code).toBe(0);
  return out;
}

beforeAll(async () => {
  gateway = await spawnGateway(env, { GW_API_KEY: API_KEY, MODELPROXY_SYNC_PASSWORD: SECRET, SSH_AUTH_SOCK: AGENT, ANTHROPIC_BASE_URL: 'http://forwarded.example:1' });
});
afterAll(() => teardown(() => gateway?.stop(), env.cleanup));

describe("the tmux server's environment", () => {
  it("holds none of the gateway's own variables or modelproxy's credentials, globally or in a window, and the rest of the user's", async () => {
    const created = await call('POST', '/sessions', { provider: 'shell', work_dir: env.dir, channel_id: 'srvenv' });
    expect(created.status).toBe(200);
    const global = await tmux('show-environment', '-g');
    expect(global).toContain(`HOME=${env.dir}`);
    expect(global).not.toContain('GW_API_KEY');
    expect(global).not.toContain(API_KEY);
    expect(global).not.toContain(SECRET);
    // The rest of the user's environment goes on: git over ssh in a window still finds the agent.
    expect(global).toContain(`SSH_AUTH_SOCK=${AGENT}`);

    const pid = Number((await tmux('display-message', '-p', '-t', created.body.window_id, '#{pane_pid}')).trim());
    const windowEnv = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(windowEnv).toContain('ANTHROPIC_BASE_URL=http://forwarded.example:1');
    expect(windowEnv).toContain(`GW_DIR=${env.dir}`);
    expect(windowEnv.filter((line) => line.includes(API_KEY) || line.includes(SECRET) || line.startsWith('GW_API_KEY='))).toEqual([]);
  });
});
