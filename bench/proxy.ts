#!/usr/bin/env bun
/**
 * modelproxy benchmark (issues #3, #15). One run measures, against the same mock upstream (its own
 * process): direct calls, a bare forwarder (what the extra hop alone costs), modelproxy with token
 * accounting (the default) and without it, and claude-code-router 2.0.0 — each its own process.
 *
 * - Request sizes: a ping, a Claude Code session of about 250 KB (40 tool schemas, 60 turns) and the
 *   same with a screenshot (about 1.7 MB), bench/proxy-bodies.ts. Non-streaming round trips, the
 *   targets taking turns in small batches so that a busy machine slows them all alike; p50/p99 and
 *   the p50 each adds to a direct call; then the streaming time to first byte of the same body.
 *   Target (issue #15): modelproxy adds at most 1.5× what the bare forwarder adds, at every size.
 * - Streaming (ping): time to first byte, and how late each stamped delta arrives.
 * - Throughput (ping) at concurrency 1, 16 and 64.
 * - Then the translated paths (OpenAI clients, `format: openai` vendor) beside the untouched path:
 *   bench/proxy-translate.ts in the same run (TRANSLATE=0 leaves it out).
 * Prints figures; asserts nothing.
 *
 *   bun bench/proxy.ts     (SEQ=2000 ping round trips per target; 1/5 of it for 250 KB, 1/15 for 1.7 MB;
 *                           JIT_WARMUP=12000 round trips per target first, the sizes mixed (proxy-measure.ts, warmUp);
 *                           WARMUP=2000 ping round trips per target before each size, scaled alike; SIZES=ping,session,screenshot;
 *                           FIRST_BYTES=40 streams per size and target; STREAMS=40; DURATION_MS=2000 per throughput level)
 */
import { BODIES, type BenchBody } from './proxy-bodies';
import { CLIENT_HEADERS, JIT_WARMUP, pct, roundTrip, SIZE_SCALE, sort, stealSince, warmUp } from './proxy-measure';
import { startCcr, startFloor, startMock, startModelproxy, type Target } from './proxy-targets';

const SEQ = Number(process.env.SEQ ?? 2000);
const STREAMS = Number(process.env.STREAMS ?? 40);
const DURATION_MS = Number(process.env.DURATION_MS ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 2000);
const SIZES = process.env.SIZES?.split(',') ?? null;
const BATCH = 10;
const FIRST_BYTES = Number(process.env.FIRST_BYTES ?? 40);
const SAMPLES: Record<string, number> = Object.fromEntries(Object.entries(SIZE_SCALE).map(([size, scale]) => [size, Math.ceil(SEQ / scale)]));
const wallNow = () => performance.timeOrigin + performance.now();
const headers = CLIENT_HEADERS;
const ping = BODIES[0]!;

/** Round trips of one size before its measured ones, per target (after the mixed warm-up): the size's own buffers and caches settle. */
const warmupFor = (body: BenchBody) => Math.max(20, Math.ceil(WARMUP / (SEQ / SAMPLES[body.name]!)));

/**
 * The order the targets take turns in, in round `round`. How fast a target runs depends on which one
 * ran just before it: in A/A runs of bench/proxy-ab.ts after the warm-up, the second of two copies of
 * the same proxy was about 8 µs a ping faster. So the two modelproxy processes are never one right
 * after the other and swap places every round, and the bare hop always comes right after one of them (if that favours
 * anyone, it favours the bare hop). A new random order every round was tried and made runs noisier
 * (the ping's ratio 1.34× and 1.58× in two short runs, 1.41× and 1.39× in two with a fixed order).
 * claude-code-router goes last: its node process keeps working for a while after a batch.
 */
const ORDERS = [['direct', 'modelproxy', 'bare hop', 'mp no acct', 'ccr'], ['direct', 'mp no acct', 'bare hop', 'modelproxy', 'ccr']];
function measureOrder(ts: Target[], round: number): Target[] {
  const order = ORDERS[round % 2]!;
  const rank = (t: Target) => {
    const at = order.findIndex((name) => t.name.startsWith(name));
    return at < 0 ? order.length : at;
  };
  return [...ts].sort((a, b) => rank(a) - rank(b));
}

