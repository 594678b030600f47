#!/usr/bin/env bun
/**
 * Where modelproxy's streaming time to first byte goes (README "Performance"): one minimal
 * forwarder process that hands the upstream stream to Bun as it is (`native`) or through
 * modelproxy's own body tap (`tap`, proxy/src/upstream/body-tap.ts, with an observer that does nothing), and
 * `modelproxy serve`, all against the same mock upstream, one stream at a time in turns. Prints the
 * p50 time to the first body byte each adds over a direct call, and its ratio to `native`.
 *
 *   bun bench/proxy-first-byte.ts        (STREAMS=300 per target; GAP_MS=0 of idle before each stream;
 *                                          CHUNKS=2 deltas per stream from the mock)
 */
import { join } from 'node:path';
import { tapBody } from '../proxy/src/upstream/body-tap';
import { BODIES } from './proxy-bodies';
import { CLIENT_HEADERS, pct, sort } from './proxy-measure';
import { startMock, startModelproxy, type Target } from './proxy-targets';

const STREAMS = Number(process.env.STREAMS ?? 300);
const GAP_MS = Number(process.env.GAP_MS ?? 0);
process.env.CHUNKS ??= '2'; // the mock's deltas per stream: only the first byte is measured

if (process.argv[2] === '--forwarder') {
  // The forwarder process: /native and /tap, the same three lines around the upstream call.
  const upstream = `${process.argv[3]}/v1/messages`;
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(request) {
      const res = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, body: await request.arrayBuffer() });
      const observer = { firstByte() {}, chunk() {} };
      const body = new URL(request.url).pathname === '/tap' ? tapBody(res.body, () => {}, observer) : res.body;
      return new Response(body, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } });
    },
  });
  console.log(`port ${server.port}`);
} else {
  const mock = await startMock();
  const forwarder = Bun.spawn(['bun', join(import.meta.dir, 'proxy-first-byte.ts'), '--forwarder', mock.url], { stdout: 'pipe', stdin: 'ignore' });
  const port = /port (\d+)/.exec(new TextDecoder().decode((await forwarder.stdout.getReader().read()).value))?.[1];
  const modelproxy = await startModelproxy(mock.url, { accounting: true, name: 'modelproxy' });
  const urls: Record<string, string> = {
    direct: `${mock.url}/v1/messages`,
    native: `http://127.0.0.1:${port}/native`,
    tap: `http://127.0.0.1:${port}/tap`,
    modelproxy: `${modelproxy.url}/v1/messages`,
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
  const stream = BODIES[0]!.stream;
  const targets: Target[] = [mock, modelproxy];
  try {
    for (let i = 0; i < STREAMS + 20; i++) {
      for (const [name, url] of Object.entries(urls)) {
        if (GAP_MS > 0) await Bun.sleep(GAP_MS);
        const start = performance.now();
        const res = await fetch(url, { method: 'POST', headers: CLIENT_HEADERS, body: stream });
        const reader = res.body!.getReader();
        await reader.read();
        if (i >= 20) times[name]!.push(performance.now() - start);
        while (!(await reader.read()).done);
      }
    }
    const p50 = Object.fromEntries(Object.entries(times).map(([name, xs]) => [name, pct(sort(xs), 50)]));
    const native = p50.native! - p50.direct!;
    console.log(`streaming first byte (ping), ${STREAMS} streams per target, ${GAP_MS} ms idle before each; direct ${p50.direct!.toFixed(3)} ms`);
    for (const name of ['native', 'tap', 'modelproxy']) {
      const added = p50[name]! - p50.direct!;
      console.log(`  ${name.padEnd(10)} +${added.toFixed(3)} ms  (${(added / native).toFixed(2)}× native)`);
    }
  } finally {
    forwarder.kill();
    await forwarder.exited;
    await Promise.all(targets.map((t) => t.stop()));
  }
}
