/**
 * The cheapest possible forwarder (no routing, no headers, no logging) for bench/proxy.ts: it shows
 * what the extra loopback hop alone costs, the floor under any proxy's added latency.
 * Usage: bun bench/proxy-floor.ts <upstream url> [--tap]; prints `port <n>`. With --tap the answer's
 * body goes through modelproxy's body tap (proxy/src/upstream/body-tap.ts, with an observer that
 * does nothing) instead of to Bun as it is (bench/proxy-first-byte.ts).
 */
import { tapBody } from '../proxy/src/upstream/body-tap';

const target = `${process.argv[2]}/v1/messages`;
const observer = { firstByte() {}, chunk() {} };
const tap = process.argv[3] === '--tap';
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  idleTimeout: 0,
  async fetch(request) {
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, body: await request.arrayBuffer() });
    return new Response(tap ? tapBody(res.body, () => {}, observer) : res.body, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } });
  },
});
console.log(`port ${server.port}`);
