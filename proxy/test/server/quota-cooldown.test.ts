import { afterAll, beforeAll, describe, expect, it } from 'bun:test';
import { QUOTA_COOLDOWN_MS } from '../../src/upstream/key-pool';
import { quotaExhausted } from '../../src/upstream/quota';
import { resetOf } from '../../src/usage/reset';
import { anthropicError, messageResponse, startMockUpstream, type MockUpstream } from '../helpers/mock-upstream';
import { waitFor } from '@devhub/shared/testing';
import { configFor, harness, post, removeTempDirs } from '../helpers/proxy-harness';
import { whenText } from '../../src/upstream/rest-text';

const KEY_1 = 'sk-cp-exhausted-key-0001';
const KEY_2 = 'sk-cp-healthy-key-0002';
const STATED_KEY = 'sk-cp-stated-reset-key-0003';
const ask = { model: 'claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };
const MINIMAX_USAGE = '/v1/api/openplatform/coding_plan/remains';

let upstream: MockUpstream;
beforeAll(async () => { upstream = await startMockUpstream(() => messageResponse('ok')); });
afterAll(async () => {
  await upstream.stop();
  removeTempDirs();
});
const fresh = (config: unknown) => {
  const h = harness(config);
  h.state.configPath = h.file;
  return h;
};
const minimax = (keys = [KEY_1, KEY_2]) => configFor({ minimax: { url: `${upstream.url}/anthropic`, keys, usage_adapter: 'minimax' } });
const restOf = (h: ReturnType<typeof fresh>, provider: string, key: string) => h.pool.restingUntil(provider, key);
/** MiniMax's answer to a used-up 5-hour window on its Anthropic endpoint (HTTP 429, code at the end of the message). */
const minimax2056 = (resetIso: string) => anthropicError(429, 'rate_limit_error', `usage limit exceeded, 5-hour usage limit reached for Token Plan Starter (0/0 used), resets at ${resetIso} (2056)`);

describe('a vendor\'s "plan window used up" answer cools the key until the reset', () => {
  it('MiniMax 2056 with the reset in its message: the key rests exactly until then and is not tried even as a last resort', async () => {
    const reset = new Date(Date.now() + 3 * 3_600_000);
    reset.setMilliseconds(0);
    upstream.requests.length = 0;
    upstream.handle((r) => (r.key === STATED_KEY ? minimax2056(reset.toISOString().replace('.000Z', 'Z')) : messageResponse('from key 2')));
    const h = fresh(minimax([STATED_KEY, KEY_2]));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.headers.get('x-modelproxy-key')).toBe('minimax#2');
    expect(restOf(h, 'minimax', STATED_KEY)).toBe(reset.getTime());
    expect(h.pool.candidates('minimax', h.state.current.config.providers.minimax!).map((c) => c.index)).toEqual([2]);
    // No usage query was needed: the answer said when (other tests' background queries use other keys).
    expect(upstream.requests.some((r) => r.path === MINIMAX_USAGE && r.key === STATED_KEY)).toBe(false);
    upstream.handle(() => messageResponse('ok'));
  });

  it('MiniMax base_resp 2056 inside an HTTP 200: the next key serves, and the usage adapter tells the window\'s reset', async () => {
    const end = Math.floor((Date.now() + 2 * 3_600_000) / 1000) * 1000;
    upstream.requests.length = 0;
    upstream.handle((r) => {
      if (r.path === MINIMAX_USAGE) {
        return Response.json({
          model_remains: [{ model_name: 'general', start_time: end - 5 * 3_600_000, end_time: end, current_interval_remaining_percent: 0, current_weekly_remaining_percent: 40, current_weekly_status: 1, weekly_end_time: end + 86_400_000 }],
          base_resp: { status_code: 0, status_msg: 'success' },
        });
      }
      if (r.key === KEY_1) return Response.json({ base_resp: { status_code: 2056, status_msg: 'usage limit exceeded' } });
      return messageResponse('from key 2');
    });
    const h = fresh(minimax());
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-modelproxy-key')).toBe('minimax#2');
    await waitFor(() => restOf(h, 'minimax', KEY_1) === end, 'the rest to move to the adapter\'s reset', 10_000);
    const usageCall = upstream.requests.find((r) => r.path === MINIMAX_USAGE)!;
    expect(usageCall.key).toBe(KEY_1);
    upstream.handle(() => messageResponse('ok'));
  });

  it('when every key is used up the client gets the vendor\'s error, and then no_usable_key saying when the first is tried again', async () => {
    upstream.handle((r) => (r.path === MINIMAX_USAGE ? new Response('gone', { status: 404 }) : Response.json({ base_resp: { status_code: 2056, status_msg: 'usage limit exceeded' } })));
    const h = fresh(minimax([KEY_1]));
    const first = await h.app.handle(post('/v1/messages', ask));
    expect(first.status).toBe(429);
    expect(await first.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'usage limit exceeded (2056)' } });
    // The adapter could not tell: the default rest.
    const until = restOf(h, 'minimax', KEY_1)!;
    expect(until - Date.now()).toBeGreaterThan(QUOTA_COOLDOWN_MS - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(QUOTA_COOLDOWN_MS);
    const second = await h.app.handle(post('/v1/messages', ask));
    expect(second.status).toBe(502);
    expect(second.headers.get('x-should-retry')).toBe('false');
    const error = ((await second.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('no_usable_key');
    expect(error.message).toContain('provider "minimax": key #1 has used up its plan window, back at ');
    expect(error.message).toContain(whenText(until, Date.now()).slice(0, 5));
    upstream.handle(() => messageResponse('ok'));
  });

  it('Kimi\'s weekly limit (403 access_terminated_error) rests the key until the weekly reset the Kimi adapter reports', async () => {
    // Five days ahead, in whole seconds (a rest is at most 31 days: upstream/key-pool.ts MAX_REST_MS).
    const weekly = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5 * 86_400_000).toISOString();
    upstream.handle((r) => {
      if (r.path === '/coding/v1/usages') return Response.json({ usage: { limit: '2048', used: '2048', remaining: '0', resetTime: weekly }, limits: [] });
      if (r.key === KEY_1) return Response.json({ error: { message: 'You\'ve reached your weekly (7-day) usage limit. Your quota will reset when the current 7-day window ends.', type: 'access_terminated_error' } }, { status: 403 });
      return messageResponse('from key 2');
    });
    const h = fresh(configFor({ kimi: { url: `${upstream.url}/coding`, keys: [KEY_1, KEY_2], usage_adapter: 'kimi' } }));
    expect((await h.app.handle(post('/v1/messages', ask))).headers.get('x-modelproxy-key')).toBe('kimi#2');
    await waitFor(() => restOf(h, 'kimi', KEY_1) === Date.parse(weekly), 'the weekly reset', 10_000);
    // A reload (the user may have fixed keys) does not refill a plan window.
    h.state.replace(h.state.current.config);
    expect(restOf(h, 'kimi', KEY_1)).toBe(Date.parse(weekly));
    upstream.handle(() => messageResponse('ok'));
  });
});

