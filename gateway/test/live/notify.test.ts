import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import { NotifyService, type Notification } from '../../src/notify';
import type { RunningServer } from '../../src/server';
import { recordingLog } from '../bridge/helpers/log';
import { startTestServer, testEnv, teardown, waitFor } from '../helpers/gateway';

// Notification webhooks over real HTTP: a local receiver stands in for the user's endpoint, and a
// real tmux window runs the fake assistant (spinner → permission prompt → exit).
const env = testEnv('notify');
const FAKE = join(import.meta.dir, 'helpers', 'fake-assistant.ts');
const SECRET = 'hook-secret-value-9876';
const received: { auth: string | null; body: Notification }[] = [];
const receiver = Bun.serve({
  hostname: '127.0.0.1', port: 0,
  async fetch(req) {
    received.push({ auth: req.headers.get('authorization'), body: (await req.json()) as Notification });
    return new Response('ok');
  },
});
// Two more webhooks whose deliveries fail: a chat platform's incoming webhook keeps its secret in
// the path (Slack /services/T…/B…/<token>, Feishu /open-apis/bot/v2/hook/<token>), and a failure
// must not write it to the log.
const PATH_TOKEN = 'pathtoken0a1b2c3d4e5f';
const QUERY_TOKEN = 'querytoken9z8y7x';
const refusing = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('no', { status: 500 }) });
const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
const closedPort = closed.port;
closed.stop(true);
const recorded = recordingLog();
let server: RunningServer;

beforeAll(async () => {
  const config = env.config({
    monitor_poll_interval: 0.1, status_poll_interval: 0.1, autoclose_done_minutes: 0,
    agent_a_config_dir: join(env.dir, '.claude'), window_width: 100, window_height: 24,
    providers: { agent_a: { command: `bun ${FAKE}`, yolo_flags: '' } },
    notify: { webhooks: [
      { url: `http://127.0.0.1:${receiver.port}/all`, secret: SECRET },
      { url: `http://127.0.0.1:${receiver.port}/finished-only`, events: ['finished'] },
      { url: `http://127.0.0.1:${refusing.port}/services/T01/B02/${PATH_TOKEN}?k=${QUERY_TOKEN}`, events: ['needs_input'] },
      { url: `http://user:${QUERY_TOKEN}@127.0.0.1:${closedPort}/open-apis/bot/v2/hook/${PATH_TOKEN}`, events: ['needs_input'] },
    ] },
  });
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService(), new NotifyService()), log: recorded.log });
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => receiver.stop(true), () => refusing.stop(true), env.cleanup));

const post = (path: string, body: unknown) => fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('notification webhooks', () => {
  it('tell a user away from the terminal that a session needs input (with the question and options), then that it finished; a failed delivery is logged without its secrets', async () => {
    const work = join(env.dir, 'proj');
    mkdirSync(work);
    expect((await post('/sessions', { channel_id: 'away', provider: 'agent_a', work_dir: work })).status).toBe(200);
    await Bun.sleep(300);
    await post('/sessions/away/input', { text: 'go' }); // the fake assistant moves on to its permission prompt
    const ask = await waitFor(() => received.find((r) => r.body.event === 'needs_input'), 'a needs_input notification', 30_000);
    expect(ask.auth).toBe(`Bearer ${SECRET}`);
    expect(ask.body).toMatchObject({ channel_ids: ['away'], provider: 'agent_a', status: 'interactive' });
    expect(ask.body.question).toBeString();
    expect(ask.body.options.length).toBeGreaterThan(1);
    await post('/sessions/away/key', { key: 'Enter' }); // answer the prompt: the assistant finishes and exits
    await waitFor(() => received.filter((r) => r.body.event === 'finished').length >= 2, 'both webhooks told it finished', 30_000);
    const done = received.filter((r) => r.body.event === 'finished');
    expect(done.map((r) => r.auth).sort()).toEqual([`Bearer ${SECRET}`, null].sort());
    expect(done[0]!.body).toMatchObject({ status: 'done', channel_ids: ['away'] });
    // The finished-only webhook heard nothing else.
    expect(received.filter((r) => r.body.event === 'needs_input').length).toBe(1);
    // The failed deliveries are named in the log by their place and origin, never their path, query or user info.
    const failures = () => recorded.lines.filter((l) => l.includes('notify:'));
    await waitFor(() => failures().length >= 2, 'both failed deliveries logged', 30_000);
    expect(failures().find((l) => l.includes('HTTP 500'))).toContain(`webhook #3 (http://127.0.0.1:${refusing.port}/…)`);
    expect(failures().find((l) => l.includes('failed for'))).toContain(`webhook #4 (http://127.0.0.1:${closedPort}/…)`);
    const all = recorded.lines.join('\n');
    expect(all).not.toContain(PATH_TOKEN);
    expect(all).not.toContain(QUERY_TOKEN);
  }, 90_000);
});
