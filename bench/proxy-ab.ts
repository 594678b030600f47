#!/usr/bin/env bun
/**
 * A/B of two modelproxy source trees (issue #15): `modelproxy serve` from tree A and from tree B,
 * the bare forwarder and direct calls, all against one mock upstream and taking turns in batches of
 * ten, so that two versions of the proxy are compared in the same minute on the same machine.
 * Prints each one's added p50 over a direct call and its ratio to the bare hop's, and, on Linux, the
 * CPU time each proxy process spent per request (all its threads, from /proc).
 *
 *   git worktree add /tmp/before HEAD~1 && bun bench/proxy-ab.ts /tmp/before . ping
 *   N=4000 bun bench/proxy-ab.ts <treeA> <treeB> session      (N ping round trips; N/5 for session, N/15 for screenshot)
 *   TTFB=1 CHUNKS=2 bun bench/proxy-ab.ts <treeA> <treeB> ping   (streaming: time to the first body byte)
 *   WARMUP=2000 bun bench/proxy-ab.ts <treeA> <treeB>   (round trips of the size per target before measuring; default 50)
 *   JIT_WARMUP=12000 (default): round trips of the three sizes mixed per target first (proxy-measure.ts, warmUp)
 *
 * A tree needs its dependencies installed (or a node_modules link to one that has them).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BODIES } from './proxy-bodies';
import { CLIENT_HEADERS, JIT_WARMUP, pct, SIZE_SCALE, sort, stealSince, warmUp } from './proxy-measure';
import { startFloor, startMock, startModelproxy, type Target } from './proxy-targets';

const [treeA, treeB, bodyName = 'ping'] = process.argv.slice(2);
if (!treeA || !treeB) throw new Error('usage: bun bench/proxy-ab.ts <treeA> <treeB> [ping|session|screenshot]');
const body = BODIES.find((b) => b.name === bodyName);
if (!body) throw new Error(`no body "${bodyName}": ping, session or screenshot`);
const N = Number(process.env.N ?? 3000);
const n = Math.ceil(N / SIZE_SCALE[bodyName]!);
const TTFB = process.env.TTFB === '1';

/** One round trip, or with TTFB=1 one stream: the time until its end, or until its first body byte. */
async function call(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/v1/messages`, { method: 'POST', headers: CLIENT_HEADERS, body: TTFB ? body!.stream : body!.json });
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  if (!TTFB) {
    await res.arrayBuffer();
    return performance.now() - start;
  }
  const reader = res.body!.getReader();
  await reader.read();
  const first = performance.now() - start;
  while (!(await reader.read()).done);
  return first;
}

/** CPU milliseconds (user + system, every thread) a process has used; null off Linux. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

const mock = await startMock();
const targets: Target[] = [mock, await startFloor(mock.url)];
targets.push(await startModelproxy(mock.url, { accounting: true, name: 'A', root: resolve(treeA) }));
targets.push(await startModelproxy(mock.url, { accounting: true, name: 'B', root: resolve(treeB) }));
try {
  for (const t of targets) await warmUp(t.url, BODIES, JIT_WARMUP);
  for (const t of targets) for (let i = 0; i < Number(process.env.WARMUP ?? 50); i++) await call(t.url);
  const times = targets.map(() => [] as number[]);
  const cpuBefore = targets.map((t) => cpuMs(t.pid));
  const steal = stealSince();
  // In A/A runs after 2000 warm-up round trips the tree measured second was about 8 µs a ping faster,
  // whichever it was (probably the caches still holding the code both run), so A and B swap places every round.
  for (let done = 0, round = 0; done < n; done += 10, round++) {
    const order = round % 2 === 0 ? [0, 1, 2, 3] : [0, 1, 3, 2];
    for (const k of order) for (let i = 0; i < 10; i++) times[k]!.push(await call(targets[k]!.url));
  }
  const cpu = targets.map((t, k) => {
    const after = cpuMs(t.pid);
    return after === null || cpuBefore[k] === null ? null : ((after - cpuBefore[k]!) * 1000) / times[k]!.length;
  });
  const [direct, bare, a, b] = times.map((xs) => pct(sort(xs), 50)) as [number, number, number, number];
  const added = (x: number) => `+${(x - direct).toFixed(3)} ms (${((x - direct) / (bare - direct)).toFixed(2)}×)`;
  const perRequest = (k: number) => (cpu[k] === null ? '—' : `${cpu[k]!.toFixed(0)} µs`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const stolen = steal();
  console.log(`${bodyName}${TTFB ? ' (stream, first byte)' : ''}: ${times[0]!.length} per target, load ${load}${stolen === null ? '' : `, CPU steal ${stolen.toFixed(1)} %`}; direct ${direct.toFixed(3)} ms`);
  console.log(`  bare hop +${(bare - direct).toFixed(3)} ms, cpu ${perRequest(1)}/request`);
  console.log(`  A ${added(a)}, cpu ${perRequest(2)}/request   (${treeA})`);
  console.log(`  B ${added(b)}, cpu ${perRequest(3)}/request   (${treeB})`);
} finally {
  await Promise.all(targets.map((t) => t.stop()));
}