describe('recognizing the vendors\' answers', () => {
  const now = Date.parse('2026-08-27T10:00:00Z');
  it.each([
    ['MiniMax message', { type: 'error', error: { type: 'rate_limit_error', message: 'usage limit exceeded, 5-hour usage limit reached for Token Plan Starter (0/0 used), resets at 2026-05-15T15:00:00Z (2056)' } }, { window: 'five_hour', resetMs: Date.parse('2026-05-15T15:00:00Z'), code: '2056' }],
    ['MiniMax base_resp', { base_resp: { status_code: 2056, status_msg: 'usage limit exceeded' } }, { window: 'five_hour', resetMs: null, code: '2056' }],
    ['Zhipu 1308 (Beijing time)', { error: { code: '1308', message: 'Usage limit reached for 5 hour. Your limit will reset at 2026-08-27 21:31:39' } }, { window: 'five_hour', resetMs: Date.parse('2026-08-27T13:31:39Z'), code: '1308' }],
    ['Zhipu 1308 in Chinese', { error: { code: '1308', message: '已达到 5 小时的使用上限。您的限额将在 2026-08-25 07:41:44 重置。' } }, { window: 'five_hour', resetMs: Date.parse('2026-08-24T23:41:44Z'), code: '1308' }],
    ['Zhipu 1310 weekly', { error: { code: '1310', message: 'Weekly/Monthly Limit Exhausted. Your limit will reset at 2026-08-14T00:00:00Z' } }, { window: 'weekly', resetMs: Date.parse('2026-08-14T00:00:00Z'), code: '1310' }],
    ['Kimi weekly', { error: { message: 'You\'ve reached your weekly (7-day) usage limit.', type: 'access_terminated_error' } }, { window: 'weekly', resetMs: null, code: 'access_terminated_error' }],
  ])('%s', (_name, body, expected) => expect(quotaExhausted(JSON.stringify(body))).toEqual(expected as never));

  it('a short rate limit or another error is not a used-up window', () => {
    expect(quotaExhausted(JSON.stringify({ error: { message: 'We\'re receiving too many requests at the moment. Please wait a moment and try again.', type: 'rate_limit_reached_error' } }))).toBeNull();
    expect(quotaExhausted(JSON.stringify({ error: { code: '1302', message: 'High concurrency usage of this API' } }))).toBeNull();
    expect(quotaExhausted(JSON.stringify({ base_resp: { status_code: 1002, status_msg: 'rate limit' } }))).toBeNull();
    expect(quotaExhausted('<html>502 Bad Gateway</html>')).toBeNull();
  });

  it('takes the latest reset among the empty windows, else the named one, never one in the past', () => {
    const at = (h: number) => new Date(now + h * 3_600_000).toISOString();
    const w = (remaining: number, reset: string | null) => ({ remaining_percent: remaining, remaining_seconds: null, reset_at: reset });
    expect(resetOf({ five_hour: w(0, at(2)), weekly: w(0, at(50)) }, 'five_hour', new Date(now))).toBe(now + 50 * 3_600_000);
    expect(resetOf({ five_hour: w(0, at(2)), weekly: w(30, at(50)) }, 'five_hour', new Date(now))).toBe(now + 2 * 3_600_000);
    expect(resetOf({ five_hour: w(10, at(2)), weekly: w(30, at(50)) }, 'weekly', new Date(now))).toBe(now + 50 * 3_600_000);
    expect(resetOf({ five_hour: w(0, at(-1)), weekly: w(30, null) }, 'weekly', new Date(now))).toBeNull();
  });
});