/** Round trips of one body through every target, interleaved in batches; a target that fails the body is left out. */
async function latency(targets: Target[], body: BenchBody) {
  const usable: Target[] = [];
  for (const t of targets) {
    try {
      // A slow target (claude-code-router on the big bodies) stops after 5 s, once it has served 20.
      const until = performance.now() + 5000;
      for (let i = 0; i < warmupFor(body) && (i < 20 || performance.now() < until); i++) await roundTrip(t.url, body.json);
      usable.push(t);
    } catch (error) {
      console.log(`${t.name} skipped for ${body.name}: ${(error as Error).message}`);
    }
  }
  const times = new Map<Target, number[]>(usable.map((t) => [t, []]));
  const n = SAMPLES[body.name]!;
  for (let done = 0, round = 0; done < n; done += BATCH, round++) {
    for (const t of measureOrder(usable, round)) {
      for (let i = 0; i < BATCH; i++) {
        const start = performance.now();
        await roundTrip(t.url, body.json);
        times.get(t)!.push(performance.now() - start);
      }
    }
  }
  return new Map([...times].map(([t, xs]) => {
    const s = sort(xs);
    return [t, { p50: pct(s, 50), p99: pct(s, 99) }];
  }));
}

/**
 * Streaming time to first byte of one body through every target, interleaved one stream at a time
 * (each stream is read to its end: 20 deltas 5 ms apart).
 */
async function firstByte(targets: Target[], body: BenchBody, n: number) {
  const times = new Map<Target, number[]>(targets.map((t) => [t, []]));
  for (let i = 0; i < n; i++) {
    for (const t of measureOrder(targets, i)) {
      const start = performance.now();
      const res = await fetch(`${t.url}/v1/messages`, { method: 'POST', headers, body: body.stream });
      const reader = res.body!.getReader();
      await reader.read();
      times.get(t)!.push(performance.now() - start);
      while (!(await reader.read()).done);
    }
  }
  return new Map([...times].map(([t, xs]) => [t, pct(sort(xs), 50)]));
}

/** Time to first body byte, and how late each stamped delta arrives after the mock sent it. */
async function streaming(t: Target) {
  const ttfb: number[] = [];
  const late: number[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const start = performance.now();
    const res = await fetch(`${t.url}/v1/messages`, { method: 'POST', headers, body: ping.stream });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let first = true;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const now = wallNow();
      if (first) { ttfb.push(performance.now() - start); first = false; }
      for (const m of decoder.decode(r.value, { stream: true }).matchAll(/"sent":([\d.]+)/g)) late.push(now - Number(m[1]));
    }
  }
  const l = sort(late);
  return { ttfb: pct(sort(ttfb), 50), lateP50: pct(l, 50), lateP99: pct(l, 99), lateMax: l.at(-1) ?? NaN, stamped: l.length > 0 };
}

async function throughput(t: Target, concurrency: number) {
  const until = performance.now() + DURATION_MS;
  let done = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) { await roundTrip(t.url, ping.json); done++; }
  }));
  return done / (DURATION_MS / 1000);
}

const mock = await startMock();
const targets: Target[] = [
  mock,
  await startFloor(mock.url),
  await startModelproxy(mock.url, { accounting: true, name: 'modelproxy' }),
  await startModelproxy(mock.url, { accounting: false, name: 'mp no acct' }),
];
try {
  targets.push(await startCcr(mock.url));
} catch (error) {
  console.log(`claude-code-router skipped: ${(error as Error).message}`);
}
const byName = (name: string) => targets.find((t) => t.name.startsWith(name));
const measured = BODIES.filter((b) => SIZES === null || SIZES.includes(b.name));
const warmStart = performance.now();
// claude-code-router takes 80–700 ms a session or screenshot: it stops after 10 s.
for (const t of targets) await warmUp(t.url, measured, JIT_WARMUP, t.name.startsWith('ccr') ? performance.now() + 10_000 : Infinity).catch(() => {});
const warmSeconds = (performance.now() - warmStart) / 1000;

