import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { join } from 'node:path';
import { buildReport, collectUsage, countdown, painter, paintPercent, renderSummary, renderVerbose, UsageReport, type Collected } from '../../src/usage';
import { VERSION } from '../../src/version';
import * as fx from './fixtures';
import { makeConfig, tempDir, pinTimeZone } from './helpers';
import { anthropicError, json, messageOk, routes, startMock, type MockUpstream } from './mock-upstream';

// Verbose reset stamps are local time; the zone is pinned so the expected text is stable.
pinTimeZone('UTC');

const KEYS = { a: 'sk-cp-AAAAaaaaaaaa1111', c: 'zhipu-key-ccccccccc2222', f: 'sk-ant-ffffffffffff3333', cached: 'sk-cp-cached-0000004444' };
const dir = tempDir('mp-format-');
const cachePath = join(dir.path, 'usage-cache.json');
const later = new Date(fx.NOW.getTime() + 2 * 3_600_000 + 5 * 60_000);
let mock: MockUpstream;
let collected: Collected;

beforeAll(async () => {
  mock = startMock(routes({
    'GET /v1/api/openplatform/coding_plan/remains': (req) =>
      json(req.headers.authorization === `Bearer ${KEYS.a}` ? fx.minimaxCountsOnly : fx.minimaxCookieError),
    'POST /anthropic/v1/messages': () => anthropicError(401, 'authentication_error', 'invalid key'),
    'GET /api/monitor/usage/quota/limit': () => json(fx.zhipuQuota),
    'POST /v1/messages': messageOk,
  }));
  const config = makeConfig({
    minimax: { base_url: `${mock.url}/anthropic`, usage_adapter: 'minimax', api_keys: [{ key: KEYS.a, note: 'personal' }, { key: KEYS.cached }] },
    zhipu: { base_url: `${mock.url}/api/anthropic`, usage_adapter: 'zhipu', api_keys: [{ key: KEYS.c }, { key: 'YOUR_API_KEY', note: 'spare' }] },
    direct: { base_url: mock.url, usage_adapter: 'probe', api_keys: [{ key: KEYS.f, note: 'probe' }] },
  });
  // First run caches the failing key; the second (2 h 5 m later) shows it from the cache.
  await collectUsage({ config, cachePath, now: () => fx.NOW, timeoutMs: 5000 });
  collected = await collectUsage({ config, cachePath, now: () => later, timeoutMs: 5000 });
});
afterAll(async () => {
  await mock.stop();
  dir[Symbol.dispose]();
});

const options = { timeFormat: 'dhm' as const, paint: painter(false), now: later, timeoutMs: 15_000 };

describe('summary output', () => {
  it('matches the documented layout line for line', () => {
    expect(renderSummary(collected, options).join('\n')).toBe([
      'Usage (timeout 15s per key)',
      '1 key(s) skipped — last check failed (recheck with: modelproxy usage --force)',
      '',
      'minimax',
      '  ✓ #1 sk-c***1111 [personal]  plan —   5h 10% · 2h 25m   weekly 20% · 4d 21h 55m',
      '  ✗ #2 sk-c***4444  cached failure (2h 5m ago): minimax failed (status 1004: cookie is missing, log in again); probe: invalid key (HTTP 401: invalid key)',
      '      recheck with: modelproxy usage --force',
      '',
      'zhipu',
      '  ✓ #1 zhip***2222  plan pro   5h 76% · 55m   weekly 0% · 1d 23h 55m',
      '  - #2 YOUR***_KEY [spare]  placeholder key, not queried (fill it in config.yaml)',
      '',
      'direct',
      '  ✓ #1 sk-a***3333 [probe]  probe: ok (HTTP 200)',
    ].join('\n'));
  });

  it('formats countdowns as dhm, hours or minutes, and — when unknown', () => {
    expect(countdown(8_700, 'dhm')).toBe('2h 25m');
    expect(countdown(8_700, 'hours')).toBe('2.4h');
    expect(countdown(8_700, 'minutes')).toBe('145m');
    expect(countdown(90_000, 'dhm')).toBe('1d 1h 0m');
    expect(countdown(null, 'hours')).toBe('—');
  });

  it('colours ≤ 25 % yellow and ≤ 10 % red, marks green/red, and dims cached keys', () => {
    const text = renderSummary(collected, { ...options, paint: painter(true) }).join('\n');
    expect(text).toContain('\x1b[31m10%\x1b[39m');
    expect(text).toContain('\x1b[33m20%\x1b[39m');
    expect(text).toContain('76%');
    expect(text).not.toContain('\x1b[33m76%');
    expect(text).toContain('\x1b[32m✓\x1b[39m #1 sk-c***1111');
    expect(text).toContain('\x1b[2m✗\x1b[22m #2 sk-c***4444');
  });

  it('judges the thresholds on the percentage as shown (one decimal)', () => {
    const paint = painter(true);
    expect(paintPercent(10.04, paint)).toBe('\x1b[31m10%\x1b[39m');
    expect(paintPercent(10.1, paint)).toBe('\x1b[33m10.1%\x1b[39m');
    expect(paintPercent(25.04, paint)).toBe('\x1b[33m25%\x1b[39m');
    expect(paintPercent(25.1, paint)).toBe('25.1%');
  });
});

