#!/usr/bin/env bun
/**
 * Gateway benchmark: event fan-out to 200 WebSocket subscribers, and REST input round trips to a
 * real tmux window. Uses a temporary GW_DIR and a private tmux server; prints figures only.
 *   bun bench/gateway.ts [--subscribers 200] [--events 300] [--inputs 200]
 */
import { createLogger } from '../shared/src';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveGatewayConfig } from '../gateway/src/config';
import { startServer } from '../gateway/src/server';

const { values } = parseArgs({ options: { subscribers: { type: 'string', default: '200' }, events: { type: 'string', default: '300' }, inputs: { type: 'string', default: '200' } } });
const SUBSCRIBERS = Number(values.subscribers);
const EVENTS = Number(values.events);
const INPUTS = Number(values.inputs);

const dir = mkdtempSync(join(tmpdir(), 'agentgw-bench-'));
const socket = `agentgw-bench-${process.pid}`;
const config = resolveGatewayConfig(
  { tmux_socket: socket, api_host: '127.0.0.1', api_port: 0, default_provider: 'shell', enter_delay_ms: 0 },
  { env: { HOME: dir }, homeDir: dir, file: join(dir, 'config.yaml') },
);
const server = await startServer({ config, log: createLogger('bench', -999), tmuxEnv: { HOME: dir } });
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

try {
  // --- fan-out: half the sockets on one channel, half global; agent.message to the channel and
  // hook.event to the globals, each carrying its publish time.
  const wsBase = server.url.replace('http', 'ws');
  const latencies: number[] = [];
  let received = 0;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const ws = new WebSocket(i % 2 === 0 ? `${wsBase}/api/v1/ws/bench:chan` : `${wsBase}/api/v1/ws`);
    ws.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as { session_id?: string };
      if (!msg.session_id?.startsWith('t=')) return;
      latencies.push(performance.now() - Number(msg.session_id.slice(2)));
      received++;
    });
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    sockets.push(ws);
  }
  const bus = server.gateway.ctx.bus;
  const message = { text: 'x'.repeat(200), role: 'assistant' as const, content_type: 'text' as const, is_complete: true, phase: null, tool_use_id: null, tool_name: null, timestamp: null };
  const wallStart = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const expected = received + SUBSCRIBERS;
    const sessionId = `t=${performance.now()}`;
    bus.publish('agent.message', { window_id: '@0', session_id: sessionId, channel_ids: ['bench:chan'], messages: [message] });
    bus.publish('hook.event', { window_id: '@0', event_type: 'Stop', session_id: sessionId, data: {} });
    const deadline = performance.now() + 5_000;
    while (received < expected && performance.now() < deadline) await Bun.sleep(0);
  }
  const wall = performance.now() - wallStart;
  latencies.sort((a, b) => a - b);
  console.log(`fan-out: ${SUBSCRIBERS} subscribers (${SUBSCRIBERS / 2} channel + ${SUBSCRIBERS / 2} global), ${EVENTS} rounds`);
  console.log(`  deliveries ${latencies.length}/${EVENTS * SUBSCRIBERS}  p50 ${fmt(quantile(latencies, 0.5))}  p99 ${fmt(quantile(latencies, 0.99))}  max ${fmt(latencies.at(-1) ?? NaN)}  (${Math.round(latencies.length / (wall / 1000))} deliveries/s)`);
  for (const ws of sockets) ws.close();

  // --- REST input round trip to a real tmux window (text without Enter, then a key).
  const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/v1/sessions', { channel_id: 'bench:input', provider: 'shell', work_dir: dir });
  const round = async (path: string, body: unknown) => {
    const times: number[] = [];
    for (let i = 0; i < INPUTS; i++) {
      const t0 = performance.now();
      const res = await post(path, body);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  };
  const input = await round('/api/v1/sessions/bench:input/input', { text: 'a', enter: false });
  const key = await round('/api/v1/sessions/bench:input/key', { key: 'BSpace' });
  console.log(`REST input (text, no Enter) x${INPUTS}: p50 ${fmt(quantile(input, 0.5))}  p99 ${fmt(quantile(input, 0.99))}`);
  console.log(`REST key x${INPUTS}:                  p50 ${fmt(quantile(key, 0.5))}  p99 ${fmt(quantile(key, 0.99))}`);
  console.log(`(with enter: true add the configured enter_delay_ms pause, default 500 ms, and one more tmux call)`);
} finally {
  await server.stop();
  await server.gateway.ctx.tmux.killServer();
  rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
  rmSync(dir, { recursive: true, force: true });
}
