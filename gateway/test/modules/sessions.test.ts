import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeSessionMapEntry } from '../../src/state';
import { startTestApp, testEnv, waitFor, teardown } from '../helpers/gateway';

const env = testEnv('rest');
let t: Awaited<ReturnType<typeof startTestApp>>;
const work = join(env.dir, 'work');

beforeAll(async () => {
  mkdirSync(work);
  t = await startTestApp(env.config());
});
afterAll(() => teardown(() => t?.gateway.stop(), env.cleanup));

async function createShell(channel: string, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/v1/sessions', { channel_id: channel, provider: 'shell', work_dir: work, ...extra });
  expect(res.status).toBe(200);
  await waitFor(async () => (await t.call('GET', `/api/v1/sessions/${channel}/pane`)).body.content?.trim(), 'shell prompt');
  return res.body;
}

const paneHas = (channel: string, text: string) =>
  waitFor(async () => ((await t.call('GET', `/api/v1/sessions/${encodeURIComponent(channel)}/pane`)).body.content as string).includes(text), `"${text}" in ${channel}`);

describe('sessions over REST', () => {
  it('creates a shell session, sends `echo hello` and sees hello in the pane', async () => {
    // Its own directory: windows named after `work` by other tests get deduplicated names.
    const hello = join(env.dir, 'hello');
    mkdirSync(hello);
    const created = await createShell('test:hello', { work_dir: hello });
    expect(created).toEqual({ channel_id: 'test:hello', window_id: expect.stringMatching(/^@\d+$/), provider: 'shell', mode: 'normal', cwd: hello, display_name: 'hello' });
    const input = await t.call('POST', '/api/v1/sessions/test:hello/input', { text: 'echo hello-$((40+2))' });
    expect(input).toMatchObject({ status: 200, body: { ok: true } });
    await paneHas('test:hello', 'hello-42');
    const pane = await t.call('GET', '/api/v1/sessions/test:hello/pane');
    expect(pane.body.channel_id).toBe('test:hello');
  });

  it('accepts a POST without a body as all defaults', async () => {
    const res = await t.app.handle(new Request('http://localhost/api/v1/sessions', { method: 'POST' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { channel_id: string; provider: string; cwd: string };
    expect(body).toMatchObject({ provider: 'shell', cwd: process.cwd() });
    expect((await t.call('DELETE', `/api/v1/sessions/${body.channel_id}`)).status).toBe(200);
  });

  it('takes fields sent empty as not given: generated channel id, default provider, mode normal, the server cwd', async () => {
    const res = await t.call('POST', '/api/v1/sessions', { channel_id: '', work_dir: '', provider: '', mode: '', name: '' });
    expect(res.status).toBe(200);
    const channel = String(res.body.channel_id); // read before toMatchObject, which may rewrite matched fields
    expect(res.body).toMatchObject({ channel_id: expect.stringMatching(/^api:[0-9a-f-]{36}$/), provider: 'shell', mode: 'normal', cwd: process.cwd() });
    expect((await t.call('DELETE', `/api/v1/sessions/${channel}`)).status).toBe(200);
  });

  it('generates an api:<uuid> channel id, names the window from the directory and deduplicates it', async () => {
    const a = await t.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: work });
    const b = await t.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: work, mode: 'standard' });
    expect(a.body.channel_id).toMatch(/^api:[0-9a-f-]{36}$/);
    expect(b.body.display_name).toMatch(/^work-\d+$/);
    expect(b.body.mode).toBe('normal');
    const named = await t.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: work, name: 'my bot', mode: 'yolo' });
    expect(named.body).toMatchObject({ display_name: 'my bot', mode: 'yolo' });
    for (const id of [a, b, named].map((r) => r.body.channel_id)) expect((await t.call('DELETE', `/api/v1/sessions/${id}`)).status).toBe(200);
  });

  it('launches the provider command, with its yolo flags in yolo mode', async () => {
    const bin = join(env.dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'fake-agent'), '#!/bin/sh\necho "fake-agent args:[$*]"\n', { mode: 0o755 });
    const custom = testEnv('rest-provider');
    const app = await startTestApp(custom.config({ providers: { agent_a: { command: `${bin}/fake-agent --model x`, yolo_flags: '--yes-all' } } }));
    try {
      const res = await app.call('POST', '/api/v1/sessions', { channel_id: 'p', provider: 'claude', mode: 'yolo', work_dir: work });
      expect(res.body.provider).toBe('agent_a');
      await waitFor(async () => ((await app.call('GET', '/api/v1/sessions/p/pane')).body.content as string).includes('fake-agent args:[--model x --yes-all]'), 'fake agent output');
    } finally {
      await app.gateway.stop();
      await custom.cleanup();
    }
  });

  it('C-c interrupts sleep', async () => {
    await createShell('test:keys');
    await t.call('POST', '/api/v1/sessions/test:keys/input', { text: 'sleep 30; echo sleep-finished-$?' });
    const window = (await t.call('GET', '/api/v1/sessions/test:keys')).body.window_id;
    await waitFor(async () => (await t.gateway.ctx.tmux.findWindow(window))?.pane_current_command === 'sleep', 'sleep running');
    expect(await t.call('POST', '/api/v1/sessions/test:keys/key', { key: 'C-c' })).toMatchObject({ status: 200, body: { ok: true } });
    await waitFor(async () => (await t.gateway.ctx.tmux.findWindow(window))?.pane_current_command !== 'sleep', 'sleep interrupted');
    const pane = (await t.call('GET', '/api/v1/sessions/test:keys/pane')).body.content as string;
    expect(pane).not.toContain('sleep-finished-0');
    const bad = await t.call('POST', '/api/v1/sessions/test:keys/key', { key: 'Hyper-X' });
    expect(bad).toEqual({ status: 400, body: { detail: 'Invalid key: Hyper-X' }, headers: expect.anything() });
  });

  it('lists, gets and deletes sessions with the documented fields and counts', async () => {
    const created = await createShell('test:crud');
    writeSessionMapEntry(t.gateway.ctx.paths.sessionMap, t.gateway.ctx.tmux.windowKey(created.window_id), { session_id: 'sess-123' });
    const list = await t.call('GET', '/api/v1/sessions');
    expect(list.status).toBe(200);
    const entry = list.body.sessions.find((s: { channel_id?: string }) => s.channel_id === 'test:crud');
    // No status poller runs in this app: the status fields are there, and null.
    const noStatus = { status: null, display_label: null, prompt_state: null, status_changed_at: null };
    expect(entry).toEqual({ window_id: created.window_id, display_name: created.display_name, provider: 'shell', cwd: work, session_id: 'sess-123', channel_id: 'test:crud', ...noStatus });
    const got = await t.call('GET', '/api/v1/sessions/test:crud');
    expect(got.body).toEqual({
      channel_id: 'test:crud', window_id: created.window_id, provider: 'shell', cwd: work, session_id: 'sess-123',
      approval_mode: 'normal', batch_mode: 'batched', display_name: created.display_name, ...noStatus,
    });
    expect((await t.call('POST', '/api/v1/sessions/test:crud/verbose', { enabled: true })).body).toEqual({ channel_id: 'test:crud', verbose: true });
    expect((await t.call('GET', '/api/v1/sessions/test:crud')).body.batch_mode).toBe('verbose');
    const before = list.body.sessions.length;
    expect((await t.call('DELETE', '/api/v1/sessions/test:crud')).body).toEqual({ channel_id: 'test:crud', killed_windows: 1 });
    expect((await t.call('GET', '/api/v1/sessions')).body.sessions).toHaveLength(before - 1);
    expect(await t.gateway.ctx.tmux.findWindow(created.window_id)).toBeNull();
  });

  it('answers 404 with the documented detail for an unbound channel on every channel endpoint', async () => {
    expect((await t.call('GET', '/api/v1/sessions/nope')).body).toEqual({ detail: 'No session found for channel nope' });
    for (const [method, path, body] of [
      ['GET', '/api/v1/sessions/nope', undefined], ['DELETE', '/api/v1/sessions/nope', undefined],
      ['POST', '/api/v1/sessions/nope/input', { text: 'x' }], ['POST', '/api/v1/sessions/nope/key', { key: 'Enter' }],
      ['GET', '/api/v1/sessions/nope/pane', undefined], ['GET', '/api/v1/sessions/nope/screenshot', undefined],
      ['POST', '/api/v1/sessions/nope/verbose', { enabled: true }],
    ] as const) {
      expect({ path, method, status: (await t.call(method, path, body)).status }).toEqual({ path, method, status: 404 });
    }
  });

  it('treats a channel whose window died as unbound', async () => {
    const created = await createShell('test:died');
    await t.gateway.ctx.tmux.killWindow(created.window_id);
    expect((await t.call('POST', '/api/v1/sessions/test:died/input', { text: 'x' })).status).toBe(404);
    expect(t.gateway.ctx.store.session('test:died')).toBeNull();
  });

  it('refuses a second session on a bound channel with 409', async () => {
    await createShell('test:twice');
    const again = await t.call('POST', '/api/v1/sessions', { channel_id: 'test:twice', provider: 'shell', work_dir: work });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already bound');
  });

  it('answers 400 for an unknown provider or a bad work_dir, 422 for a malformed body, 400 for broken JSON', async () => {
    expect(await t.call('POST', '/api/v1/sessions', { provider: 'emacs' })).toMatchObject({ status: 400, body: { detail: 'Unknown provider: emacs' } });
    const file = join(env.dir, 'a-file');
    writeFileSync(file, 'x');
    expect(await t.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: file })).toMatchObject({ status: 400, body: { detail: `Not a directory: ${file}` } });
    expect((await t.call('POST', '/api/v1/sessions', { provider: 'shell', work_dir: '/does/not/exist' })).status).toBe(400);
    const invalid = await t.call('POST', '/api/v1/sessions', { mode: 'turbo', provider: 3 });
    expect(invalid.status).toBe(422);
    expect(Array.isArray(invalid.body.detail)).toBe(true);
    expect(invalid.body.detail).toContainEqual({ loc: ['body', 'mode'], msg: 'Expected one of: normal, yolo, standard', type: 'union' });
    const missing = await t.call('POST', '/api/v1/sessions/x/key', {});
    expect(missing.body.detail).toEqual([{ loc: ['body', 'key'], msg: 'Field required', type: 'missing' }]);
    expect((await t.call('POST', '/api/v1/sessions/x/input', {})).status).toBe(422);
    // A missing integer fails two of TypeBox's rules; the answer names the field once.
    expect((await t.call('POST', '/api/v1/sessions/x/answer', {})).body.detail).toEqual([{ loc: ['body', 'option'], msg: 'Field required', type: 'missing' }]);
    expect((await t.call('POST', '/api/v1/sessions/x/input', { text: 5 })).status).toBe(422);
    expect(await t.call('POST', '/api/v1/sessions', '{"provider": ')).toMatchObject({ status: 400, body: { detail: 'Malformed JSON body' } });
    for (const body of ['[]', '"shell"', '7']) {
      expect(await t.call('POST', '/api/v1/sessions', body)).toMatchObject({ status: 422, body: { detail: [{ loc: ['body'], type: 'object' }] } });
    }
    expect((await t.call('GET', '/api/v1/sessions')).body.sessions.filter((s: { cwd: string }) => s.cwd === process.cwd())).toEqual([]);
  });

  it('answers 404 for a screenshot without a renderer', async () => {
    await createShell('test:shot');
    expect(await t.call('GET', '/api/v1/sessions/test:shot/screenshot')).toMatchObject({ status: 404, body: { detail: expect.stringContaining('Screenshot unavailable') } });
  });

  it('serves health at both paths and the OpenAPI document at /docs', async () => {
    expect((await t.call('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await t.call('GET', '/api/v1/health')).body).toEqual({ status: 'ok' });
    const spec = await t.call('GET', '/docs/json');
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths)).toEqual(expect.arrayContaining(['/api/v1/sessions', '/api/v1/sessions/{channel_id}/input', '/api/v1/directories/browse']));
    // The status fields are documented on both reads, from the one schema.
    const schemaOf = (path: string) => spec.body.paths[path].get.responses['200'].content['application/json'].schema;
    const detail = schemaOf('/api/v1/sessions/{channel_id}').properties;
    const summary = schemaOf('/api/v1/sessions').properties.sessions.items.properties;
    for (const fields of [detail, summary]) {
      expect(Object.keys(fields)).toEqual(expect.arrayContaining(['status', 'display_label', 'prompt_state', 'status_changed_at']));
      expect(JSON.stringify(fields.status)).toContain('starting');
    }
  });
});

