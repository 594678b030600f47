import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUBMIT_CHECK_MS } from '../../src/modules/sessions/submit-check';
import type { RunningServer } from '../../src/server';
import { startTestServer, teardown, testEnv, waitFor } from '../helpers/gateway';

// A line typed over the API into an assistant that swallowed its Enter (Claude Code settling after
// its trust prompt) is submitted anyway: the gateway sees it still in the input box and presses
// Enter again; a line that went in gets no second Enter.
const env = testEnv('submit-check');
const DROPPER = join(import.meta.dir, 'helpers', 'enter-dropper.ts');
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer(env.config({
    enter_delay_ms: 50, agent_a_config_dir: join(env.dir, '.claude'),
    providers: { agent_a: { command: `bun ${DROPPER} 1`, yolo_flags: '' }, agent_b: { command: `bun ${DROPPER} 0`, yolo_flags: '' } },
  }));
}, 30_000);
afterAll(() => teardown(() => server?.stop(), env.cleanup));

const post = (path: string, body: unknown) =>
  fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const submitted = (dir: string): string[] =>
  existsSync(join(dir, 'submitted.jsonl')) ? readFileSync(join(dir, 'submitted.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)) : [];

async function session(channel: string, provider: string): Promise<string> {
  const dir = join(env.dir, channel);
  mkdirSync(dir);
  expect((await post('/sessions', { channel_id: channel, provider, work_dir: dir })).status).toBe(200);
  await waitFor(async () => (await (await fetch(`${server.url}/api/v1/sessions/${channel}/pane`)).json() as { content: string }).content.includes('? for shortcuts'), `${channel}'s input box`, 20_000);
  return dir;
}

describe('a typed line the assistant did not submit', () => {
  it('gets Enter again while it sits in the input box, and a line that went in gets none', async () => {
    const [dropped, taken] = await Promise.all([session('drops', 'agent_a'), session('takes', 'agent_b')]);
    expect((await post('/sessions/drops/input', { text: 'say pong' })).status).toBe(200);
    expect((await post('/sessions/takes/input', { text: 'say ping' })).status).toBe(200);
    await waitFor(() => submitted(dropped).length > 0, 'the dropped line submitted', 10_000);
    // One more check interval: neither window gets a further (empty) submission.
    await Bun.sleep(SUBMIT_CHECK_MS * 1.5);
    expect(submitted(dropped)).toEqual(['say pong']);
    expect(submitted(taken)).toEqual(['say ping']);
  }, 30_000);

  it('keeps one check per window, however fast lines are typed into it', async () => {
    const dir = await session('fast', 'agent_b');
    for (let i = 0; i < 12; i++) expect((await post('/sessions/fast/input', { text: `line ${i}` })).status).toBe(200);
    await waitFor(() => submitted(dir).length === 12, 'the twelve lines submitted');
    // Each window's checks run 20 s here (no status poller says it is working): one per window.
    const running = server.gateway.ctx.background.size;
    expect(running).toBeGreaterThanOrEqual(1);
    expect(running).toBeLessThanOrEqual(3);
  }, 30_000);
});
