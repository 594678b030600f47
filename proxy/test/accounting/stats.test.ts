import { describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { NO_KEY, summarize } from '../../src/accounting/stats';
import { renderStats } from '../../src/accounting/stats-format';
import { keyFingerprint } from '../../src/accounting/meter';
import { ProxyConfig } from '../../src/config/schema';

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
