#!/usr/bin/env bun
/**
 * Web console pane stream: how long typed text takes to come back as `pane.output` (typed over the
 * same socket, as the console does; input nudges the next frame), and how many bytes a changed-rows frame costs
 * against the whole-screen frame a naive stream would send each time (same screens, same process).
 * Temporary GW_DIR and a private tmux server; prints figures only.
 *   bun bench/gateway-console.ts [--keys 200] [--watchers 10]
 */
import { createLogger } from '../shared/src';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveGatewayConfig } from '../gateway/src/config';
import { startServer } from '../gateway/src/server';

const { values } = parseArgs({ options: { keys: { type: 'string', default: '200' }, watchers: { type: 'string', default: '10' } } });
const KEYS = Number(values.keys);
const WATCHERS = Number(values.watchers);

const dir = mkdtempSync(join(tmpdir(), 'agentgw-bench-console-'));
const socket = `agentgw-bench-console-${process.pid}`;
const config = resolveGatewayConfig(
  { tmux_socket: socket, api_host: '127.0.0.1', api_port: 0, default_provider: 'shell', enter_delay_ms: 0 },
  { env: { HOME: dir }, homeDir: dir, file: join(dir, 'config.yaml') },
);
const server = await startServer({ config, log: createLogger('bench', -999), tmuxEnv: { HOME: dir } });
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

type Msg = Record<string, unknown> & { type: string };
async function connect(path: string, onMessage: (m: Msg) => void): Promise<WebSocket> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}`);
  ws.addEventListener('message', (e) => onMessage(JSON.parse(String(e.data)) as Msg));
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  return ws;
}

try {
  let waiting: { marker: string; resolve: () => void } | null = null;
  const diffBytes: number[] = [];
  let fullBytes = 0;
  const ws = await connect('/api/v1/ws/bench:console', (m) => {
    if (m.type !== 'pane.output') return;
    const data = String(m.data);
    if (m.full) fullBytes = data.length;
    else diffBytes.push(data.length);
    if (waiting && data.includes(waiting.marker)) { waiting.resolve(); waiting = null; }
  });
  const send = (m: Record<string, unknown>) => ws.send(JSON.stringify(m));
  send({ type: 'session.create', provider: 'shell', work_dir: dir, channel_id: 'bench:console' });
  await Bun.sleep(500);
  // A full screen, as an assistant's pane is: the whole-screen frame is then realistic.
  send({ type: 'input', text: 'for i in $(seq 1 60); do printf "line %02d %s\\n" $i "$(printf "%0.s=" $(seq 1 120))"; done' });
  await Bun.sleep(1500);
  // Extra watchers of the same pane: frames are captured once per pane, whatever their number.
  const others = await Promise.all(Array.from({ length: WATCHERS - 1 }, () => connect('/api/v1/ws/bench:console', () => undefined)));
  for (const other of others) other.send(JSON.stringify({ type: 'pane.subscribe' }));
  send({ type: 'pane.subscribe' });
  await Bun.sleep(300);

  const latencies: number[] = [];
  for (let i = 0; i < KEYS; i++) {
    const marker = `k${i.toString(36)}q`;
    const seen = new Promise<void>((resolve) => { waiting = { marker, resolve }; });
    // Typing is not in step with the frames: start at a random point of the 100 ms period.
    await Bun.sleep(Math.random() * 100);
    const t0 = performance.now();
    send({ type: 'input', text: marker, enter: false });
    await seen;
    latencies.push(performance.now() - t0);
    if (i % 20 === 19) send({ type: 'key', key: 'C-u' }); // keep the line short
  }
  latencies.sort((a, b) => a - b);
  const meanDiff = diffBytes.reduce((a, b) => a + b, 0) / diffBytes.length;
  console.log(`pane ${config.window_width}x${config.window_height}, ${WATCHERS} watcher(s), ${KEYS} keystrokes, frame every 100 ms`);
  console.log(`typed text → pane.output with it: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`);
  console.log(`frame size: whole screen ${fullBytes} B, changed rows ${meanDiff.toFixed(0)} B on average (${diffBytes.length} frames) → ${(fullBytes / meanDiff).toFixed(1)}x smaller`);
  for (const other of others) other.close();
  ws.close();
} finally {
  await server.stop();
  await server.gateway.ctx.tmux.killServer();
  rmSync(dir, { recursive: true, force: true });
}
