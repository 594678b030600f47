#!/usr/bin/env bun
/**
 * modelproxy benchmark (issue #3). One run measures, against the same mock upstream (its own process):
 * direct calls, calls through modelproxy (`modelproxy serve`, its own process) and through
 * claude-code-router 2.0.0, plus a bare forwarder showing what the extra hop alone costs — non-streaming latency (p50/p99), streaming time to first byte and chunk
 * lateness, and throughput at concurrency 1, 16 and 64. Prints figures; asserts nothing.
 *
 *   bun bench/proxy.ts            (SEQ=2000 requests per latency run, DURATION_MS=2000 per throughput run)
 */
import { startCcr, startFloor, startMock, startModelproxy, type Target } from './proxy-targets';

const SEQ = Number(process.env.SEQ ?? 2000);
const STREAMS = Number(process.env.STREAMS ?? 40);
const DURATION_MS = Number(process.env.DURATION_MS ?? 2000);
const wallNow = () => performance.timeOrigin + performance.now();
const nonStream = JSON.stringify({ model: 'm1', max_tokens: 16, messages: [{ role: 'user', content: 'ping' }] });
const stream = JSON.stringify({ model: 'm1', max_tokens: 16, stream: true, messages: [{ role: 'user', content: 'ping' }] });
const headers = { 'content-type': 'application/json', 'x-api-key': 'client', 'anthropic-version': '2023-06-01' };

const call = async (url: string, body: string) => {
  const res = await fetch(`${url}/v1/messages`, { method: 'POST', headers, body });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
};

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function latency(t: Target) {
  for (let i = 0; i < 300; i++) await call(t.url, nonStream);
  const times: number[] = [];
  for (let i = 0; i < SEQ; i++) {
    const start = performance.now();
    await call(t.url, nonStream);
    times.push(performance.now() - start);
  }
  const s = sort(times);
  return { p50: pct(s, 50), p99: pct(s, 99) };
}

/** Time to first body byte, and how late each stamped delta arrives after the mock sent it. */
async function streaming(t: Target) {
  const ttfb: number[] = [];
  const late: number[] = [];
  const gaps: number[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const start = performance.now();
    const res = await fetch(`${t.url}/v1/messages`, { method: 'POST', headers, body: stream });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let first = true;
    let previous = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const now = wallNow();
      if (first) { ttfb.push(performance.now() - start); first = false; }
      const text = decoder.decode(r.value, { stream: true });
      for (const m of text.matchAll(/"sent":([\d.]+)/g)) late.push(now - Number(m[1]));
      if (text.includes('content_block_delta')) {
        if (previous) gaps.push(now - previous);
        previous = now;
      }
    }
  }
  const l = sort(late);
  const g = sort(gaps);
  return { ttfb: pct(sort(ttfb), 50), lateP50: pct(l, 50), lateP99: pct(l, 99), lateMax: l.at(-1) ?? NaN, stamped: l.length > 0, gapP50: pct(g, 50), gapP99: pct(g, 99) };
}

async function throughput(t: Target, concurrency: number) {
  const until = performance.now() + DURATION_MS;
  let done = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) { await call(t.url, nonStream); done++; }
  }));
  return done / (DURATION_MS / 1000);
}

const mock = await startMock();
const targets: Target[] = [mock, await startFloor(mock.url), await startModelproxy(mock.url)];
try {
  targets.push(await startCcr(mock.url));
} catch (error) {
  console.log(`claude-code-router skipped: ${(error as Error).message}`);
}

const results = [];
for (const t of targets) {
  const lat = await latency(t);
  const st = await streaming(t);
  const rps: number[] = [];
  for (const c of [1, 16, 64]) rps.push(await throughput(t, c));
  results.push({ t, lat, st, rps });
}
for (const t of targets) t.stop();

const f = (n: number, d = 3) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const base = results[0]!;
console.log(`\nmodelproxy benchmark — ${new Date().toISOString()}, bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs`);
console.log(`non-streaming: ${SEQ} sequential requests; streaming: ${STREAMS} streams of 20 deltas 5 ms apart; throughput: ${DURATION_MS} ms per level\n`);
console.log('target        p50 ms  p99 ms  +p50 ms  +p99 ms  ttfb ms  late p50/p99/max ms   gap p50/p99 ms   req/s c=1   c=16    c=64');
for (const r of results) {
  const added = r === base ? ['—', '—'] : [f(r.lat.p50 - base.lat.p50), f(r.lat.p99 - base.lat.p99)];
  const late = r.st.stamped ? `${f(r.st.lateP50, 2)}/${f(r.st.lateP99, 2)}/${f(r.st.lateMax, 2)}` : 'n/a (stamps dropped)';
  console.log(`${r.t.name.padEnd(12)} ${f(r.lat.p50).padStart(7)} ${f(r.lat.p99).padStart(7)} ${added[0]!.padStart(8)} ${added[1]!.padStart(8)} ${f(r.st.ttfb, 2).padStart(8)}  ${late.padEnd(20)} ${`${f(r.st.gapP50, 2)}/${f(r.st.gapP99, 2)}`.padEnd(15)} ${r.rps.map((x) => x.toFixed(0).padStart(7)).join(' ')}`);
}
const mp = results.find((r) => r.t.name === 'modelproxy')!;
const ccr = results.find((r) => r.t.name.startsWith('ccr'));
if (ccr) {
  const addMp = mp.lat.p50 - base.lat.p50;
  const addCcr = ccr.lat.p50 - base.lat.p50;
  console.log(`\nadded p50 latency: claude-code-router / modelproxy = ${f(addCcr / Math.max(addMp, 0.001), 1)}×; throughput at c=64: modelproxy / claude-code-router = ${f(mp.rps[2]! / ccr.rps[2]!, 1)}×`);
}
console.log(`modelproxy vs direct: throughput ratio c=1 ${f(mp.rps[0]! / base.rps[0]!, 2)}, c=16 ${f(mp.rps[1]! / base.rps[1]!, 2)}, c=64 ${f(mp.rps[2]! / base.rps[2]!, 2)}`);
