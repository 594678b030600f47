import { afterAll, describe, expect, it } from 'bun:test';
import { join } from 'node:path';
import { collectUsage, painter, renderSummary } from '../../src/usage';
import * as fx from './fixtures';
import { makeConfig, tempDir, type ProviderSpec, pinTimeZone } from './helpers';
import { anthropicError, json, messageOk, routes, startMock, type MockUpstream, type Script } from './mock-upstream';

// Verbose reset stamps are local time; the zone is pinned so the expected text is stable.
pinTimeZone('UTC');

const KEY = 'sk-cp-abcdefghijklmnop1234';
const dirs = tempDir();
const mocks: MockUpstream[] = [];
afterAll(async () => {
  await Promise.all(mocks.map((m) => m.stop()));
  dirs[Symbol.dispose]();
});

let n = 0;
/** One provider with one key against a fresh mock; returns the key's result and the mock. */
async function runOne(script: Script, provider: (url: string) => Omit<ProviderSpec, 'api_keys'>, entry: ProviderSpec['api_keys'][number] = { key: KEY, note: 'personal' }) {
  const mock = startMock(script);
  mocks.push(mock);
  const config = makeConfig({ p: { ...provider(mock.url), api_keys: [entry] } });
  const collected = await collectUsage({ config, cachePath: join(dirs.path, `cache-${n++}.json`), now: () => fx.NOW, timeoutMs: 5000 });
  return { key: collected.providers[0]!.keys[0]!, mock, collected };
}

const minimax = (url: string) => ({ base_url: `${url}/anthropic`, usage_adapter: 'minimax' });
const REMAINS = 'GET /v1/api/openplatform/coding_plan/remains';

