import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gatewayFeatures } from '../../src/app';
import { LiveService } from '../../src/live';
import type { RunningServer } from '../../src/server';
import { startTestServer, testEnv, teardown } from '../helpers/gateway';
import { WsClient } from '../helpers/ws-client';
import { claudeAvailable, claudeSetup } from './helpers/claude';
import { type MockAnthropic, startMockAnthropic } from './helpers/mock-anthropic';

/**
 * The real Claude Code CLI (npm @anthropic-ai/claude-code) as agent_a, offline against a local
 * Messages API mock (helpers/mock-anthropic.ts), driven only through the gateway's API.
 */
const CLI = join(import.meta.dir, '../../src/cli/index.ts');

const env = testEnv('live-claude');
const proj = join(env.dir, 'proj');
let mock: MockAnthropic;
let server: RunningServer;
let global: WsClient;
let channel: WsClient;

const api = (path: string, body?: unknown) => fetch(`${server.url}/api/v1${path}`, {
  method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
});
const status = (s: string, type?: string) => (m: Record<string, unknown>) =>
  m.type === 'agent.status' && m.status === s && (!type || (m.prompt_state as { type?: string } | null)?.type === type);
type Prompt = { question: string; options: Array<{ index: number; label: string }>; selected: number };
/** Every agent.message the channel socket received (the client's queue loses what `next` took). */
const received: Array<Record<string, unknown>> = [];
const texts = () => received.filter((m) => m.type === 'agent.message').flatMap((m) => (m.messages as Array<{ text: string; content_type: string }>));

beforeAll(async () => {
  if (!claudeAvailable) return;
  mock = startMockAnthropic();
  mkdirSync(proj);
  const { config, tmuxEnv } = claudeSetup(env, mock);
  // The hooks go in through the CLI a user would run.
  await using install = Bun.spawn(['bun', CLI, 'hooks', 'install', '--settings', join(env.dir, '.claude', 'settings.json')], {
    env: { ...process.env, HOME: env.dir, GW_DIR: env.dir }, stdout: 'pipe', stderr: 'pipe',
  });
  expect(await install.exited).toBe(0);
  server = await startTestServer(config, { ...gatewayFeatures(new LiveService()), tmuxEnv });
  global = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws`);
  // Subscribed before the session exists, so no status sent on change can be missed.
  channel = await WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/cc`);
  channel.ws.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
  const res = await api('/sessions', { channel_id: 'cc', provider: 'claude', work_dir: proj });
  expect(res.status).toBe(200);
}, 90_000);

afterAll(() => teardown(() => global?.close(), () => channel?.close(), () => server?.stop(), () => mock?.stop(), env.cleanup));

/** Shows the trust prompt as interactive with its options, answered over the API. */
async function answersTrustPrompt(): Promise<void> {
  const trust = await channel.next(status('interactive', 'trust'), 45_000);
  const prompt = trust.prompt_state as Prompt;
  expect(prompt.question).toContain('trust');
  expect(prompt.options.length).toBeGreaterThanOrEqual(2);
  const yes = prompt.options.find((o) => /^Yes/.test(o.label))!;
  expect(yes).toBeDefined();
  // Move the marker with arrow keys until the gateway reports "Yes" selected (the CLI may redraw
  // the menu once while starting up), then confirm.
  let selected = prompt.selected;
  for (let tries = 0; selected !== yes.index; tries++) {
    expect(tries).toBeLessThan(10);
    await api('/sessions/cc/key', { key: selected < yes.index ? 'Down' : 'Up' });
    const next = await channel.next(status('interactive', 'trust'), 5_000).catch(() => null);
    if (next) selected = (next.prompt_state as Prompt).selected;
  }
  expect((await api('/sessions/cc/key', { key: 'Enter' })).status).toBe(200);
  await channel.next(status('idle'), 45_000);
}

/** Delivers SessionStart from the installed hooks. */
async function deliversSessionStart(): Promise<void> {
  const start = await global.next((m) => m.type === 'hook.event' && m.event_type === 'SessionStart' && (m.data as { cwd?: string }).cwd === proj, 30_000);
  expect(start.data).toMatchObject({ cwd: proj });
  expect(String((start.data as { transcript_path: string }).transcript_path)).toEndWith('.jsonl');
}

/** Sends a prompt and receives the reply as agent.message, then Stop as hook.event. */
async function repliesToPrompt(): Promise<void> {
  expect((await api('/sessions/cc/input', { text: 'say pong' })).status).toBe(200);
  await channel.next((m) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('PONG-from-mock'), 45_000);
  expect(texts().some((m) => m.text === 'say pong')).toBe(true);
  await global.next((m) => m.type === 'hook.event' && m.event_type === 'Stop', 30_000);
}

