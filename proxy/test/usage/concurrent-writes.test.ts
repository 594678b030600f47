import { afterAll, describe, expect, it } from 'bun:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectUsage, fingerprint } from '../../src/usage';
import { recordQuota, recordRest } from '../../src/usage/cache';
import { NOW, minimaxLegacy } from './fixtures';
import { makeConfig, tempDir } from './helpers';
import { json, routes, startMock } from './mock-upstream';

const KEY = 'sk-cp-usage-run-key-0001';
/** A key only a running serve knows about meanwhile (it served, or its window got used up). */
const SERVED = 'sk-cp-serve-side-key-0002';
const dir = tempDir('mp-concurrent-');
const cachePath = join(dir.path, 'usage-cache.json');
const until = new Date(NOW.getTime() + 3 * 3_600_000).toISOString();

// While `usage` waits for the vendor, a running serve writes the same file (what serve does: a
// used-up window under `rests`, and the quota of a key that served).
const mock = startMock(routes({
  'GET /v1/api/openplatform/coding_plan/remains': () => {
    recordRest(cachePath, fingerprint(SERVED), { until, since: NOW.toISOString() }, NOW.getTime());
    recordQuota(cachePath, fingerprint(SERVED), { five_hour: { remaining_percent: 0, reset_at: until }, weekly: { remaining_percent: 40, reset_at: null }, checked_at: NOW.toISOString() });
    return json(minimaxLegacy);
  },
}));
afterAll(async () => {
  await mock.stop();
  dir[Symbol.dispose]();
});

describe('usage and a running serve writing usage-cache.json at the same time', () => {
  it('usage keeps what serve wrote during its run (a remembered rest, another key\'s quota) beside its own reading', async () => {
    writeFileSync(cachePath, JSON.stringify({ version: 1, entries: {} }));
    const config = makeConfig({ minimax: { base_url: `${mock.url}/anthropic`, usage_adapter: 'minimax', api_keys: [{ key: KEY }] } });
    await collectUsage({ config, cachePath, now: () => NOW, timeoutMs: 5000 });
    const file = JSON.parse(readFileSync(cachePath, 'utf8'));
    // Without the merge, usage wrote back the file as it read it before the run: serve's writes were gone.
    expect(file.rests?.[fingerprint(SERVED)]).toEqual({ until, since: NOW.toISOString() });
    expect(file.quota?.[fingerprint(SERVED)]?.five_hour).toEqual({ remaining_percent: 0, reset_at: until });
    expect(file.quota?.[fingerprint(KEY)]?.checked_at).toBe(NOW.toISOString());
  });
});