const f = (n: number | undefined, d = 3) => (n !== undefined && Number.isFinite(n) ? n.toFixed(d) : '—');
console.log(`\nmodelproxy benchmark — ${new Date().toISOString()}, bun ${Bun.version}, ${navigator.hardwareConcurrency} CPUs, load ${(await Bun.file('/proc/loadavg').text().catch(() => '?')).split(' ').slice(0, 3).join(' ')}; ${JIT_WARMUP} mixed warm-up round trips per target (${warmSeconds.toFixed(0)} s), then ${WARMUP} ping round trips' worth before each size`);
for (const body of measured) {
  const steal = stealSince();
  const lat = await latency(targets, body);
  const direct = lat.get(mock)!;
  const added = (name: string) => {
    const t = byName(name);
    const r = t && lat.get(t);
    return r ? r.p50 - direct.p50 : undefined;
  };
  const bare = added('bare hop')!;
  const ttfb = await firstByte([...lat.keys()], body, FIRST_BYTES);
  const ttfbDirect = ttfb.get(mock)!;
  const ttfbBare = ttfb.get(byName('bare hop')!)! - ttfbDirect;
  const stolen = steal();
  console.log(`\n${body.name}: ${(body.json.length / 1024).toFixed(0)} KB request; ${SAMPLES[body.name]} non-streaming round trips and ${FIRST_BYTES} streams per target${stolen === null ? '' : `; CPU steal ${stolen.toFixed(1)} %`}`);
  console.log('target        p50 ms  p99 ms  +p50 ms  +p50 / bare hop   stream ttfb p50 ms  +ttfb ms  / bare hop');
  for (const t of targets) {
    const r = lat.get(t);
    if (!r) continue;
    const plus = t === mock ? undefined : r.p50 - direct.p50;
    const plusTtfb = t === mock ? undefined : ttfb.get(t)! - ttfbDirect;
    const ratio = (x: number | undefined, base: number) => (x === undefined || t.name === 'bare hop' ? '' : `${f(x / Math.max(base, 0.001), 2)}×`);
    console.log(`${t.name.padEnd(12)} ${f(r.p50).padStart(7)} ${f(r.p99).padStart(7)} ${(plus === undefined ? '—' : f(plus)).padStart(8)}  ${ratio(plus, bare).padStart(15)}   ${f(ttfb.get(t)).padStart(18)} ${(plusTtfb === undefined ? '—' : f(plusTtfb)).padStart(9)}  ${ratio(plusTtfb, ttfbBare).padStart(9)}`);
  }
  const withAcct = added('modelproxy');
  const without = added('mp no acct');
  if (withAcct !== undefined && without !== undefined) {
    console.log(`modelproxy adds ${f(withAcct)} ms with accounting, ${f(without)} ms without (accounting: ${f(withAcct - without)} ms); target ≤ 1.5 × bare hop = ${f(1.5 * bare)} ms: ${withAcct <= 1.5 * bare ? 'met' : 'NOT met'}`);
  }
}

console.log(`\nstreaming (ping): ${STREAMS} streams of 20 deltas 5 ms apart; throughput (ping): ${DURATION_MS} ms per level`);
console.log('target        ttfb ms  late p50/p99/max ms   req/s c=1   c=16    c=64');
const rps = new Map<Target, number[]>();
for (const t of targets) {
  const st = await streaming(t);
  const levels: number[] = [];
  for (const c of [1, 16, 64]) levels.push(await throughput(t, c));
  rps.set(t, levels);
  const late = st.stamped ? `${f(st.lateP50, 2)}/${f(st.lateP99, 2)}/${f(st.lateMax, 2)}` : 'n/a (stamps dropped)';
  console.log(`${t.name.padEnd(12)} ${f(st.ttfb, 2).padStart(8)}  ${late.padEnd(20)} ${levels.map((x) => x.toFixed(0).padStart(7)).join(' ')}`);
}
await Promise.all(targets.map((t) => t.stop()));
const mp = rps.get(byName('modelproxy')!)!;
const ccr = byName('ccr');
if (ccr) console.log(`\nthroughput at c=64: modelproxy / claude-code-router = ${f(mp[2]! / rps.get(ccr)![2]!, 1)}×`);
console.log(`modelproxy vs direct: throughput ratio c=1 ${f(mp[0]! / rps.get(mock)![0]!, 2)}, c=16 ${f(mp[1]! / rps.get(mock)![1]!, 2)}, c=64 ${f(mp[2]! / rps.get(mock)![2]!, 2)}`);

// The translated paths beside the untouched one, in the same run: bench/proxy-translate.ts measures
// each against the untouched path again, through one serve with both mock vendors (its own warm-up;
// SIZES and STREAMS apply to it too). TRANSLATE=0 leaves it out.
if (process.env.TRANSLATE !== '0') {
  console.log('\ntranslated paths (bench/proxy-translate.ts), each beside the untouched path:');
  await import('./proxy-translate');
}
