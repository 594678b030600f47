#!/usr/bin/env bun
/**
 * What modelproxy's two header copies cost per request (proxy/src/upstream/headers.ts), against
 * the header-by-header copy they replaced, inside a real Bun server and a real fetch answer, with
 * Claude Code's request headers and an Anthropic-like answer's. Prints p50 µs and the ratio.
 *
 *   bun bench/proxy-headers.ts      (ROUNDS=3000)
 */
import { ANTHROPIC_VERSION, clientHeaders, DROP_REQUEST, DROP_RESPONSE, upstreamHeaders } from '../proxy/src/upstream/headers';
import { pct, sort } from './proxy-measure';

const ROUNDS = Number(process.env.ROUNDS ?? 3000);
const WARMUP = Math.min(300, ROUNDS >> 2);
const EXTRA = { 'x-modelproxy-key': 'anthropic#1', 'x-modelproxy-attempts': '1' };

/** The copies as they were before: one `set` per header from a `forEach`. */
const baseline = {
  request(client: Headers, key: string): Headers {
    const out = new Headers();
    client.forEach((value, name) => {
      if (!DROP_REQUEST.has(name)) out.set(name, value);
    });
    out.set('x-api-key', key);
    out.set('content-type', 'application/json');
    out.set('accept-encoding', 'identity');
    if (!out.has('anthropic-version')) out.set('anthropic-version', ANTHROPIC_VERSION);
    return out;
  },
  response(upstream: Headers): Headers {
    const out = new Headers();
    upstream.forEach((value, name) => {
      if (!DROP_RESPONSE.has(name) && !name.startsWith('access-control-')) out.append(name, value);
    });
    for (const [name, value] of Object.entries(EXTRA)) out.set(name, value);
    return out;
  },
};

const CLAUDE_CODE = {
  'content-type': 'application/json', 'x-api-key': 'client', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'claude-code-20250219,interleaved-thinking-2025-05-14',
  'x-app': 'cli', 'user-agent': 'claude-cli/2.0.0 (external, cli)', 'x-stainless-lang': 'js', 'x-stainless-os': 'Linux', 'x-stainless-arch': 'x64',
  'x-stainless-runtime': 'node', 'x-stainless-retry-count': '0', 'x-stainless-timeout': '600', 'x-claude-code-session-id': 'a1b2',
};
const ANSWER = {
  'content-type': 'application/json', 'request-id': 'req_011', 'anthropic-ratelimit-requests-limit': '4000', 'anthropic-ratelimit-requests-remaining': '3999',
  'anthropic-ratelimit-tokens-limit': '400000', 'anthropic-ratelimit-tokens-remaining': '399000', 'cf-ray': '8f00-SJC', server: 'cloudflare', via: '1.1 google',
};

const times = { request: { now: [] as number[], before: [] as number[] }, response: { now: [] as number[], before: [] as number[] } };
const timed = (xs: number[], run: () => unknown, keep: boolean) => {
  const start = performance.now();
  run();
  if (keep) xs.push((performance.now() - start) * 1000);
};

const upstream = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('{}', { headers: ANSWER }) });
let served = 0;
const proxy = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const keep = ++served > WARMUP;
    // Alternate which goes first, so neither always finds the other's work in the cache.
    const pair = [() => timed(times.request.now, () => upstreamHeaders(request.headers, 'sk-1'), keep), () => timed(times.request.before, () => baseline.request(request.headers, 'sk-1'), keep)];
    for (const run of served % 2 ? pair : pair.reverse()) run();
    const answer = await fetch(`http://127.0.0.1:${upstream.port}/`);
    await answer.arrayBuffer();
    const back = [() => timed(times.response.now, () => clientHeaders(answer.headers, EXTRA), keep), () => timed(times.response.before, () => baseline.response(answer.headers), keep)];
    for (const run of served % 2 ? back : back.reverse()) run();
    return new Response('ok');
  },
});
try {
  for (let i = 0; i < ROUNDS; i++) await (await fetch(`http://127.0.0.1:${proxy.port}/`, { method: 'POST', headers: CLAUDE_CODE, body: '{}' })).arrayBuffer();
  console.log(`header copies, ${ROUNDS - WARMUP} requests (Claude Code's ${Object.keys(CLAUDE_CODE).length} request headers, an answer with ${Object.keys(ANSWER).length}), p50 µs`);
  for (const [name, { now, before }] of Object.entries(times)) {
    const a = pct(sort(now), 50);
    const b = pct(sort(before), 50);
    console.log(`  ${name.padEnd(9)} now ${a.toFixed(2)}  header by header ${b.toFixed(2)}  (${(a / b).toFixed(2)}×)`);
  }
} finally {
  proxy.stop(true);
  upstream.stop(true);
}
