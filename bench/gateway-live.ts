#!/usr/bin/env bun
/**
 * Gateway live-services benchmark: (1) pane screenshot render time for a 200×50 coloured pane
 * (target ≤ 50 ms), typical (highlighted runs) and worst case (every cell its own colour);
 * (2) CPU of the monitor + status poller with 50 idle assistant sessions at the default 1 s
 * intervals, gateway process (with its tmux/children) and tmux server separately.
 * Temporary GW_DIR/HOME and a private tmux server; prints figures only.
 *   bun bench/gateway-live.ts [--sessions 50] [--seconds 15] [--renders 20]
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '../shared/src';
import { resolveGatewayConfig } from '../gateway/src/config';
import { gatewayFeatures } from '../gateway/src/app';
import { claudeProjectDir } from '../gateway/src/monitor/discover';
import { startServer } from '../gateway/src/server';
import { renderPanePng } from '../gateway/src/screenshot';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '50' }, seconds: { type: 'string', default: '15' }, renders: { type: 'string', default: '20' } } });
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const RENDERS = Number(values.renders);
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

// --- 1. screenshots -------------------------------------------------------------------------
const COLOURS = [31, 32, 33, 34, 35, 36, 90, 37];
function typicalPane(): string {
  const rows: string[] = [];
  for (let y = 0; y < 50; y++) {
    let line = y % 10 === 0 ? '\x1b[48;5;236m' : '';
    let width = 0;
    for (let k = 0; width < 190; k++) {
      const token = 'const result = await fetchThing(item); // 注释 ✻ ❯ '.slice((k * 7) % 40, (k * 7) % 40 + 3 + ((k + y) % 10));
      line += `\x1b[${k % 5 === 0 ? '1;' : ''}${COLOURS[(k + y) % COLOURS.length]}m${token}\x1b[22;39m`;
      width += [...token].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
    }
    rows.push(`${line}\x1b[0m`);
  }
  return rows.join('\n');
}
const worstPane = () => Array.from({ length: 50 }, (_, y) =>
  `${Array.from({ length: 200 }, (_, x) => `\x1b[38;5;${(x + y) % 256};48;2;${x % 256};${y * 5};40m${String.fromCharCode(33 + ((x + y) % 90))}`).join('')}\x1b[0m`).join('\n');

async function timeRender(name: string, ansi: string) {
  for (let i = 0; i < 3; i++) await renderPanePng(ansi, { cols: 200, rows: 50 });
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    bytes = (await renderPanePng(ansi, { cols: 200, rows: 50 })).length;
    times.push(performance.now() - start);
  }
  console.log(`screenshot 200×50 ${name.padEnd(8)} median ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms  (${RENDERS} renders, PNG ${(bytes / 1024).toFixed(0)} KiB)`);
}
const claudeScreen = readFileSync(join(import.meta.dir, '../gateway/test/fixtures/panes/claude-permission.ansi'), 'utf8');
await timeRender('claude', claudeScreen);
await timeRender('dense', typicalPane());
await timeRender('worst', worstPane());

// --- 2. idle sessions -----------------------------------------------------------------------
const TICKS = 100; // /proc clock ticks per second on Linux
const cpuOf = (pid: number | 'self', children: boolean) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return (utime! + stime! + (children ? cutime! + cstime! : 0)) / TICKS;
};

const dir = mkdtempSync(join(tmpdir(), 'agentgw-bench-live-'));
const socket = `agentgw-bench-live-${process.pid}`;
const claudeDir = join(dir, '.claude');
const config = resolveGatewayConfig(
  { tmux_socket: socket, api_host: '127.0.0.1', api_port: 0, default_provider: 'agent_a', agent_a_config_dir: claudeDir, providers: { agent_a: { command: 'cat', yolo_flags: '' } } },
  { env: { HOME: dir }, homeDir: dir, file: join(dir, 'config.yaml') },
);
const server = await startServer({ config, ...gatewayFeatures(), log: createLogger('bench', -999), tmuxEnv: { HOME: dir } });
try {
  const statuses = new Map<string, string>();
  server.gateway.ctx.bus.subscribe('agent.status', (e) => statuses.set(e.window_id, e.status));
  for (let i = 0; i < SESSIONS; i++) {
    const cwd = join(dir, `proj-${i}`);
    mkdirSync(cwd);
    // An idle assistant with a transcript the monitor follows (discovered by cwd).
    const projectDir = claudeProjectDir(cwd, { AGENT_A_CONFIG_DIR: claudeDir });
    mkdirSync(projectDir, { recursive: true });
    appendFileSync(join(projectDir, `session-${i}.jsonl`), `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } })}\n`);
    const res = await fetch(`${server.url}/api/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: `bench:${i}`, work_dir: cwd, provider: 'agent_a' }) });
    if (res.status !== 200) throw new Error(`create session ${i}: ${res.status} ${await res.text()}`);
  }
  const deadline = Date.now() + 60_000;
  while ([...statuses.values()].filter((s) => s === 'idle').length < SESSIONS && Date.now() < deadline) await Bun.sleep(100);
  const idle = [...statuses.values()].filter((s) => s === 'idle').length;
  const tmuxPid = Number((await server.gateway.ctx.tmux.displayMessage(`=${server.gateway.ctx.tmux.session}:`, '#{pid}')).trim());
  const before = { self: cpuOf('self', true), tmux: cpuOf(tmuxPid, false), at: performance.now() };
  await Bun.sleep(SECONDS * 1000);
  const wall = (performance.now() - before.at) / 1000;
  const self = ((cpuOf('self', true) - before.self) / wall) * 100;
  const tmux = ((cpuOf(tmuxPid, false) - before.tmux) / wall) * 100;
  console.log(`${SESSIONS} idle sessions (${idle} reported idle), 1 s polls, ${wall.toFixed(1)} s: gateway+children ${self.toFixed(1)}% of a core, tmux server ${tmux.toFixed(1)}%`);
} finally {
  await server.stop();
  await server.gateway.ctx.tmux.killServer();
  // tmux leaves its socket file behind after kill-server.
  rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
  rmSync(dir, { recursive: true, force: true });
}