describe('verbose output', () => {
  it('prints a head line per key and the raw adapter lines', () => {
    const text = renderVerbose(collected, { ...options, timeFormat: 'dhm' }).join('\n');
    expect(text).toContain([
      '  ✓ key #1 (sk-c***1111) [personal]  minimax coding plan',
      '      model: MiniMax-M*',
      '      plan: ?',
      '      5h window remaining 150/1500 (reset 08-24 16:30)',
      '      weekly remaining 3000/15000 (reset 08-29 12:00)',
      '  ✗ key #2 (sk-c***4444)  cached failure (2h 5m ago)',
    ].join('\n'));
    expect(text).toContain('  ✓ key #1 (zhip***2222)  zhipu coding plan\n      plan: pro\n      5h window used 24% (reset 08-24 15:00)');
  });
});

describe('JSON output', () => {
  it('matches the Usage result schema field for field, with the program version', () => {
    const report = buildReport(collected, { timeoutMs: 15_000, verbose: false });
    expect(Value.Check(UsageReport, report)).toBe(true);
    expect(report).toMatchObject({ ok: false, version: VERSION, timeout: 15, skipped: 1 });
    expect(report.providers[0]!.keys[0]).toEqual({
      index: 1, key: 'sk-c***1111', note: 'personal', ok: true, skipped: false, method: 'minimax coding plan', adapter_error: null, plan: null,
      five_hour: { remaining_percent: 10, remaining_seconds: 8_700, reset_at: '2026-08-24T16:30:00+00:00', window_hours: 5, used: '1350/1500' },
      weekly: { remaining_percent: 20, remaining_seconds: 424_500, reset_at: '2026-08-29T12:00:00+00:00', window_hours: 168, used: '12000/15000' },
    });
    expect(report.providers[0]!.keys[1]).toMatchObject({ skipped: true, ok: false, five_hour: { remaining_percent: 0, remaining_seconds: null, reset_at: null } });
    expect(report.providers[0]!.keys[0]!.raw_lines).toBeUndefined();
  });

  it('adds raw_lines with --verbose', () => {
    const report = buildReport(collected, { timeoutMs: 15_000, verbose: true });
    expect(report.providers[1]!.keys[0]!.raw_lines).toContain('plan: pro');
  });

  it('never contains a plaintext key in any output form', () => {
    const outputs = [
      renderSummary(collected, options).join('\n'),
      renderVerbose(collected, options).join('\n'),
      JSON.stringify(buildReport(collected, { timeoutMs: 15_000, verbose: true })),
    ];
    for (const out of outputs) for (const key of Object.values(KEYS)) expect(out).not.toContain(key);
  });
});