describe('when the only key left is briefly rate-limited while the others rest for hours', () => {
  const reset = () => {
    const at = new Date(Date.now() + 3 * 3_600_000);
    at.setMilliseconds(0);
    return at;
  };

  it('answers keys_resting naming which plan rests until when; a short wait stays retryable with retry-after', async () => {
    const at = reset();
    upstream.handle((r) => (r.key === STATED_KEY ? minimax2056(at.toISOString().replace('.000Z', 'Z')) : anthropicError(429, 'rate_limit_error', 'too many requests')));
    const h = fresh(minimax([STATED_KEY, KEY_2]));
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(429);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('keys_resting');
    expect(error.message).toContain(`provider "minimax": key #1 has used up its plan window, back at ${whenText(at.getTime(), Date.now()).slice(0, 5)}`);
    expect(error.message).toContain('key #2 is cooling after 429');
    // The rate-limited key is back within the client's retries: say when, and let it retry.
    expect(res.headers.get('x-should-retry')).toBeNull();
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    upstream.handle(() => messageResponse('ok'));
  });

  it('a wait longer than the client tolerates is answered as not retryable, each provider named once', async () => {
    const at = reset();
    upstream.handle((r) => (r.key === STATED_KEY ? minimax2056(at.toISOString().replace('.000Z', 'Z')) : anthropicError(429, 'rate_limit_error', 'slow down', { 'retry-after': '900' })));
    const config = configFor({ minimax: { url: `${upstream.url}/anthropic`, keys: [STATED_KEY, KEY_2], usage_adapter: 'minimax' } }) as { routes: { default: { fallback?: unknown[] }[] } };
    // The same provider twice in one route (another model as fallback) is still named once.
    config.routes.default[config.routes.default.length - 1]!.fallback = [{ provider: 'minimax', model: 'MiniMax-M2' }];
    const h = fresh(config);
    const res = await h.app.handle(post('/v1/messages', ask));
    expect(res.status).toBe(429);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const { message } = ((await res.json()) as { error: { message: string } }).error;
    expect(message).toStartWith('every key is resting, the first until ');
    expect(message).toContain('in 15 min');
    expect(message.split('provider "minimax"').length - 1).toBe(1);
    upstream.handle(() => messageResponse('ok'));
  });

  it('says so on the next requests too, when the resting provider is no longer tried (another provider\'s key only cooling)', async () => {
    const at = reset();
    upstream.handle((r) => (r.key === STATED_KEY ? minimax2056(at.toISOString().replace('.000Z', 'Z')) : anthropicError(429, 'rate_limit_error', 'slow down', { 'retry-after': '900' })));
    const config = configFor({ minimax: { url: `${upstream.url}/anthropic`, keys: [STATED_KEY], usage_adapter: 'minimax' }, zhipu: { url: `${upstream.url}/api/anthropic`, keys: [KEY_2] } }) as { routes: { default: { provider: string; fallback?: unknown[] }[] } };
    const route = config.routes.default[config.routes.default.length - 1]!;
    route.provider = 'minimax';
    route.fallback = [{ provider: 'zhipu', model: 'glm-4.6' }];
    const h = fresh(config);
    expect(((await (await h.app.handle(post('/v1/messages', ask))).json()) as { error: { code: string } }).error.code).toBe('keys_resting');
    // MiniMax rests for hours and is left out of the next request; Zhipu's key is tried (cooling keys go last) and answers 429 again.
    upstream.requests.length = 0;
    for (const path of ['/v1/messages', '/v1/chat/completions']) {
      const res = await h.app.handle(post(path, path === '/v1/messages' ? ask : { model: ask.model, messages: ask.messages }));
      expect(upstream.requests.at(-1)?.key).toBe(KEY_2);
      expect(res.status).toBe(429);
      expect(res.headers.get('x-should-retry')).toBe('false');
      const { code, message } = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect({ path, code }).toEqual({ path, code: 'keys_resting' });
      expect(message).toContain('provider "minimax": key #1 has used up its plan window');
      expect(message).toContain('provider "zhipu": key #1 is cooling after 429');
    }
    upstream.handle(() => messageResponse('ok'));
  });
});
