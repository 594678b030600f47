/**
 * modelproxy usage: how long one `usage` run takes per key when the upstreams answer at once
 * (our own overhead: HTTP client, parsing, cache, formatting), for each adapter, against a local
 * mock serving the platforms' exact shapes. Prints figures; asserts nothing.
 *
 *   bun bench/proxy-usage.ts [keys-per-adapter=50] [rounds=5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseProxyConfig } from '../proxy/src/config';
import { buildReport, collectUsage, painter, renderSummary } from '../proxy/src/usage';
import * as fx from '../proxy/test/usage/fixtures';

const perAdapter = Number(process.argv[2] ?? 50);
const rounds = Number(process.argv[3] ?? 5);
const answers: Record<string, unknown> = {
  'GET /v1/api/openplatform/coding_plan/remains': fx.shifted(fx.minimaxLegacy),
  'GET /coding/v1/usages': fx.shifted(fx.kimiUsages),
  'GET /api/monitor/usage/quota/limit': fx.shifted(fx.zhipuQuota),
  'GET /key/info': fx.litellmInfo,
  'POST /v1/messages': { id: 'msg', type: 'message', content: [] },
};
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const body = answers[`${req.method} ${new URL(req.url).pathname}`];
    return body ? Response.json(body) : new Response('{}', { status: 404 });
  },
});
const url = `http://127.0.0.1:${server.port}`;
const keys = (prefix: string) => Array.from({ length: perAdapter }, (_, i) => ({ key: `${prefix}-${String(i).padStart(12, '0')}` }));
const providers = {
  minimax: { base_url: `${url}/anthropic`, usage_adapter: 'minimax', api_keys: keys('sk-cp') },
  kimi: { base_url: `${url}/coding`, usage_adapter: 'kimi', api_keys: keys('sk-kimi') },
  zhipu: { base_url: `${url}/api/anthropic`, usage_adapter: 'zhipu', api_keys: keys('zhipu') },
  litellm: { base_url: url, usage_adapter: 'litellm', api_keys: keys('sk-lite') },
  probe: { base_url: url, usage_adapter: 'probe', api_keys: keys('sk-ant') },
};
const dir = mkdtempSync(join(tmpdir(), 'bench-usage-'));

console.log(`usage collection: ${perAdapter} keys per adapter, ${rounds} rounds, local mock upstream`);
console.log('adapter     ms/key p50   ms/key min');
for (const [name, provider] of Object.entries(providers)) {
  const config = parseProxyConfig(JSON.stringify({ config_version: 1, providers: { [name]: provider }, routes: { default: [{ match: '.*', provider: name }] } }));
  const samples: number[] = [];
  await collectUsage({ config, cachePath: join(dir, `${name}.json`), force: true }); // warm-up, not counted
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    await collectUsage({ config, cachePath: join(dir, `${name}.json`), force: true });
    samples.push((performance.now() - start) / perAdapter);
  }
  samples.sort((a, b) => a - b);
  console.log(`${name.padEnd(10)}  ${samples[Math.floor(samples.length / 2)]!.toFixed(3).padStart(10)}   ${samples[0]!.toFixed(3).padStart(10)}`);
}

const all = parseProxyConfig(JSON.stringify({ config_version: 1, providers, routes: { default: [{ match: '.*', provider: 'minimax' }] } }));
const collected = await collectUsage({ config: all, cachePath: join(dir, 'all.json'), force: true });
const start = performance.now();
for (let i = 0; i < 100; i++) {
  renderSummary(collected, { timeFormat: 'dhm', paint: painter(false), now: new Date(), timeoutMs: 15_000 });
  JSON.stringify(buildReport(collected, { timeoutMs: 15_000, verbose: true }));
}
console.log(`formatting ${perAdapter * 5} keys (summary + verbose JSON): ${((performance.now() - start) / 100).toFixed(2)} ms`);
await server.stop(true);
rmSync(dir, { recursive: true, force: true });
