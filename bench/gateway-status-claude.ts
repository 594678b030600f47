#!/usr/bin/env bun
/**
 * Gateway status around real turns: the real Claude Code (the gateway's dev dependency) offline
 * against the local Messages API mock, hooks installed, N short turns typed through the REST API.
 * For each turn: from the prompt's transcript entry to `working` on the WebSocket, and from the Stop
 * hook (the time `agentgw hook` stamped) to `idle`; and how many turns were still reported working
 * 2 s after their Stop (the old classification compared the times the gateway noticed the Stop and
 * the reply, and kept 3 turns in 8 working for the rest of a 10 s window). Default 1 s polls.
 * Temporary HOME/GW_DIR and a private tmux server; prints figures only.
 *   bun bench/gateway-status-claude.ts [--turns 8]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '../shared/src';
import { gatewayFeatures } from '../gateway/src/app';
import { resolveGatewayConfig } from '../gateway/src/config';
import { startServer } from '../gateway/src/server';
import { startMockAnthropic } from '../gateway/test/live/helpers/mock-anthropic';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '8' } } });
const TURNS = Number(values.turns);
const CLAUDE = join(import.meta.dir, '../gateway/node_modules/.bin/claude');
const CLI = join(import.meta.dir, '../gateway/src/cli/index.ts');
const KEY = 'sk-ant-api03-offline-test-key-0123456789ABCDEFGHIJ';
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'agentgw-bench-claude-'));
const proj = join(dir, 'proj');
mkdirSync(proj);
mkdirSync(join(dir, 'tmp'));
writeFileSync(join(dir, '.claude.json'), JSON.stringify({
  hasCompletedOnboarding: true, theme: 'dark', customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
  projects: { [proj]: { hasTrustDialogAccepted: true, allowedTools: [] } },
}));
const install = Bun.spawnSync(['bun', CLI, 'hooks', 'install', '--settings', join(dir, '.claude', 'settings.json')], { env: { ...process.env, HOME: dir, GW_DIR: dir } });
if (install.exitCode !== 0) throw new Error(install.stderr.toString());
const mock = startMockAnthropic();
const socket = `agentgw-bench-claude-${process.pid}`;
const config = resolveGatewayConfig(
  {
    tmux_socket: socket, api_host: '127.0.0.1', api_port: 0, default_provider: 'agent_a', agent_a_config_dir: join(dir, '.claude'),
    enter_delay_ms: 400, window_width: 120, window_height: 40, providers: { agent_a: { command: `${CLAUDE} --permission-mode manual`, yolo_flags: '' } },
  },
  { env: { HOME: dir }, homeDir: dir, file: join(dir, 'config.yaml') },
);
const server = await startServer({
  config, ...gatewayFeatures(), log: createLogger('bench', -999),
  tmuxEnv: { HOME: dir, TMPDIR: join(dir, 'tmp'), CLAUDE_CODE_TMPDIR: join(dir, 'tmp'), ANTHROPIC_BASE_URL: mock.url, ANTHROPIC_API_KEY: KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' },
});
const post = (path: string, body: unknown) => fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
try {
  const statuses: Array<{ status: string; at: number }> = [];
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws/bench`);
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(String(e.data)) as Record<string, unknown>;
    if (m.type === 'agent.status') statuses.push({ status: String(m.status), at: Date.now() });
  });
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  const until = async (status: string, from: number, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = statuses.slice(from).find((s) => s.status === status);
      if (hit) return hit;
      if (Date.now() > deadline) return null;
      await Bun.sleep(10);
    }
  };
  await post('/sessions', { channel_id: 'bench', provider: 'claude', work_dir: proj });
  await until('idle', 0);
  const events = () => readFileSync(join(dir, 'events.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { ts: string; event: string; data: { transcript_path?: string } });
  const toWorking: number[] = [];
  const toIdle: number[] = [];
  let late = 0;
  for (let turn = 0; turn < TURNS; turn++) {
    const mark = statuses.length;
    const stops = events().filter((e) => e.event === 'Stop').length;
    await post('/sessions/bench/input', { text: `say pong ${turn}, HOLD` });
    const working = await until('working', mark);
    mock.release();
    let stop: { ts: string } | undefined;
    const deadline = Date.now() + 60_000;
    while (!(stop = events().filter((e) => e.event === 'Stop')[stops]) && Date.now() < deadline) await Bun.sleep(20);
    if (!working || !stop) throw new Error(`turn ${turn}: no ${working ? 'Stop hook' : 'working'}`);
    const transcript = events().find((e) => e.event === 'SessionStart')?.data.transcript_path;
    const prompt = !transcript ? undefined : readFileSync(transcript, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; timestamp?: string; message?: { content?: unknown } })
      .findLast((r) => r.type === 'user' && JSON.stringify(r.message?.content ?? '').includes(`say pong ${turn}`));
    if (prompt?.timestamp) toWorking.push(working.at - Date.parse(prompt.timestamp));
    const idle = await until('idle', mark);
    if (!idle) throw new Error(`turn ${turn}: never idle`);
    const ms = idle.at - Date.parse(stop.ts);
    toIdle.push(ms);
    if (ms > 2000) late++;
  }
  const row = (name: string, xs: number[]) => console.log(`${name.padEnd(40)} p50 ${Math.round(quantile(xs, 0.5))} ms · p95 ${Math.round(quantile(xs, 0.95))} ms · max ${Math.round(Math.max(...xs))} ms`);
  console.log(`real Claude Code, ${TURNS} short turns, 1 s polls`);
  row('prompt entry → working', toWorking);
  row('Stop hook → idle', toIdle);
  console.log(`turns still working 2 s after their Stop: ${late} of ${TURNS}`);
  ws.close();
} finally {
  await server.stop();
  await server.gateway.ctx.tmux.killServer();
  await mock.stop();
  rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
  // An assistant killed with its tmux server still runs its exit hook in `dir`.
  await Bun.sleep(500);
  rmSync(dir, { recursive: true, force: true });
}
