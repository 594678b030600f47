import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { configPath, usageCachePath } from '../../src/config';
import { fingerprint } from '../../src/usage';
import { anthropicError, messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

const KEY_1 = 'sk-cp-restart-empty-key-0001';
const KEY_2 = 'sk-cp-restart-full-key-0002';
const ask = { model: 'claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };
/** The 5-hour window of key 1 resets in 3 hours (whole seconds, as MiniMax states it). */
const reset = new Date(Math.floor((Date.now() + 3 * 3_600_000) / 1000) * 1000);

let upstream: MockUpstream;
beforeAll(async () => {
  // MiniMax's answer for a used-up 5-hour window: an Anthropic-style 429 whose message ends in (2056).
  upstream = await startMockUpstream((r) => (r.key === KEY_1
    ? anthropicError(429, 'rate_limit_error', `usage limit exceeded, 5-hour usage limit reached, resets at ${reset.toISOString().replace('.000Z', 'Z')} (2056)`)
    : messageResponse(`served by ${r.key}`)));
});
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});

const config = () => ({
  config_version: 1,
  providers: { mm: { base_url: `${upstream.url}/anthropic`, api_keys: [{ key: KEY_1 }, { key: KEY_2 }] } },
  routes: { default: [{ match: '.*', provider: 'mm' }] },
});

describe('a used-up plan window survives a kill -9 of serve', () => {
  it('serve remembers the rest in usage-cache.json (by fingerprint) and the restarted serve skips the key until the reset', async () => {
    const dir = tempDir('modelproxy-restart-rests-');
    writeFileSync(configPath(dir), stringify(config()));
    const send = (url: string) => fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ask) });
    const first = await spawnProxy(dir);
    try {
      const res = await send(first.url);
      expect([res.status, res.headers.get('x-modelproxy-key'), res.headers.get('x-modelproxy-attempts')]).toEqual([200, 'mm#2', '2']);
      await waitFor(() => existsSync(usageCachePath(dir)) && readFileSync(usageCachePath(dir), 'utf8').includes(fingerprint(KEY_1)), 'serve to remember the rest', 20_000);
      const text = readFileSync(usageCachePath(dir), 'utf8');
      expect(text).not.toContain(KEY_1);
      expect(JSON.parse(text).rests[fingerprint(KEY_1)].until).toBe(reset.toISOString());
    } finally {
      first.proc.kill('SIGKILL');
      await first.proc.exited;
    }
    const second = await spawnProxy(dir);
    try {
      expect(second.output()).toContain(`mm#1: its plan window was used up`);
      expect(second.output()).toContain(`still resting until ${reset.toISOString()}`);
      upstream.requests.length = 0;
      const res = await send(second.url);
      // Without the remembered rest, the restarted proxy would ask key 1 again first (attempts 2).
      expect([res.status, res.headers.get('x-modelproxy-key'), res.headers.get('x-modelproxy-attempts')]).toEqual([200, 'mm#2', '1']);
      expect(upstream.requests.map((r) => r.key)).toEqual([KEY_2]);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 60_000);
});
