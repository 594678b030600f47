#!/usr/bin/env bun
/**
 * Hostile WebSocket frames against the gateway: one socket keeps a 200 KB-deep `[[[…]]]` frame in
 * flight (the next sent as soon as the refusal comes back) while another socket pings. Prints the
 * ping round trip (p50/p95) under that flood against the same pings without it (same process,
 * same server), and how long a deep frame takes to be refused.
 *   bun bench/gateway-ws-frames.ts [--pings 500] [--depth 100000]
 */
import { createLogger } from '../shared/src';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveGatewayConfig } from '../gateway/src/config';
import { startServer } from '../gateway/src/server';

const { values } = parseArgs({ options: { pings: { type: 'string', default: '500' }, depth: { type: 'string', default: '100000' } } });
const PINGS = Number(values.pings);
const DEEP = '['.repeat(Number(values.depth)) + ']'.repeat(Number(values.depth));

const dir = mkdtempSync(join(tmpdir(), 'agentgw-bench-frames-'));
const socket = `agentgw-bench-frames-${process.pid}`;
const config = resolveGatewayConfig(
  { tmux_socket: socket, api_host: '127.0.0.1', api_port: 0, default_provider: 'shell' },
  { env: { HOME: dir }, homeDir: dir, file: join(dir, 'config.yaml') },
);
const server = await startServer({ config, log: createLogger('bench', -999), tmuxEnv: { HOME: dir } });
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function connect(onMessage: (m: Record<string, unknown>) => void): Promise<WebSocket> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`);
  ws.addEventListener('message', (e) => onMessage(JSON.parse(String(e.data)) as Record<string, unknown>));
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  return ws;
}

/** Sequential pings; the round trip of each, sorted (ms). */
async function pings(ws: WebSocket, replies: { next: ((m: Record<string, unknown>) => void) | null }): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < PINGS; i++) {
    const t = performance.now();
    await new Promise<void>((resolve) => {
      replies.next = (m) => { if (m.type === 'pong') resolve(); };
      ws.send(JSON.stringify({ type: 'ping' }));
    });
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

try {
  const replies: { next: ((m: Record<string, unknown>) => void) | null } = { next: null };
  const pinger = await connect((m) => replies.next?.(m));
  await pings(pinger, replies); // warm-up
  const baseline = await pings(pinger, replies);

  let flooding = true;
  let sentAt = 0;
  const refusals: number[] = [];
  const attacker = await connect((m) => {
    if (m.type !== 'error') return;
    refusals.push(performance.now() - sentAt);
    if (flooding) { sentAt = performance.now(); attacker.send(DEEP); }
  });
  sentAt = performance.now();
  attacker.send(DEEP);
  const flooded = await pings(pinger, replies);
  flooding = false;
  refusals.sort((a, b) => a - b);

  const row = (label: string, t: number[]) => `${label.padEnd(28)} p50 ${quantile(t, 0.5).toFixed(3)} ms  p95 ${quantile(t, 0.95).toFixed(3)} ms`;
  console.log(`${PINGS} pings, deep frames of ${DEEP.length} bytes`);
  console.log(row('ping, alone', baseline));
  console.log(row('ping, under the deep flood', flooded));
  console.log(`ratio flood/alone: p50 ${(quantile(flooded, 0.5) / quantile(baseline, 0.5)).toFixed(2)}x, p95 ${(quantile(flooded, 0.95) / quantile(baseline, 0.95)).toFixed(2)}x`);
  console.log(`${refusals.length} deep frames refused meanwhile: round trip p50 ${quantile(refusals, 0.5).toFixed(3)} ms, p95 ${quantile(refusals, 0.95).toFixed(3)} ms`);
  pinger.close();
  attacker.close();
} finally {
  await server.stop();
  await server.gateway.ctx.tmux.killServer().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
  // tmux leaves its socket file behind after kill-server.
  rmSync(join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket), { force: true });
}
