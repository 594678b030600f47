import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';

// A process's argv is readable by every user of the machine (/proc/<pid>/cmdline, `ps`): what the
// gateway hands tmux there is public. A `tmux` earlier on PATH records each argv it is started
// with, then runs the real tmux, so the test sees exactly what `ps` would have shown.
const env = testEnv('argv');
const bin = join(env.dir, 'bin');
const argvLog = join(env.dir, 'tmux-argv.log');
const SECRET = 'sk-argv-secret-7f3e1c';
const TYPED = 'typed-password-c0ffee';
const RAW_TYPED = 'raw-typed-beef42';
const QUOTED = `it's "quoted" $HOME;#{pane_pid} \\ end`;
// A value tmux's single quotes cannot hold as it is (a newline) still arrives whole.
const MULTI = `line one\n${QUOTED}`;
const realTmux = Bun.which('tmux')!;
const savedPath = process.env.PATH;
let server: RunningServer;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() as any };
}

const pane = async (channel: string): Promise<string> => (await call('GET', `/api/v1/sessions/${channel}/pane`)).body.content ?? '';

beforeAll(async () => {
  mkdirSync(bin);
  writeFileSync(join(bin, 'tmux'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${argvLog}'\nexec '${realTmux}' "$@"\n`);
  chmodSync(join(bin, 'tmux'), 0o755);
  process.env.PATH = `${bin}:${savedPath}`;
  server = await startTestServer(env.config({ providers: { shell: { command: '', env: { MY_TOOL_TOKEN: SECRET, MULTI } } } }));
});
afterAll(() => teardown(() => server?.stop(), () => { process.env.PATH = savedPath; }, env.cleanup));

describe('what other users of the machine can read in process arguments', () => {
  it("holds neither a window's variables nor the text typed into it", async () => {
    expect((await call('POST', '/api/v1/sessions', { channel_id: 'argv', provider: 'shell', work_dir: env.dir })).status).toBe(200);
    await waitFor(async () => (await pane('argv')).trim() !== '', 'shell prompt');
    // The variable reached the window, and typed text arrives exactly as sent.
    expect((await call('POST', '/api/v1/sessions/argv/input', { text: `echo "[$MY_TOOL_TOKEN]" "[\${#MULTI}]" ${TYPED}` })).status).toBe(200);
    await waitFor(async () => (await pane('argv')).includes(`[${SECRET}] [${MULTI.length}] ${TYPED}`), 'the variable echoed');
    expect((await call('POST', '/api/v1/sessions/argv/input', { text: `: '${RAW_TYPED}'`, raw: true })).status).toBe(200);
    expect((await call('POST', '/api/v1/sessions/argv/input', { text: `printf '%s\\n' ${JSON.stringify(QUOTED).replaceAll('$', '\\$')}` })).status).toBe(200);
    await waitFor(async () => (await pane('argv')).split('\n').includes(QUOTED), 'quoted text printed literally');
    expect(await pane('argv')).toContain(RAW_TYPED);

    const seen = readFileSync(argvLog, 'utf8');
    expect(seen).toContain('capture-pane'); // the recorder did see the gateway's tmux calls
    expect(seen).not.toContain(SECRET);
    expect(seen).not.toContain(TYPED);
    expect(seen).not.toContain(RAW_TYPED);
    expect(seen).not.toContain('quoted');
  });
});
