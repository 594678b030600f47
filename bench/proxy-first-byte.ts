#!/usr/bin/env bun
/**
 * Where modelproxy's streaming time to first byte goes (README "Performance"): the bare forwarder
 * handing the upstream stream to Bun as it is (`native`), the same forwarder passing it through
 * modelproxy's own body tap (`tap`, proxy-floor.ts --tap), and `modelproxy serve`, all against one
 * mock upstream, one stream at a time in turns. Prints the p50 time to the first body byte each
 * adds over a direct call, and its ratio to `native`.
 *
 *   bun bench/proxy-first-byte.ts        (STREAMS=300 per target; GAP_MS=0 of idle before each stream;
 *                                          CHUNKS=2 deltas per stream from the mock; first
 *                                          JIT_WARMUP=12000 round trips of the sizes mixed per target)
 */
import { BODIES } from './proxy-bodies';
import { CLIENT_HEADERS, JIT_WARMUP, pct, sort, warmUp } from './proxy-measure';
import { startFloor, startMock, startModelproxy, type Target } from './proxy-targets';

const STREAMS = Number(process.env.STREAMS ?? 300);
const GAP_MS = Number(process.env.GAP_MS ?? 0);
process.env.CHUNKS ??= '2'; // the mock's deltas per stream: only the first byte is measured

const mock = await startMock();
const targets: Target[] = [
  mock,
  await startFloor(mock.url, { name: 'native' }),
  await startFloor(mock.url, { tap: true, name: 'tap' }),
  await startModelproxy(mock.url, { accounting: true, name: 'modelproxy' }),
];
const times = new Map<Target, number[]>(targets.map((t) => [t, []]));
try {
  for (const t of targets) await warmUp(t.url, BODIES, JIT_WARMUP);
  for (let i = 0; i < STREAMS + 20; i++) {
    for (const t of targets) {
      if (GAP_MS > 0) await Bun.sleep(GAP_MS);
      const start = performance.now();
      const res = await fetch(`${t.url}/v1/messages`, { method: 'POST', headers: CLIENT_HEADERS, body: BODIES[0]!.stream });
      const reader = res.body!.getReader();
      await reader.read();
      if (i >= 20) times.get(t)!.push(performance.now() - start);
      while (!(await reader.read()).done);
    }
  }
  const added = (t: Target) => pct(sort(times.get(t)!), 50) - pct(sort(times.get(mock)!), 50);
  const native = added(targets[1]!);
  console.log(`streaming first byte (ping), ${STREAMS} streams per target, ${GAP_MS} ms idle before each; direct ${pct(sort(times.get(mock)!), 50).toFixed(3)} ms`);
  for (const t of targets.slice(1)) console.log(`  ${t.name.padEnd(10)} +${added(t).toFixed(3)} ms  (${(added(t) / native).toFixed(2)}× native)`);
} finally {
  await Promise.all(targets.map((t) => t.stop()));
}
