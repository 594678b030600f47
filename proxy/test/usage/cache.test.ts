import { afterAll, beforeEach, describe, expect, it } from 'bun:test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectUsage, fingerprint } from '../../src/usage';
import { FAILURE_CACHE_TTL_MS } from '../../src/usage/query';
import { NOW, minimaxLegacy, minimaxCookieError } from './fixtures';
import { makeConfig, tempDir } from './helpers';
import { anthropicError, json, messageOk, routes, startMock } from './mock-upstream';

const KEY = 'sk-cp-cachekey-0123456789';
const dir = tempDir('mp-cache-');
const cachePath = join(dir.path, 'usage-cache.json');

/** The upstream's behaviour is switched per test: quota query and probe each ok or failing. */
let quotaOk = false;
let probeOk = false;
const mock = startMock(routes({
  'GET /v1/api/openplatform/coding_plan/remains': () => json(quotaOk ? minimaxLegacy : minimaxCookieError),
  'POST /anthropic/v1/messages': () => (probeOk ? messageOk() : anthropicError(401, 'authentication_error', 'invalid key')),
}));
afterAll(async () => {
  await mock.stop();
  dir[Symbol.dispose]();
});

const config = makeConfig({
  minimax: { base_url: `${mock.url}/anthropic`, usage_adapter: 'minimax', api_keys: [{ key: KEY, note: 'main' }, { key: 'YOUR_API_KEY' }] },
});
const later = new Date(NOW.getTime() + 90 * 60_000);
const run = (force = false, now = NOW) => collectUsage({ config, cachePath, force, now: () => now, timeoutMs: 5000 });
const entries = () => (existsSync(cachePath) ? JSON.parse(readFileSync(cachePath, 'utf8')).entries : {});

beforeEach(() => {
  mock.requests.length = 0;
  writeFileSync(cachePath, JSON.stringify({ version: 1, entries: {} }));
});

describe('usage failure cache (state table)', () => {
  it('absent → cached failure when the dedicated query and the probe both fail', async () => {
    const result = await run();
    expect(result.providers[0]!.keys[0]!.entry.ok).toBe(false);
    const entry = entries()[fingerprint(KEY)];
    expect(entry).toMatchObject({ kind: 'failure', text: 'minimax failed (status 1004: cookie is missing, log in again); probe: invalid key (HTTP 401: invalid key)' });
    expect(readFileSync(cachePath, 'utf8')).not.toContain(KEY);
  });

  it('absent → cached usable when the dedicated query fails but the probe works', async () => {
    probeOk = true;
    await run();
    expect(entries()[fingerprint(KEY)]).toMatchObject({ kind: 'usable', checked_at: NOW.toISOString() });
    probeOk = false;
  });

  it('a cached key is not queried on a default run and is shown with its age', async () => {
    await run();
    mock.requests.length = 0;
    quotaOk = true;
    const result = await run(false, later);
    quotaOk = false;
    expect(mock.requests).toHaveLength(0);
    expect(result.skipped).toBe(1);
    const key = result.providers[0]!.keys[0]!;
    expect(key.entry).toMatchObject({ skipped: true, ok: false });
    expect(key.cachedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('a cached failure expires after 6 hours: the key is queried again, and a clean answer removes the entry', async () => {
    await run();
    mock.requests.length = 0;
    quotaOk = true;
    const result = await run(false, new Date(NOW.getTime() + FAILURE_CACHE_TTL_MS));
    quotaOk = false;
    expect(mock.requests.length).toBeGreaterThan(0);
    expect(result.skipped).toBe(0);
    expect(entries()[fingerprint(KEY)]).toBeUndefined();
  });

  it('--force re-queries; a failing re-query updates the entry (same kind)', async () => {
    await run();
    const result = await run(true, later);
    expect(mock.requests.length).toBeGreaterThan(0);
    expect(result.skipped).toBe(0);
    expect(entries()[fingerprint(KEY)]).toMatchObject({ kind: 'failure', checked_at: later.toISOString() });
  });

  it('--force re-queries; a re-query with no error at all removes the entry', async () => {
    await run();
    quotaOk = true;
    const result = await run(true, later);
    quotaOk = false;
    expect(result.providers[0]!.keys[0]!.entry).toMatchObject({ ok: true, skipped: false, adapter_error: null });
    expect(entries()).toEqual({});
  });

  it('never queries nor caches a placeholder key', async () => {
    quotaOk = true;
    await run(true);
    quotaOk = false;
    expect(mock.requests.every((r) => !JSON.stringify(r.headers).includes('YOUR_API_KEY'))).toBe(true);
    expect(Object.keys(entries())).not.toContain(fingerprint('YOUR_API_KEY'));
  });

  it('reports, but survives, a cache file that cannot be written', async () => {
    const blocked = join(dir.path, 'not-a-dir');
    writeFileSync(blocked, 'a file where a folder should be');
    const warnings: string[] = [];
    const mock = startMock(routes({ 'POST /v1/messages': () => anthropicError(401, 'authentication_error', 'bad key') }));
    try {
      const config = makeConfig({ p: { base_url: mock.url, usage_adapter: 'probe', api_keys: [{ key: 'sk-unwritable-cache-0001' }] } });
      const collected = await collectUsage({ config, cachePath: join(blocked, 'usage-cache.json'), now: () => NOW, timeoutMs: 5000, warn: (m) => warnings.push(m) });
      expect(collected.providers[0]!.keys[0]!.entry.ok).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('not written');
    } finally {
      await mock.stop();
    }
  });

  it('ignores a corrupt cache file instead of failing', async () => {
    writeFileSync(cachePath, '{not json');
    const warnings: string[] = [];
    quotaOk = true;
    const result = await collectUsage({ config, cachePath, now: () => NOW, timeoutMs: 5000, warn: (m) => warnings.push(m) });
    quotaOk = false;
    expect(result.providers[0]!.keys[0]!.entry.ok).toBe(true);
    expect(warnings[0]).toContain('ignored');
  });
});
