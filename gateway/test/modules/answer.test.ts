import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import { NotifyService } from '../../src/notify';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';

// POST /sessions/{channel_id}/answer, the path chat buttons use too: against the fake assistant's
// permission prompt in a real tmux window.
const env = testEnv('answer');
const FAKE = join(import.meta.dir, '..', 'live', 'helpers', 'fake-assistant.ts');
let server: RunningServer;

beforeAll(async () => {
  const config = env.config({
    monitor_poll_interval: 0.1, status_poll_interval: 0.1, autoclose_done_minutes: 0, window_width: 100, window_height: 24,
    agent_a_config_dir: join(env.dir, '.claude'), providers: {
      agent_a: { command: `bun ${FAKE}`, yolo_flags: '' },
      agent_b: { command: `FAKE_MENU_DEAF_MS=700 bun ${FAKE}`, yolo_flags: '' },
      agent_c: { command: `FAKE_MENU_SLOW_MS=1000 FAKE_MENU_WRAP=1 bun ${FAKE}`, yolo_flags: '' },
      agent_d: { command: `FAKE_MENU_SLOW_MS=300 FAKE_MENU_WRAP=1 bun ${FAKE}`, yolo_flags: '' },
    },
  });
  server = await startTestServer(config, gatewayFeatures(new LiveService(), new NotifyService([])));
}, 30_000);
afterAll(() => teardown(() => server?.stop(), env.cleanup));

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};
const pane = async (channel = 'ask') => ((await (await fetch(`${server.url}/api/v1/sessions/${channel}/pane`)).json()) as { content: string }).content;
/** The line the fake assistant wrote to its transcript once it had its answer. */
const confirmed = async (work: string) => {
  const transcript = join(env.dir, '.claude', 'projects', work.replace(/[^a-zA-Z0-9]/g, '-'), 'fa1e5e55-0000-4000-8000-000000000001.jsonl');
  const done = await waitFor(() => readFileSync(transcript, 'utf8').split('\n').find((l) => l.includes('FAKE-DONE')), 'the answer read by the assistant', 15_000);
  return JSON.parse(done).message.content[0].text as string;
};

/** Starts `provider` in a new work dir on `channel` (with `files` in it) and brings up its permission prompt; the work dir. */
async function promptShown(channel: string, provider: string, files: Record<string, string> = {}): Promise<string> {
  const work = join(env.dir, channel);
  mkdirSync(work);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  expect((await post('/sessions', { channel_id: channel, provider, work_dir: work })).status).toBe(200);
  await waitFor(async () => (await pane(channel)).includes('Pondering'), 'the fake assistant');
  await post(`/sessions/${channel}/input`, { text: 'go' });
  await waitFor(async () => (await pane(channel)).includes('Do you want to proceed?'), 'the permission prompt');
  return work;
}

