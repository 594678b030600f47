#!/usr/bin/env bun
/**
 * Gateway status latency: from the moment something happens in a window (the assistant draws its
 * input prompt, a prompt is written to its transcript, its Stop hook runs, it draws a permission
 * prompt, it exits, its window is killed) to the moment a WebSocket client gets the new
 * `agent.status`, per transition, p50/p95 (target p95 ≤ 1 s); each event at a random moment of the
 * poll cycle. A scripted assistant
 * (gateway-status-assistant.ts) logs its own event times. Run twice in the same process: with the
 * default poll intervals (1 s) and with 0.25 s, printed as a ratio. Temporary GW_DIR/HOME and a
 * private tmux server; prints figures only.
 *   bun bench/gateway-status.ts [--windows 3] [--cycles 5]
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger } from '../shared/src';
import { gatewayFeatures } from '../gateway/src/app';
import { resolveGatewayConfig } from '../gateway/src/config';
import { startServer } from '../gateway/src/server';

const { values } = parseArgs({ options: { windows: { type: 'string', default: '3' }, cycles: { type: 'string', default: '5' } } });
const WINDOWS = Number(values.windows);
const CYCLES = Number(values.cycles);
const SCRIPT = join(import.meta.dir, 'gateway-status-assistant.ts');
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

type Msg = Record<string, unknown>;
/** Transition name → event-to-client latencies (ms). */
type Samples = Map<string, number[]>;

async function run(intervalS: number): Promise<Samples> {
  const dir = mkdtempSync(join(tmpdir(), 'agentgw-bench-status-'));
  const socket = `agentgw-bench-status-${process.pid}-${intervalS}`;
  const config = resolveGatewayConfig(
    {
      tmux_socket: socket, api_host: '127.0.0.1', api_port: 0, default_provider: 'agent_a', agent_a_config_dir: join(dir, '.claude'),
      monitor_poll_interval: intervalS, status_poll_interval: intervalS, enter_delay_ms: 0, autoclose_done_minutes: 0, autoclose_dead_minutes: 0,
      providers: { agent_a: { command: `bun ${SCRIPT}`, yolo_flags: '' } },
    },
    { env: { HOME: dir }, homeDir: dir, file: join(dir, 'config.yaml') },
  );
  const server = await startServer({ config, ...gatewayFeatures(), log: createLogger('bench', -999), tmuxEnv: { HOME: dir } });
  const samples: Samples = new Map();
  const add = (name: string, ms: number) => samples.set(name, [...(samples.get(name) ?? []), ms]);
  try {
    for (let w = 0; w < WINDOWS; w++) {
      const channel = `bench-${w}`;
      const work = join(dir, channel);
      mkdirSync(work);
      const received: Array<{ status: string; at: number }> = [];
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws/${channel}`);
      ws.addEventListener('message', (e) => {
        const m = JSON.parse(String(e.data)) as Msg;
        if (m.type === 'agent.status') received.push({ status: String(m.status), at: Date.now() });
      });
      await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
      const next = async (status: string, since: number) => {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const hit = received.slice(since).find((r) => r.status === status);
          if (hit) return hit;
          if (Date.now() > deadline) throw new Error(`${channel}: no ${status} in 30 s`);
          await Bun.sleep(5);
        }
      };
      const eventAt = (name: string) => {
        const lines = readFileSync(join(work, 'events.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: string; at: number });
        return lines.filter((l) => l.event === name).at(-1)!.at;
      };
      // Each step at a random moment of the poll cycle, as events come in real use.
      const send = async (text: string) => {
        await Bun.sleep(Math.random() * intervalS * 1000);
        await server.gateway.ctx.tmux.sendText(windowId, text, { enter: true, literal: true, raw: false, enterDelayMs: 0 });
      };
      const create = await fetch(`${server.url}/api/v1/sessions`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel_id: channel, provider: 'agent_a', work_dir: work }),
      });
      const windowId = ((await create.json()) as { window_id: string }).window_id;
      const idle0 = await next('idle', 0);
      // Started once its input prompt has stood 1 s unchanged (INPUT_SETTLE_MS): measured from then.
      add('starting → idle (after the 1 s settle)', idle0.at - eventAt('start') - 1000);
      for (let c = 0; c < CYCLES; c++) {
        let mark = received.length;
        await send('work');
        add('idle → working (prompt in transcript)', (await next('working', mark)).at - eventAt('work'));
        mark = received.length;
        await send('idle');
        add('working → idle (Stop hook)', (await next('idle', mark)).at - eventAt('idle'));
        mark = received.length;
        await send('ask');
        add('idle → interactive (prompt drawn)', (await next('interactive', mark)).at - eventAt('ask'));
        mark = received.length;
        await send('answer');
        add('interactive → working (spinner drawn)', (await next('working', mark)).at - eventAt('answer'));
        mark = received.length;
        await send('idle');
        await next('idle', mark);
      }
      let mark = received.length;
      await send('exit');
      add('idle → done (assistant exited)', (await next('done', mark)).at - eventAt('exit'));
      mark = received.length;
      await Bun.sleep(Math.random() * intervalS * 1000);
      const killedAt = Date.now();
      await server.gateway.ctx.tmux.killWindow(windowId);
      add('done → dead (window killed)', (await next('dead', mark)).at - killedAt);
      ws.close();
    }
  } finally {
    await server.stop();
    await server.gateway.ctx.tmux.killServer();
    const tmuxDir = join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket);
    if (existsSync(tmuxDir)) rmSync(tmuxDir, { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  return samples;
}

const defaults = await run(1);
const fast = await run(0.25);
console.log(`gateway status: event → WebSocket client, ${WINDOWS} windows × ${CYCLES} cycles (target p95 ≤ 1000 ms)`);
console.log(`${'transition'.padEnd(42)} ${'1 s polls p50/p95'.padStart(18)} ${'0.25 s polls p50/p95'.padStart(21)}  p95 ratio  ≤ 1 s`);
for (const [name, xs] of defaults) {
  const ys = fast.get(name) ?? [];
  const d = [quantile(xs, 0.5), quantile(xs, 0.95)].map(Math.round);
  const f = [quantile(ys, 0.5), quantile(ys, 0.95)].map(Math.round);
  console.log(`${name.padEnd(42)} ${`${d[0]} / ${d[1]} ms`.padStart(18)} ${`${f[0]} / ${f[1]} ms`.padStart(21)}  ${(f[1]! / d[1]!).toFixed(2).padStart(9)}  ${d[1]! <= 1000 ? 'yes' : 'NO'}`);
}
