import { afterAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { NO_KEY, parseSince, readFailures, readRows, summarize } from '../../src/accounting/stats';
import { openDatabase } from '../../src/accounting/db';
import { requestsDbPath } from '../../src/config/paths';
import { anthropicError, messageResponse, serveMock } from '../helpers/mock-upstream';
import { configFor, harness, post, removeTempDirs, tempDir } from '../helpers/proxy-harness';
import { renderStats } from '../../src/accounting/stats-format';
import { keyFingerprint } from '../../src/accounting/meter';
import { ProxyConfig } from '../../src/config/schema';

afterAll(removeTempDirs);

const KEY = 'sk-cp-stats-key-000001';
const config = Value.Default(ProxyConfig, { providers: { mm: { base_url: 'http://x', api_keys: [{ key: KEY }] } } }) as ProxyConfig;
const row = (over: Partial<Parameters<typeof summarize>[0][number]>) => ({
  time: Date.now(), provider: 'mm', key_index: 1, key_fp: keyFingerprint(KEY), model_in: 'm', model_out: 'm', status: 200, completed: true,
  input_tokens: 1, output_tokens: 1, cache_read_tokens: null, cache_write_tokens: null, latency_ms: 1, ttfb_ms: null, ...over,
});

describe('stats --by key', () => {
  it('puts what the proxy answered itself in a group of its own, not under "key no longer in config"', () => {
    const rows = [row({}), row({ provider: 'mm', key_index: null, key_fp: null, status: 502 }), row({ provider: null, key_index: null, key_fp: null, status: 400 })];
    const report = summarize(rows, config, 'key', new Date(0), new Date());
    expect(report.groups.map((g) => [g.group, g.key, g.requests])).toEqual([[NO_KEY, undefined, 2], ['mm#1', 'sk-c***0001', 1]]);
    const text = renderStats(report, '24h').join('\n');
    expect(text).not.toContain('no longer in config');
    expect(text).toContain(NO_KEY);
  });
});

describe('stats --by key counts failed tries', () => {
  it("counts a key's failures against it, not only the key that finally served (real proxy, requests.db)", async () => {
    const FIRST = 'sk-cp-failing-key-0001';
    const SECOND = 'sk-cp-serving-key-0002';
    const vendor = serveMock((r) => (r.key === FIRST ? anthropicError(529, 'overloaded_error', 'overloaded') : messageResponse('ok')));
    try {
      const h = harness(configFor({ mm: { url: vendor.url, keys: [FIRST, SECOND] } }), { accounting: true });
      for (let i = 0; i < 2; i++) {
        // The first request tries key 1 (529) then key 2; the second starts at key 2 (key 1 cools), then both again after.
        h.pool.succeed('mm', FIRST);
        const res = await h.app.handle(post('/v1/messages', { model: 'm', max_tokens: 1, messages: [] }));
        expect(res.headers.get('x-modelproxy-key')).toBe('mm#2');
      }
      h.accounting!.close();
      const db = openDatabase(requestsDbPath(h.dir), { create: false })!;
      const report = summarize(readRows(db, 0, Date.now() + 1), h.state.current.config, 'key', new Date(0), new Date(), readFailures(db, 0, Date.now() + 1));
      db.close();
      expect(report.groups.map((g) => [g.group, g.requests, g.failures])).toEqual([['mm#2', 2, 0], ['mm#1', 0, 2]]);
      expect(report.total.failures).toBe(2);
      const text = renderStats(report, 'all').join('\n');
      expect(text).toMatch(/^mm#1 sk-c\*\*\*0001 +0 +0 +2 /m);
    } finally {
      await vendor.stop();
      removeTempDirs();
    }
  });
});

describe('requests.db written by the previous version', () => {
  it('is read as it is (no failures yet) and gains key_failures when serve opens it', () => {
    const path = `${tempDir('modelproxy-db-v1-')}/requests.db`;
    const current = openDatabase(path, { create: true })!;
    current.exec('DROP TABLE key_failures; PRAGMA user_version = 1');
    current.close();
    const reader = openDatabase(path, { create: false });
    expect(reader).not.toBeNull();
    expect(readFailures(reader, 0, Date.now())).toEqual([]);
    reader!.close();
    const writer = openDatabase(path, { create: true })!;
    expect((writer.query('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(2);
    expect(writer.query("SELECT name FROM sqlite_master WHERE name = 'key_failures'").all()).toHaveLength(1);
    writer.close();
  });
});

describe('stats --since', () => {
  it('refuses a span too long for a date, like any other unreadable --since (not an "Invalid Date" from requests.db)', () => {
    const now = new Date(Date.UTC(2026, 10, 30, 12));
    expect(parseSince('2d', now)?.toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(parseSince('99999999999d', now)).toBeNull();
    expect(parseSince('1e400h', now)).toBeNull();
  });
});
