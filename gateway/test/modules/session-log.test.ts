import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { recordingLog } from '../bridge/helpers/log';
import { startTestApp, teardown, testEnv } from '../helpers/gateway';

const env = testEnv('session-log');
const recorded = recordingLog();
let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  t = await startTestApp(env.config(), { log: recorded.log });
});
afterAll(() => teardown(() => t?.gateway.stop(), env.cleanup));

describe('the log line of a new session', () => {
  it('keeps a channel id and a folder holding newlines on one line (no forged log lines)', async () => {
    const folder = join(env.dir, 'dir\n[gateway] ✔ forged folder');
    mkdirSync(folder);
    const channel = 'chan\n[gateway]  WARN  forged line\r\u0085';
    const res = await t.call('POST', '/api/v1/sessions', { channel_id: channel, provider: 'shell', work_dir: folder });
    expect(res.status).toBe(200);
    const line = recorded.lines.find((l) => l.startsWith('info session chan'));
    expect(line).toBe(`info session chan\\u000a[gateway]  WARN  forged line\\u000d\\u0085 → ${res.body.window_id} (shell, normal) in ${env.dir}/dir\\u000a[gateway] ✔ forged folder`);
    expect(recorded.lines.join('\n').split('\n').filter((l) => l.startsWith('[gateway]'))).toEqual([]);
  });
});