describe('names holding the characters tmux output is split on', () => {
  it('keeps a session whose folder name holds a newline and a tab, and reports its cwd', async () => {
    const odd = join(env.dir, 'x\ny\tz');
    mkdirSync(odd);
    const created = await createShell('test:odd-dir', { work_dir: odd });
    expect(created.cwd).toBe(odd);
    expect((await t.gateway.ctx.tmux.findWindow(created.window_id))?.pane_current_path).toBe(odd);
    expect((await t.call('GET', '/api/v1/sessions/test:odd-dir')).body).toMatchObject({ window_id: created.window_id, cwd: odd });
    expect((await t.call('GET', '/api/v1/sessions')).body.sessions).toContainEqual(expect.objectContaining({ channel_id: 'test:odd-dir', cwd: odd }));
    expect((await t.call('POST', '/api/v1/sessions/test:odd-dir/input', { text: 'echo odd-dir-$((1+2))' })).status).toBe(200);
    await paneHas('test:odd-dir', 'odd-dir-3');
  });

  it('keeps a session whose pane runs a program with a newline in its name', async () => {
    const bin = join(env.dir, 'odd-bin');
    mkdirSync(bin);
    const created = await createShell('test:odd-program', { work_dir: bin });
    const program = './a\nb'; // tmux reports the program's argv[0]
    await t.call('POST', '/api/v1/sessions/test:odd-program/input', { text: `cp "$(command -v sleep)" "$(printf 'a\\nb')" && ./a?b 30` });
    await waitFor(async () => (await t.gateway.ctx.tmux.displayMessage(created.window_id, '#{pane_current_command}')) === program, 'the program running');
    expect((await t.gateway.ctx.tmux.findWindow(created.window_id))?.pane_current_command).toBe(program);
    expect((await t.call('GET', '/api/v1/sessions')).body.sessions).toContainEqual(expect.objectContaining({ channel_id: 'test:odd-program', cwd: bin }));
    expect((await t.call('POST', '/api/v1/sessions/test:odd-program/key', { key: 'C-c' })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/sessions/test:odd-program/input', { text: 'echo odd-program-$((2+2))' })).status).toBe(200);
    await paneHas('test:odd-program', 'odd-program-4');
  });
});

describe('input limits', () => {
  it('refuses a NUL character with 400 and text over 1 MiB with 413, keeping the session usable', async () => {
    await createShell('test:limits');
    expect(await t.call('POST', '/api/v1/sessions/test:limits/input', { text: 'a\u0000b' }))
      .toMatchObject({ status: 400, body: { detail: 'Invalid input: text contains a NUL character' } });
    expect(await t.call('POST', '/api/v1/sessions/test:limits/input', { text: 'x'.repeat(1024 * 1024 + 1) }))
      .toMatchObject({ status: 413, body: { detail: 'Input text too large: 1048577 bytes (limit 1048576)' } });
    expect(await t.call('POST', '/api/v1/sessions/test:limits/input', { text: 'C-c '.repeat(20_000), raw: true }))
      .toMatchObject({ status: 413 });
    expect((await t.call('POST', '/api/v1/sessions/test:limits/input', { text: 'echo still-$((1+1))' })).status).toBe(200);
    await paneHas('test:limits', 'still-2');
  });
});
