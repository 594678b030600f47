import { UsageQueryFailed } from '../errors';
import { httpFailure, jsonObject, request } from '../http';
import { trimBase } from '../select';
import { type Adapter, isRecord, makeWindow, num, parseTime, resetStamp, show } from './common';

const UNIT_MINUTES: Record<string, number> = {
  TIME_UNIT_SECOND: 1 / 60,
  TIME_UNIT_MINUTE: 1,
  TIME_UNIT_HOUR: 60,
  TIME_UNIT_DAY: 1440,
  TIME_UNIT_WEEK: 10080,
};

/**
 * Platform B: `GET {base}/v1/usages`. Numbers arrive as strings; `usage` is the weekly quota and
 * `limits[]` are rolling windows identified by duration (300 minutes = the 5-hour window).
 * Either `used` or `remaining` may be missing (kimi-cli computes one from the other).
 */
export const kimiAdapter: Adapter = async (ctx) => {
  const answer = await request({
    url: `${trimBase(ctx.baseUrl)}/v1/usages`,
    headers: { authorization: `Bearer ${ctx.entry.key}`, accept: 'application/json' },
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    secrets: [ctx.entry.key],
  });
  if (answer.status === 404) throw new UsageQueryFailed('HTTP 404: not a Kimi Code key');
  if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
  const body: Record<string, any> = jsonObject(answer);
  if (!isRecord(body.usage) && !Array.isArray(body.limits)) throw new UsageQueryFailed('no usage in the answer');
  const plan = typeof body.user?.membership?.level === 'string' ? body.user.membership.level : null;
  const weekly = readQuota(isRecord(body.usage) ? body.usage : {});
  const rolling = (Array.isArray(body.limits) ? body.limits.filter(isRecord) : []).map((l) => ({
    minutes: windowMinutes(l.window),
    quota: readQuota(isRecord(l.detail) ? l.detail : {}),
  }));
  const fiveHour = rolling.find((r) => r.minutes === 300);
  const parallel = num(body.parallel?.limit ?? body.parallel_limit);
  const weeklyWindow = toWindow(weekly, ctx.now, 168);
  const fiveWindow = fiveHour ? toWindow(fiveHour.quota, ctx.now, 5) : makeWindow(null, null, ctx.now, { window_hours: 5 });
  return {
    method: 'kimi usages',
    plan,
    five_hour: fiveWindow,
    weekly: weeklyWindow,
    lines: [
      `plan: ${show(plan)}`,
      `weekly remaining ${show(weekly.remaining)}/${show(weekly.limit)} (reset ${resetStamp(weekly.reset)})`,
      ...rolling.map((r) => `${label(r.minutes)} remaining ${show(r.quota.remaining)}/${show(r.quota.limit)} (reset ${resetStamp(r.quota.reset)})`),
      ...(fiveHour ? [] : ['5h window remaining ?/? (reset ?)']),
      `parallel limit: ${show(parallel)}`,
    ],
  };
};

function readQuota(q: Record<string, any>) {
  const limit = num(q.limit);
  let used = num(q.used);
  let remaining = num(q.remaining);
  if (remaining === null && limit !== null && used !== null) remaining = limit - used;
  if (used === null && limit !== null && remaining !== null) used = limit - remaining;
  return { limit, used, remaining, reset: parseTime(q.resetTime ?? q.reset_time) };
}

function toWindow(q: ReturnType<typeof readQuota>, now: Date, hours: number) {
  const percent = q.limit !== null && q.limit > 0 && q.remaining !== null ? (q.remaining / q.limit) * 100 : null;
  const used = q.limit !== null && q.used !== null ? `${q.used}/${q.limit}` : undefined;
  return makeWindow(percent, q.reset, now, { window_hours: hours, used });
}

function windowMinutes(window: unknown): number | null {
  if (!isRecord(window)) return null;
  const duration = num(window.duration);
  const unit = UNIT_MINUTES[String(window.timeUnit)];
  return duration === null || unit === undefined ? null : duration * unit;
}

function label(minutes: number | null): string {
  if (minutes === null) return 'window';
  if (minutes % 60 === 0) return `${minutes / 60}h window`;
  return `${minutes}m window`;
}