describe('POST /sessions/{channel_id}/answer', () => {
  it('answers the prompt on screen with an option, and refuses when none or another one is shown', async () => {
    const work = join(env.dir, 'proj');
    mkdirSync(work);
    expect((await post('/sessions', { channel_id: 'ask', provider: 'agent_a', work_dir: work })).status).toBe(200);
    await waitFor(async () => (await pane()).includes('Pondering'), 'the fake assistant');
    expect(await post('/sessions/ask/answer', { option: 1 })).toEqual({ status: 409, body: { detail: 'No prompt with options is waiting for an answer' } });
    await post('/sessions/ask/input', { text: 'go' });
    await waitFor(async () => (await pane()).includes('Do you want to proceed?'), 'the permission prompt');
    expect((await post('/sessions/ask/answer', { option: 3 })).body).toEqual({ detail: 'Option 3 is not offered (the prompt has 2)' });
    expect((await post('/sessions/ask/answer', { option: 1, question: 'Something else?' })).status).toBe(409);
    expect((await post('/sessions/ask/answer', { option: 0 })).status).toBe(422);
    expect((await post('/sessions/nobody/answer', { option: 1 })).status).toBe(404);
    // Option 2 from the selected 1: Down, then Enter; the fake assistant prints what it read.
    expect(await post('/sessions/ask/answer', { option: 2, question: 'Do you want to proceed?' }))
      .toEqual({ status: 200, body: { question: 'Do you want to proceed?', option: { index: 2, label: 'No' } } });
    // The fake assistant records what it confirmed and the keys it read: one Down, then Enter.
    expect(await confirmed(work)).toBe('FAKE-DONE: answered 2. No (keys: "\\u001b[B\\r")');
  }, 60_000);

  it('presses Enter only once the marker shows on the option: a move the CLI dropped while drawing its menu is sent again', async () => {
    // This assistant drops every key that arrives in the first 700 ms after it draws the menu.
    const work = await promptShown('deaf', 'agent_b');
    // Before: Down and Enter both fell into the deaf time, or the Enter alone landed and confirmed 1. Yes.
    expect(await post('/sessions/deaf/answer', { option: 2, question: 'Do you want to proceed?' }))
      .toEqual({ status: 200, body: { question: 'Do you want to proceed?', option: { index: 2, label: 'No' } } });
    expect(await confirmed(work)).toStartWith('FAKE-DONE: answered 2. No');
  }, 60_000);

  it('never confirms another option when a move was slow rather than dropped: the twin of a move sent again is waited out', async () => {
    // This assistant handles each key 1 s late for 2.5 s after drawing its menu, and the menu wraps
    // (as Claude Code's trust prompt does): the Down sent again because the first had not shown yet
    // takes the marker from 2. No back to 1. Yes.
    const work = await promptShown('slow', 'agent_c');
    // Before: Enter as soon as the screen showed the marker on 2, queued behind the second Down: "1. Yes" confirmed.
    const asked = { option: 2, question: 'Do you want to proceed?' };
    const first = await post('/sessions/slow/answer', asked);
    if (first.status !== 200) {
      // The usual outcome: the marker had not settled, so nothing was pressed. (A run slowed down so
      // much that the menu was already quick again may instead confirm 2 at once.)
      expect(first.status).toBe(409);
      expect(first.body.detail).toContain('nothing was confirmed');
      // Once the assistant has caught up, the same answer goes through.
      await Bun.sleep(2_500);
      expect(await post('/sessions/slow/answer', asked))
        .toEqual({ status: 200, body: { question: 'Do you want to proceed?', option: { index: 2, label: 'No' } } });
    }
    expect(await confirmed(work)).toStartWith('FAKE-DONE: answered 2. No');
  }, 60_000);

  it('never confirms the first option when the CLI draws its dialog again with the marker reset: a young dialog is left to settle', async () => {
    // This assistant draws its menu again 1.8 s after the first time with the marker back on
    // "1. Yes", and reads the keys of the 1.2 s before that only afterwards (an Ink CLI answering
    // its terminal probe): a Down shown at once and an Enter read after the redraw confirm "Yes" —
    // a tool the user refused would run.
    const work = await promptShown('probe', 'agent_a', { FAKE_MENU_PROBE_MS: '1800' });
    // Before: the marker was seen on 2, the Enter sent 300 ms later was read after the redraw: "1. Yes".
    expect(await post('/sessions/probe/answer', { option: 2, question: 'Do you want to proceed?' }))
      .toEqual({ status: 200, body: { question: 'Do you want to proceed?', option: { index: 2, label: 'No' } } });
    expect(await confirmed(work)).toBe('FAKE-DONE: answered 2. No (keys: "\\u001b[B\\r")');
  }, 60_000);

  it('answers one at a time per window: a second answer sent while the first is in flight never moves the marker again', async () => {
    // A person clicks again (or two chats press the same button) while the CLI is slow: this menu
    // handles each key 300 ms late and wraps, so two answers that both read "marker on 1" and both
    // send Down take the marker 1 → 2 → 1, and an Enter then confirms "1. Yes" (Claude Code's
    // trust prompt: "No, exit" confirmed by a click on "Yes").
    const work = await promptShown('twice', 'agent_d');
    const asked = { option: 2, question: 'Do you want to proceed?' };
    const answers = await Promise.all([post('/sessions/twice/answer', asked), post('/sessions/twice/answer', asked)]);
    // Before: both answers sent a Down (keys "Down Down … Enter"), and the marker wrapped back to 1.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ detail: 'No prompt with options is waiting for an answer' });
    expect(await confirmed(work)).toBe('FAKE-DONE: answered 2. No (keys: "\\u001b[B\\r")');
  }, 60_000);

  it('an answer sent again while the CLI has not yet read the first one\'s Enter presses nothing into the next screen', async () => {
    // The same slow menu: the first answer returns once Enter is sent, before the CLI has read it,
    // so the prompt is still on screen when the person clicks again.
    const work = await promptShown('again', 'agent_d');
    const asked = { option: 2, question: 'Do you want to proceed?' };
    expect((await post('/sessions/again/answer', asked)).status).toBe(200);
    // Before: the screen still showed the prompt with the marker on 2, and a second Enter was sent
    // into whatever the CLI showed next.
    expect(await post('/sessions/again/answer', asked)).toEqual({ status: 409, body: { detail: 'No prompt with options is waiting for an answer' } });
    expect(await confirmed(work)).toBe('FAKE-DONE: answered 2. No (keys: "\\u001b[B\\r")');
  }, 60_000);
});