describe('platform A (MiniMax)', () => {
  it('queries the bare origin with a Bearer key and prefers *_remaining_percent over counts', async () => {
    const { key, mock } = await runOne(routes({ [REMAINS]: () => json(fx.minimaxLegacy) }), minimax);
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(key.entry).toMatchObject({ ok: true, method: 'minimax coding plan', adapter_error: null, plan: null });
    expect(key.entry.five_hour).toEqual({ remaining_percent: 96, remaining_seconds: 4 * 3600, reset_at: '2026-08-24T16:00:00+00:00', window_hours: 5, used: '56/1500' });
    expect(key.entry.weekly).toMatchObject({ remaining_percent: 60, remaining_seconds: 120 * 3600, window_hours: 168 });
    expect(key.lines).toContain('5h window remaining 1444/1500 (reset 08-24 16:00)');
  });

  it('reads *_usage_count as the remaining amount when no percent is given', async () => {
    const { key } = await runOne(routes({ [REMAINS]: () => json(fx.minimaxCountsOnly) }), minimax);
    expect(key.entry.five_hour.remaining_percent).toBe(10);
    expect(key.entry.weekly.remaining_percent).toBe(20);
  });

  it('reads the general entry of a percent-only token plan', async () => {
    const { key } = await runOne(routes({ [REMAINS]: () => json(fx.minimaxPercentOnly) }), minimax);
    expect(key.entry.five_hour.remaining_percent).toBe(22);
    expect(key.entry.weekly.remaining_percent).toBe(75);
    expect(key.entry.five_hour.remaining_seconds).toBe(2 * 3600);
  });

  it('falls back to /v1/token_plan/remains when the coding-plan path does not exist', async () => {
    const { key, mock } = await runOne(routes({ 'GET /v1/token_plan/remains': () => json(fx.minimaxPercentOnly) }), minimax);
    expect(mock.requests.map((r) => r.path)).toEqual(['/v1/api/openplatform/coding_plan/remains', '/v1/token_plan/remains']);
    expect(key.entry).toMatchObject({ ok: true, adapter_error: null });
    expect(key.entry.five_hour.remaining_percent).toBe(22);
  });

  it('treats HTTP 200 with a non-zero base_resp as a failure and probes once', async () => {
    const { key, mock } = await runOne(routes({
      [REMAINS]: () => json(fx.minimaxCookieError),
      'POST /anthropic/v1/messages': () => anthropicError(401, 'authentication_error', 'invalid x-api-key'),
    }), minimax);
    expect(key.entry).toMatchObject({ ok: false, method: 'probe', adapter_error: 'status 1004: cookie is missing, log in again' });
    expect(key.summary).toBe('minimax failed (status 1004: cookie is missing, log in again); probe: invalid key (HTTP 401: invalid x-api-key)');
    const probe = mock.requests.find((r) => r.method === 'POST')!;
    expect(probe.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(probe.body)).toMatchObject({ max_tokens: 128, messages: [{ role: 'user', content: 'hi' }] });
    expect(mock.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('platform B (Kimi)', () => {
  it('parses string numbers, finds the 5-hour window by duration and shows the membership level', async () => {
    const { key, mock } = await runOne(routes({ 'GET /coding/v1/usages': () => json(fx.kimiUsages) }), (url) => ({ base_url: `${url}/coding/`, usage_adapter: 'kimi' }));
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(key.entry.plan).toBe('LEVEL_ADVANCED');
    expect(key.entry.five_hour).toMatchObject({ remaining_percent: 75, remaining_seconds: 5400, used: '50/200' });
    expect(key.entry.weekly).toMatchObject({ remaining_percent: 89.6, reset_at: '2026-08-27T12:00:00+00:00' });
    expect(key.lines).toContain('parallel limit: ?');
  });

  it('reports a 404 as "not a Kimi Code key"', async () => {
    const { key } = await runOne(routes({ 'POST /coding/v1/messages': messageOk }), (url) => ({ base_url: `${url}/coding`, usage_adapter: 'kimi' }));
    expect(key.entry).toMatchObject({ ok: true, adapter_error: 'HTTP 404: not a Kimi Code key' });
    expect(key.summary).toBe('kimi failed (HTTP 404: not a Kimi Code key); probe: ok (HTTP 200)');
  });
});

describe('platform C (Zhipu personal)', () => {
  const zhipu = (url: string) => ({ base_url: `${url}/api/anthropic`, usage_adapter: 'zhipu' });
  it('sends the raw key without Bearer, reads percentage as used and clamps it above 100', async () => {
    const { key, mock } = await runOne(routes({ 'GET /api/monitor/usage/quota/limit': () => json(fx.zhipuQuota) }), zhipu);
    expect(mock.requests[0]!.headers.authorization).toBe(KEY);
    expect(key.entry.plan).toBe('pro');
    expect(key.entry.five_hour).toMatchObject({ remaining_percent: 76, remaining_seconds: 3 * 3600, used: '24%' });
    expect(key.entry.weekly).toMatchObject({ remaining_percent: 0, remaining_seconds: 50 * 3600 });
    expect(key.lines).toContain('monthly tool calls used 4% (40/1000) (reset 09-10 04:00)');
  });

  it('falls back to the probe on a platform error (pay-as-you-go key)', async () => {
    const { key } = await runOne(routes({
      'GET /api/monitor/usage/quota/limit': () => json(fx.zhipuPlatformError),
      'POST /api/anthropic/v1/messages': messageOk,
    }), zhipu);
    expect(key.entry).toMatchObject({ ok: true, method: 'probe', adapter_error: 'platform error: This API is only available to coding plan subscribers' });
  });
});

describe('platform D (Zhipu team edition)', () => {
  const team = (url: string) => ({ base_url: `${url}/api/anthropic`, usage_adapter: 'zhipu_team' });
  it('sends organization and project, asks for type=2 and reads the subscription detail', async () => {
    const { key, mock } = await runOne(routes({
      'GET /api/monitor/usage/quota/limit': (req) => (req.search === '?type=2' ? json(fx.zhipuTeamQuota) : json(fx.zhipuPlatformError)),
      'GET /api/monitor/usage/subscription': () => json(fx.zhipuTeamSubscription),
    }), team, { key: KEY, note: 'team', organization: 'org-1', project: 'proj-1' });
    expect(mock.requests[0]!.headers).toMatchObject({ 'bigmodel-organization': 'org-1', 'bigmodel-project': 'proj-1', authorization: KEY });
    expect(key.entry).toMatchObject({ ok: true, method: 'zhipu team plan', plan: 'GLM Coding Team Pro' });
    expect(key.entry.weekly.remaining_percent).toBe(5);
    expect(key.lines).toEqual([
      'plan: GLM Coding Team Pro (until 2026-12-31, auto-renew off)',
      '5h window: used 120/1000 credits (12%), reset 08-24 14:00',
      'weekly: used 19000/20000 credits (95%), reset 08-25 18:00',
    ]);
  });

  it('without organization and project makes no quota query and probes instead', async () => {
    const { key, mock } = await runOne(routes({ 'POST /api/anthropic/v1/messages': messageOk }), team, { key: KEY });
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/anthropic/v1/messages']);
    expect(key.entry).toMatchObject({ ok: true, adapter_error: 'key entry has no organization and project' });
  });
});

describe('platform E (LiteLLM)', () => {
  const litellm = (url: string) => ({ base_url: url, usage_adapter: 'litellm' });
  it('computes remaining = max_budget - spend', async () => {
    const { key, mock, collected } = await runOne(routes({ 'GET /key/info': () => json(fx.litellmInfo) }), litellm);
    // LiteLLM has no 5-hour window: the summary shows —, not a red 0% that reads like an exhausted key.
    expect(renderSummary(collected, { timeFormat: 'dhm', paint: painter(false), now: fx.NOW, timeoutMs: 5000 }).join('\n')).toContain('5h —   weekly ');
    expect(mock.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(key.entry.plan).toBe('budget $10.00/30d');
    expect(key.entry.weekly).toMatchObject({ remaining_percent: 87.7, window_hours: 720, used: '$1.23', reset_at: '2026-09-01T00:00:00+00:00' });
    expect(key.lines).toContain('rate limits: tpm ?, rpm 60');
  });

  it('treats a null max_budget as unlimited', async () => {
    const body = { ...fx.litellmInfo, info: { ...fx.litellmInfo.info, max_budget: null } };
    const { key } = await runOne(routes({ 'GET /key/info': () => json(body) }), litellm);
    expect(key.entry).toMatchObject({ ok: true, plan: 'unlimited budget' });
    expect(key.entry.weekly.remaining_percent).toBe(100);
  });

  it('treats a blocked key as failed', async () => {
    const body = { ...fx.litellmInfo, info: { ...fx.litellmInfo.info, blocked: true } };
    const { key } = await runOne(routes({ 'GET /key/info': () => json(body), 'POST /v1/messages': () => anthropicError(403, 'permission_error', 'key blocked') }), litellm);
    expect(key.entry).toMatchObject({ ok: false, adapter_error: 'key is blocked' });
    expect(key.summary).toBe('litellm failed (key is blocked); probe: invalid key (HTTP 403: key blocked)');
  });

  it('reports LiteLLM ProxyException errors with their message', async () => {
    const { key } = await runOne(routes({
      'GET /key/info': () => json({ error: { message: 'Authentication Error, Invalid proxy server token passed', type: 'auth_error', param: 'None', code: '401' } }, 401),
      'POST /v1/messages': () => anthropicError(401, 'authentication_error', 'bad key'),
    }), litellm);
    expect(key.entry.adapter_error).toBe('HTTP 401: Authentication Error, Invalid proxy server token passed');
  });
});

describe('platform F (probe only)', () => {
  const probeOnly = (url: string) => ({ base_url: url, usage_adapter: 'probe' });
  it('goes straight to the probe', async () => {
    const { key, mock } = await runOne(routes({ 'POST /v1/messages': messageOk }), probeOnly);
    expect(mock.requests).toHaveLength(1);
    expect(key.entry).toMatchObject({ ok: true, method: 'probe', adapter_error: null });
    expect(key.summary).toBe('probe: ok (HTTP 200)');
  });

  it('maps 429 to exhausted and 529 to unavailable', async () => {
    const a = await runOne(routes({ 'POST /v1/messages': () => anthropicError(429, 'rate_limit_error', 'slow down') }), probeOnly);
    expect(a.key.summary).toBe('probe: exhausted (HTTP 429: slow down)');
    const b = await runOne(routes({ 'POST /v1/messages': () => anthropicError(529, 'overloaded_error', 'Overloaded') }), probeOnly);
    expect(b.key.summary).toBe('probe: unavailable (HTTP 529: Overloaded)');
  });
});
