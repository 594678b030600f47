/** The vendors' exact quota answers, with times relative to NOW. */
export const NOW = new Date('2026-08-24T12:00:00Z');
const at = (ms: number) => NOW.getTime() + ms;
const H = 3_600_000;

/** A: legacy count shape (MiniMax-M2 fixture); usage_count is the *remaining* count. */
export const minimaxLegacy = {
  model_remains: [{
    start_time: at(-H), end_time: at(4 * H), remains_time: 4 * H,
    current_interval_total_count: 1500, current_interval_usage_count: 1444, model_name: 'MiniMax-M*',
    current_weekly_total_count: 15000, current_weekly_usage_count: 6000,
    weekly_start_time: at(-48 * H), weekly_end_time: at(120 * H), weekly_remains_time: 120 * H,
    current_interval_status: 1, current_interval_remaining_percent: 96,
    current_weekly_status: 1, current_weekly_remaining_percent: 60,
  }],
  base_resp: { status_code: 0, status_msg: 'success' },
};

/** A: counts only, no percent fields: 150 of 1500 left = 10 % (red). */
export const minimaxCountsOnly = {
  model_remains: [{
    start_time: at(-30 * 60_000), end_time: at(4 * H + 30 * 60_000), remains_time: 4.5 * H,
    current_interval_total_count: 1500, current_interval_usage_count: 150, model_name: 'MiniMax-M*',
    current_weekly_total_count: 15000, current_weekly_usage_count: 3000,
    weekly_start_time: at(-48 * H), weekly_end_time: at(120 * H), weekly_remains_time: 120 * H,
  }],
  base_resp: { status_code: 0, status_msg: 'success' },
};

/** A: newer token-plan account; counts are 0 and only the percent fields mean anything. */
export const minimaxPercentOnly = {
  model_remains: [
    { model_name: 'video', current_interval_total_count: 0, current_interval_usage_count: 0, current_interval_remaining_percent: 100 },
    {
      model_name: 'general', start_time: at(-H), end_time: at(2 * H), remains_time: 2 * H,
      current_interval_total_count: 0, current_interval_usage_count: 0, current_interval_remaining_percent: 22,
      current_weekly_total_count: 0, current_weekly_usage_count: 0, current_weekly_status: 1, current_weekly_remaining_percent: 75,
      weekly_start_time: at(-24 * H), weekly_end_time: at(144 * H),
    },
  ],
  base_resp: { status_code: 0, status_msg: 'success' },
};

export const minimaxCookieError = { base_resp: { status_code: 1004, status_msg: 'cookie is missing, log in again' } };

/** B: numbers as strings, nanosecond RFC 3339; the 5-hour detail lacks `used`. */
export const kimiUsages = {
  user: { membership: { level: 'LEVEL_ADVANCED' } },
  usage: { limit: '2048', used: '214', remaining: '1834', resetTime: '2026-08-27T12:00:00.716839300Z' },
  limits: [{ window: { duration: 300, timeUnit: 'TIME_UNIT_MINUTE' }, detail: { limit: '200', remaining: '150', resetTime: '2026-08-24T13:30:00Z' } }],
};

/** C: `percentage` is *used*; 124 must clamp to 100 used = 0 remaining. */
export const zhipuQuota = {
  code: 200, msg: 'Operation successful', success: true,
  data: {
    level: 'pro',
    limits: [
      { type: 'TOKENS_LIMIT', unit: 3, number: 5, percentage: 24, nextResetTime: at(3 * H) },
      { type: 'TOKENS_LIMIT', unit: 6, number: 1, percentage: 124, nextResetTime: at(50 * H) },
      { type: 'TIME_LIMIT', unit: 5, number: 1, usage: 1000, currentValue: 40, remaining: 960, percentage: 4, nextResetTime: at(400 * H),
        usageDetails: [{ modelCode: 'search-prime', usage: 20 }, { modelCode: 'web-reader', usage: 15 }, { modelCode: 'zread', usage: 5 }] },
    ],
  },
};

export const zhipuPlatformError = { code: 1001, success: false, msg: 'This API is only available to coding plan subscribers' };

/** D: team edition credits, same shape as C. */
export const zhipuTeamQuota = {
  code: 200, msg: 'Operation successful', success: true,
  data: {
    level: 'team',
    limits: [
      { type: 'CREDIT_LIMIT', unit: 3, number: 5, usage: 1000, currentValue: 120, remaining: 880, percentage: 12, nextResetTime: at(2 * H) },
      { type: 'CREDIT_LIMIT', unit: 6, number: 1, usage: 20000, currentValue: 19000, remaining: 1000, percentage: 95, nextResetTime: at(30 * H) },
    ],
  },
};

export const zhipuTeamSubscription = { success: true, data: { productName: 'GLM Coding Team Pro', expireTime: '2026-12-31T00:00:00Z', autoRenew: false } };

/** E: LiteLLM `/key/info` (info_key_fn). */
export const litellmInfo = {
  key: 'sk-abc',
  info: {
    key_name: 'sk-...x9Qa', key_alias: 'dev', spend: 1.23, max_budget: 10.0, expires: null, models: [], aliases: {}, config: {},
    user_id: 'u1', team_id: null, max_parallel_requests: null, metadata: {}, tpm_limit: null, rpm_limit: 60,
    budget_duration: '30d', budget_reset_at: '2026-09-01T00:00:00Z', allowed_cache_controls: [], permissions: {},
    model_spend: {}, model_max_budget: {}, blocked: null, created_at: '2026-08-01T00:00:00Z', updated_at: '2026-08-01T00:00:00Z', litellm_budget_table: null,
  },
};

const TIME_FIELDS = new Set(['start_time', 'end_time', 'weekly_start_time', 'weekly_end_time', 'nextResetTime']);

/** The same answer as if it were given at `now` instead of NOW (for tests that run on the real clock). */
export function shifted<T>(value: T, now: Date = new Date()): T {
  const offset = now.getTime() - NOW.getTime();
  const walk = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (typeof v === 'number' && TIME_FIELDS.has(key)) return v + offset;
    if (typeof v === 'string' && key === 'resetTime') return new Date(Date.parse(v) + offset).toISOString();
    return v;
  };
  return walk(value) as T;
}