/** Turns a Bash tool call into a permission prompt, answered over the API, then the result and final text. */
async function answersPermissionPrompt(): Promise<void> {
  expect((await api('/sessions/cc/input', { text: 'RUN_TOOL now' })).status).toBe(200);
  const ask = await channel.next(status('interactive', 'permission'), 45_000);
  const prompt = ask.prompt_state as Prompt;
  expect(prompt.question).toBe('Do you want to proceed?');
  expect(prompt.options[0]).toEqual({ index: 1, label: 'Yes' });
  expect(prompt.options.at(-1)!.label).toBe('No');
  expect(prompt.selected).toBe(1);
  // A key that lands while the CLI is still mounting the dialog is dropped (the dialog is then
  // drawn again): answer until the tool has run, as a person would press Enter again.
  const toolDone = (m: Record<string, unknown>) => m.type === 'agent.message' && JSON.stringify(m.messages).includes('TOOL-DONE-from-mock');
  for (let tries = 0; ; tries++) {
    expect(tries).toBeLessThan(5);
    expect((await api('/sessions/cc/key', { key: 'Enter' })).status).toBe(200);
    const done = await channel.next(toolDone, 5_000).catch(() => null);
    if (done) break;
    const pane = (await (await api('/sessions/cc/pane')).json()) as { content: string };
    if (!pane.content.includes('Do you want to proceed?')) await channel.next(toolDone, 30_000);
  }
  const all = texts();
  expect(all.find((m) => m.content_type === 'tool_use')?.text).toBe('**Bash**(touch created-by-tool.txt)');
  expect(all.some((m) => m.content_type === 'tool_result')).toBe(true);
  expect(existsSync(join(proj, 'created-by-tool.txt'))).toBe(true);
}

/** Reports done after /exit. */
async function reportsDoneAfterExit(): Promise<void> {
  expect((await api('/sessions/cc/input', { text: '/exit' })).status).toBe(200);
  await channel.next(status('done'), 45_000);
}

// One scenario, one session: each step needs the state the previous one left (trusted folder,
// a running assistant, a transcript), so the steps run in this order inside one test.
describe.skipIf(!claudeAvailable)('the real Claude Code through the gateway', () => {
  it('shows the trust prompt, delivers SessionStart, replies, asks permission for a tool and reports done after /exit', async () => {
    try {
      await answersTrustPrompt();
      await deliversSessionStart();
      await repliesToPrompt();
      await answersPermissionPrompt();
      await reportsDoneAfterExit();
    } catch (error) {
      // A step that times out says what the CLI showed then (a CI log is all there is to read).
      const pane = await api('/sessions/cc/pane').then((r) => r.json() as Promise<{ content?: string }>).catch(() => ({ content: undefined }));
      throw new Error(`${(error as Error).message}\npane cc:\n${pane.content ?? '(not readable)'}`);
    }
  }, 330_000);
});

/**
 * Claude Code draws its trust dialog, then probes the terminal and draws the dialog again with the
 * marker back on its first option, "No, exit": a Down sent at once shows, then is undone. Three
 * sessions started together (more load, later redraws) are each answered "Yes" the moment the
 * gateway reports the dialog; every one must end up trusted, none exits.
 */
describe.skipIf(!claudeAvailable)('a trust prompt answered the moment it shows', () => {
  it('trusts the folder every time, however soon the answer comes', async () => {
    const channels = ['quick-1', 'quick-2', 'quick-3'];
    const sockets = await Promise.all(channels.map((ch) => WsClient.connect(`${server.url.replace('http', 'ws')}/api/v1/ws/${ch}`)));
    try {
      await Promise.all(channels.map(async (ch) => {
        mkdirSync(join(env.dir, ch));
        expect((await api('/sessions', { channel_id: ch, provider: 'claude', work_dir: join(env.dir, ch) })).status).toBe(200);
      }));
      await Promise.all(channels.map(async (ch, i) => {
        const prompt = (await sockets[i]!.next(status('interactive', 'trust'), 45_000)).prompt_state as Prompt;
        const yes = prompt.options.find((o) => /^Yes/.test(o.label))!;
        const res = await api(`/sessions/${ch}/answer`, { option: yes.index, question: prompt.question });
        expect({ ch, status: res.status, body: await res.json() }).toMatchObject({ ch, status: 200, body: { option: { label: yes.label } } });
        await sockets[i]!.next(status('idle'), 30_000);
        const pane = ((await (await api(`/sessions/${ch}/pane`)).json()) as { content: string }).content;
        expect(pane).not.toContain('No, exit');
      }));
    } finally {
      for (const socket of sockets) socket.close();
      await Promise.all(channels.map((ch) => fetch(`${server.url}/api/v1/sessions/${ch}`, { method: 'DELETE' })));
    }
  }, 120_000);
});
