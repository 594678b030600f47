import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import { NotifyService } from '../../src/notify';
import type { RunningServer } from '../../src/server';
import { recordingLog } from '../bridge/helpers/log';
import { startTestServer, testEnv, teardown, waitFor } from '../helpers/gateway';

// A chat platform's incoming webhook is a secret in its path (Slack /services/T…/B…/<token>,
// Feishu /open-apis/bot/v2/hook/<token>): a failed delivery must not write it to the log.
const env = testEnv('notify-log');
const FAKE = join(import.meta.dir, 'helpers', 'fake-assistant.ts');
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
      { url: `http://127.0.0.1:${refusing.port}/services/T01/B02/${PATH_TOKEN}?k=${QUERY_TOKEN}`, events: ['needs_input'] },
      { url: `http://user:${QUERY_TOKEN}@127.0.0.1:${closedPort}/open-apis/bot/v2/hook/${PATH_TOKEN}`, events: ['needs_input'] },
    ] },
  });
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService(), new NotifyService()), log: recorded.log });
}, 30_000);
afterAll(() => teardown(() => server?.stop(), () => refusing.stop(true), env.cleanup));

const post = (path: string, body: unknown) => fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('notification webhook failures in the log', () => {
  it('name the webhook by its place and origin, never its path, query or user info', async () => {
    const work = join(env.dir, 'proj');
    mkdirSync(work);
    expect((await post('/sessions', { channel_id: 'away', provider: 'agent_a', work_dir: work })).status).toBe(200);
    await Bun.sleep(300);
    await post('/sessions/away/input', { text: 'go' }); // the fake assistant moves on to its permission prompt
    const failures = () => recorded.lines.filter((l) => l.includes('notify:'));
    await waitFor(() => failures().length >= 2, 'both deliveries failed and were logged', 30_000);
    expect(failures().find((l) => l.includes('HTTP 500'))).toContain(`webhook #1 (http://127.0.0.1:${refusing.port}/…)`);
    expect(failures().find((l) => l.includes('failed for'))).toContain(`webhook #2 (http://127.0.0.1:${closedPort}/…)`);
    const all = recorded.lines.join('\n');
    expect(all).not.toContain(PATH_TOKEN);
    expect(all).not.toContain(QUERY_TOKEN);
  }, 90_000);
});
