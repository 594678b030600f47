import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { writeFileAtomic } from '@devhub/shared';
import { existsSync, readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { ansiPaint, plainPaint, renderStatusline } from '../../src/accounting/statusline';
import { configPath, usageCachePath } from '../../src/config/paths';
import { fingerprint } from '../../src/usage/cache';
import { message, sseFrames, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';
import { cli } from './helpers';

const MM_KEY = 'sk-cp-statusline-mm-key-0001';
const ZP_KEY = 'zp-statusline-key-secret-0002';
const SESSION = '0b7e3d5c-9a41-4f0e-b2d6-3c8f1e2a7d90';
const USAGE_PATH = '/v1/api/openplatform/coding_plan/remains';
const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const H = 3_600_000;
const fiveHourEnd = Math.floor((Date.now() + 2 * H) / 1000) * 1000;

/** What Claude Code 2.1.330 pipes into a status-line command (its documented fields, this session's values). */
const claudeCodeInput = (session: string) => JSON.stringify({
  session_id: session,
  transcript_path: `/home/u/.claude/projects/-home-u-proj/${session}.jsonl`,
  cwd: '/home/u/proj',
  model: { id: 'claude-opus-5-5', display_name: 'Opus 5.5' },
  workspace: { current_dir: '/home/u/proj', project_dir: '/home/u/proj', added_dirs: [] },
  version: '2.1.330',
  output_style: { name: 'default' },
  cost: { total_cost_usd: 0.41, total_duration_ms: 93000, total_api_duration_ms: 21000, total_lines_added: 12, total_lines_removed: 3 },
  context_window: { total_input_tokens: 49777, total_output_tokens: 321, context_window_size: 200000, current_usage: null, used_percentage: 25, remaining_percentage: 75 },
  exceeds_200k_tokens: false,
});

let upstream: MockUpstream;
let dir: string;
const statusline = (stdin: string, stateDir = dir) => cli(['statusline'], { HOME: stateDir, MODELPROXY_DIR: stateDir, NO_COLOR: '1' }, stdin);

beforeAll(async () => {
  upstream = await startMockUpstream((r) => {
    // MiniMax's usage endpoint: 76 % of the 5-hour window left, 40 % of the week.
    if (r.path === USAGE_PATH) {
      return Response.json({
        model_remains: [{ model_name: 'general', start_time: fiveHourEnd - 5 * H, end_time: fiveHourEnd, current_interval_remaining_percent: 76, current_weekly_status: 1, current_weekly_remaining_percent: 40, weekly_end_time: fiveHourEnd + 100 * H }],
        base_resp: { status_code: 0, status_msg: 'success' },
      });
    }
    const body = JSON.parse(r.body) as { model: string; stream?: boolean };
    if (!body.stream) return Response.json({ ...message('title', body.model), usage: { input_tokens: 77, output_tokens: 12, cache_read_input_tokens: 500, cache_creation_input_tokens: 0 } });
    const frames = sseFrames('main turn', body.model);
    frames[0] = frame('message_start', { type: 'message_start', message: { ...message('', body.model), content: [], usage: { input_tokens: 1200, output_tokens: 1, cache_read_input_tokens: 45000, cache_creation_input_tokens: 3000 } } });
    frames[frames.length - 2] = frame('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 321 } });
    return new Response(frames.join(''), { headers: { 'content-type': 'text/event-stream' } });
  });
  dir = tempDir('modelproxy-statusline-');
  writeFileAtomic(configPath(dir), stringify({
    config_version: 1,
    providers: {
      mm: { base_url: `${upstream.url}/anthropic`, usage_adapter: 'minimax', api_keys: [{ key: MM_KEY }] },
      zp: { base_url: upstream.url, api_keys: [{ key: ZP_KEY }] },
    },
    routes: { default: [{ match: 'haiku', provider: 'zp', model: 'glm-4.5-air' }, { match: '.*', provider: 'mm', model: 'MiniMax-M2' }] },
  }));
  // A recorded session: the main turn (opus, streamed) on mm#1, then a side call (haiku) on zp#1;
  // then another session's turn.
  const proxy = await spawnProxy(dir);
  try {
    const send = async (model: string, stream: boolean, session: string) => {
      const res = await fetch(`${proxy.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-claude-code-session-id': session },
        body: JSON.stringify({ model, max_tokens: 64, stream, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(200);
      await res.text();
    };
    await send('claude-opus-5-5', true, SESSION);
    await send('claude-haiku-5-5', false, SESSION);
    await send('claude-haiku-5-5', false, 'another-session');
    // serve reads the quota of the key that served, in the background (accounting.quota_refresh).
    await waitFor(() => existsSync(usageCachePath(dir)) && readFileSync(usageCachePath(dir), 'utf8').includes(fingerprint(MM_KEY)), 'serve to cache the quota of mm#1', 20_000);
  } finally {
    expect(await proxy.stop()).toBe(0);
  }
}, 60_000);
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});

describe('modelproxy statusline (Claude Code status-line protocol)', () => {
  it("shows the target of the session's last main-model turn, its cached 5-hour and weekly remainder, and the session's tokens", async () => {
    const before = upstream.requests.length;
    const r = await statusline(claudeCodeInput(SESSION));
    expect(r).toEqual({ code: 0, stderr: '', stdout: '⇄ mm#1 MiniMax-M2 · 5h 76% · wk 40% · in 49.8k (91% cached) · out 333\n' });
    // No network on the hot path: the vendor saw nothing.
    expect(upstream.requests.length).toBe(before);
  });

  it('says so for a session with no request yet, and when nothing was ever recorded', async () => {
    expect((await statusline(claudeCodeInput('9d9d9d9d-0000-4000-8000-000000000000'))).stdout).toBe('⇄ modelproxy: no request from this session yet\n');
    const empty = tempDir('modelproxy-statusline-empty-');
    expect(await statusline(claudeCodeInput(SESSION), empty)).toEqual({ code: 0, stderr: '', stdout: '⇄ modelproxy: nothing recorded yet (is modelproxy serve running?)\n' });
  });

  it('without a session id (or with input it cannot read) shows the last request and exits 0', async () => {
    const r = await statusline('not json');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('⇄ zp#1 glm-4.5-air · 5h — · wk —\n');
  });
});

describe('the status line text', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const last = { time: now.getTime() - 60_000, provider: 'minimax', key_index: 2, key_fp: 'f'.repeat(64), model_in: 'claude-opus-5-5', model_out: 'MiniMax-M2', status: 200, completed: true };
  const totals = { requests: 3, input_tokens: 900, output_tokens: 1_234_567, cache_read_tokens: 0, cache_write_tokens: 0 };
  const window = (percent: number, resetInMs: number | null) => ({ remaining_percent: percent, reset_at: resetInMs === null ? null : new Date(now.getTime() + resetInMs).toISOString() });

  it('marks a window that has reset since it was read, one the platform lacks, and a reading older than 15 minutes', () => {
    const quota = { five_hour: window(3, -60_000), weekly: window(0, null), checked_at: new Date(now.getTime() - 2 * H).toISOString() };
    expect(renderStatusline({ last, totals }, quota, now, plainPaint)).toBe('⇄ minimax#2 MiniMax-M2 · 5h reset · wk — (2h ago) · in 900 · out 1.23M');
  });

  it('colours a low remainder like `usage` does (yellow at 25 %, red at 10 %), and names a failed last turn', () => {
    const quota = { five_hour: window(8, H), weekly: window(20, 50 * H), checked_at: now.toISOString() };
    expect(renderStatusline({ last: { ...last, status: 429 }, totals: null }, quota, now, ansiPaint))
      .toBe('⇄ minimax#2 MiniMax-M2 \x1b[31m✗ 429\x1b[39m · 5h \x1b[31m8%\x1b[39m · wk \x1b[33m20%\x1b[39m');
  });
});
