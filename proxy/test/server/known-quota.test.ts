import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { configPath, parseProxyConfig, usageCachePath } from '../../src/config';
import { collectUsage, fingerprint } from '../../src/usage';
import { messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { spawnProxy } from '../helpers/spawn-proxy';

const KEY_1 = 'sk-cp-known-empty-key-0001';
const KEY_2 = 'sk-cp-known-full-key-0002';
const USAGE_PATH = '/v1/api/openplatform/coding_plan/remains';
const ask = { model: 'claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };

/** What MiniMax's usage endpoint answers for a key: the 5-hour window `percent` left, resetting in 2 h. */
const remains = (percent: number, end: number) => Response.json({
  model_remains: [{ model_name: 'general', start_time: end - 5 * 3_600_000, end_time: end, current_interval_remaining_percent: percent, current_weekly_remaining_percent: 50, current_weekly_status: 1, weekly_end_time: end + 86_400_000 }],
  base_resp: { status_code: 0, status_msg: 'success' },
});

let upstream: MockUpstream;
const percentLeft: Record<string, number> = {};
const windowEnd = Math.floor((Date.now() + 2 * 3_600_000) / 1000) * 1000;
beforeAll(async () => {
  upstream = await startMockUpstream((r) => (r.path === USAGE_PATH ? remains(percentLeft[r.key!] ?? 50, windowEnd) : messageResponse(`served by ${r.key}`)));
});
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});

const config = () => ({
  config_version: 1,
  providers: { mm: { base_url: `${upstream.url}/anthropic`, usage_adapter: 'minimax', api_keys: [{ key: KEY_1 }, { key: KEY_2 }] } },
  routes: { default: [{ match: '.*', provider: 'mm' }] },
});
/** `modelproxy usage` as the CLI runs it: reads every key's quota into the usage cache. */
const readUsage = (dir: string) => collectUsage({ config: parseProxyConfig(stringify(config())), cachePath: usageCachePath(dir), force: true, timeoutMs: 5000 });

describe('keys whose last known quota is used up', () => {
  it('usage remembers each key\'s windows in the usage cache (by fingerprint, never the key)', async () => {
    const dir = tempDir('modelproxy-known-quota-');
    percentLeft[KEY_1] = 0;
    percentLeft[KEY_2] = 50;
    await readUsage(dir);
    const text = readFileSync(usageCachePath(dir), 'utf8');
    expect(text).not.toContain(KEY_1);
    const quota = JSON.parse(text).quota;
    expect(quota[fingerprint(KEY_1)].five_hour).toEqual({ remaining_percent: 0, reset_at: new Date(windowEnd).toISOString().replace('.000Z', '+00:00') });
    expect(quota[fingerprint(KEY_2)].five_hour.remaining_percent).toBe(50);
  });

  it('serve skips such a key until its reset, and lets it serve again once usage reads room (real serve process)', async () => {
    const dir = tempDir('modelproxy-known-quota-serve-');
    writeFileSync(configPath(dir), stringify(config()));
    percentLeft[KEY_1] = 0;
    percentLeft[KEY_2] = 50;
    await readUsage(dir);
    const proxy = await spawnProxy(dir);
    try {
      expect(proxy.output()).toContain(`mm#1: its last known quota (modelproxy usage`);
      expect(proxy.output()).toContain(`resting until ${new Date(windowEnd).toISOString()}`);
      upstream.requests.length = 0;
      const send = () => fetch(`${proxy.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ask) });
      const first = await send();
      expect(first.headers.get('x-modelproxy-key')).toBe('mm#2');
      expect(upstream.requests.map((r) => r.key)).toEqual([KEY_2]);
      // A later `usage` run (while serve runs) reads room on key 1 and an empty key 2: serve follows it.
      percentLeft[KEY_1] = 80;
      percentLeft[KEY_2] = 0;
      await readUsage(dir);
      await waitFor(async () => (await send()).headers.get('x-modelproxy-key') === 'mm#1', 'serve to read the new quota', 20_000);
      expect(proxy.output()).toContain('mm#1: its quota reading of');
      expect(proxy.output()).toContain('mm#2: its last known quota');
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
  }, 60_000);
});
