/**
 * Mahjong server figures (nothing asserted):
 *  1. concurrent 4ai games at zero delay on one server process: games/s and actions/s, with one
 *     SSE subscriber per game reading over a real socket;
 *  2. SSE delivery latency with 100 subscribers on one game (broadcast → bytes read by the client).
 * Run: bun bench/mahjong-server.ts [--games 1,8,32] [--subscribers 100]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../mahjong/src/app';
import { EventHub } from '../mahjong/src/modules/events/hub';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] ?? def : def;
};
process.env.MAHJONG_DIR = mkdtempSync(join(tmpdir(), 'mahjong-bench-'));
const app = createApp({ limits: { maxSessions: 1000 } }).listen({ hostname: '127.0.0.1', port: 0, idleTimeout: 0 });
const base = `http://127.0.0.1:${app.server!.port}`;

const post = async (path: string, body: unknown) =>
  (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<any>;

/** Reads one session's stream until game_over; returns the number of events. */
async function follow(id: string, onEvent?: (type: string, seq: number) => void): Promise<number> {
  const res = await fetch(`${base}/api/game/${id}/events`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '', n = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return n;
    buf += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      if (!type) continue;
      onEvent?.(type, n);
      n++;
      if (type === 'game_over') { await reader.cancel(); return n; }
    }
  }
}

async function concurrentGames(count: number, ai: string) {
  const ids: string[] = [];
  const tokens = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const created = await post('/api/game/new', { mode: '4ai', ai_model: ai, seed: 1000 + i, delay_ms: 0 });
    ids.push(created.session_id);
    tokens.set(created.session_id, created.token);
  }
  const t0 = performance.now();
  const events = await Promise.all(ids.map((id) => follow(id)));
  const s = (performance.now() - t0) / 1000;
  const actions = events.reduce((a, b) => a + b, 0);
  console.log(`${String(count).padStart(3)} concurrent ${ai.padEnd(9)} games: ${(count / s).toFixed(1).padStart(6)} games/s, ${Math.round(actions / s).toString().padStart(6)} events/s (${s.toFixed(2)} s)`);
  for (const id of ids) await fetch(`${base}/api/game/${id}`, { method: 'DELETE', headers: { 'x-session-token': tokens.get(id)! } });
}

async function sseLatency(subscribers: number) {
  const sent: number[] = [];
  const original = EventHub.prototype.broadcast;
  EventHub.prototype.broadcast = function (this: EventHub, ev) {
    sent.push(performance.now());
    return original.call(this, ev);
  };
  const id = (await post('/api/game/new', { mode: '4ai', ai_model: 'random', seed: 7, delay_ms: 20, max_round: 0 })).session_id;
  const lat: number[] = [];
  // The snapshot is not a broadcast: event n (n ≥ 1) of a stream is broadcast n − 1.
  await Promise.all(Array.from({ length: subscribers }, () => follow(id, (type, n) => {
    if (n > 0 && sent[n - 1] !== undefined) lat.push(performance.now() - sent[n - 1]!);
  })));
  EventHub.prototype.broadcast = original;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(2);
  console.log(`SSE latency, ${subscribers} subscribers, ${lat.length} deliveries: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`);
}

console.log(`mahjong server bench (bun ${Bun.version}, one process)`);
for (const n of arg('games', '1,8,32').split(',').map(Number)) {
  await concurrentGames(n, 'random');
  await concurrentGames(n, 'heuristic');
}
await sseLatency(Number(arg('subscribers', '100')));
await app.stop(true);
process.exit(0);
