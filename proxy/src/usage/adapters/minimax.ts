import { UsageQueryFailed } from '../errors';
import { httpFailure, jsonObject, request } from '../http';
import type { AdapterReading } from '../model';
import { originOf } from '../select';
import { type Adapter, isRecord, makeWindow, num, resetStamp, round1 } from './common';

export const MINIMAX_PATH = '/v1/api/openplatform/coding_plan/remains';
/** The newer token-plan product answers the same shape here; tried when the first path is absent. */
export const MINIMAX_TOKEN_PLAN_PATH = '/v1/token_plan/remains';

/**
 * Platform A. Trap (MiniMax-M2#99, MiniMax-AI/cli#53): `*_usage_count` holds the *remaining* count.
 * Its meaning has changed between products, so `*_remaining_percent` wins whenever it is present.
 * Errors arrive as HTTP 200 with a non-zero `base_resp.status_code`.
 */
export const minimaxAdapter: Adapter = async (ctx) => {
  const get = (path: string) => request({
    url: `${originOf(ctx.baseUrl)}${path}`,
    headers: { authorization: `Bearer ${ctx.entry.key}`, accept: 'application/json' },
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    secrets: [ctx.entry.key],
  });
  let answer = await get(MINIMAX_PATH);
  if (answer.status === 404 || answer.status === 405) answer = await get(MINIMAX_TOKEN_PLAN_PATH);
  if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
  const body = jsonObject(answer);
  const base = isRecord(body.base_resp) ? body.base_resp : {};
  const code = num(base.status_code);
  if (code !== null && code !== 0) throw new UsageQueryFailed(`status ${code}: ${String(base.status_msg ?? 'error')}`);
  const remains = Array.isArray(body.model_remains) ? body.model_remains.filter(isRecord) : [];
  // Token-plan accounts list several models (general, video, image-01, …); `general` is the chat quota.
  const entry = remains.find((m) => m.model_name === 'general') ?? remains.find((m) => /minimax-m/i.test(String(m.model_name))) ?? remains[0];
  if (!entry) throw new UsageQueryFailed('no model_remains in the answer');
  return readEntry(entry, ctx.now);
};

function readEntry(m: Record<string, any>, now: Date): AdapterReading {
  const interval = readWindow(now, {
    percent: num(m.current_interval_remaining_percent),
    remaining: num(m.current_interval_usage_count),
    total: num(m.current_interval_total_count),
    end: num(m.end_time) ?? withOffset(now, num(m.remains_time)),
    start: num(m.start_time),
    fallbackHours: 5,
  });
  const weeklyActive = m.current_weekly_status === undefined || num(m.current_weekly_status) === 1;
  const weekly = readWindow(now, {
    percent: weeklyActive ? num(m.current_weekly_remaining_percent) : null,
    remaining: weeklyActive ? num(m.current_weekly_usage_count) : null,
    total: weeklyActive ? num(m.current_weekly_total_count) : null,
    end: num(m.weekly_end_time) ?? withOffset(now, num(m.weekly_remains_time)),
    start: num(m.weekly_start_time),
    fallbackHours: 168,
  });
  return {
    method: 'minimax coding plan',
    plan: null,
    five_hour: interval.window,
    weekly: weekly.window,
    lines: [
      `model: ${String(m.model_name ?? '?')}`,
      'plan: ?',
      `5h window remaining ${interval.text} (reset ${resetStamp(interval.end)})`,
      `weekly remaining ${weekly.text} (reset ${resetStamp(weekly.end)})`,
    ],
  };
}

interface WindowInput {
  percent: number | null;
  remaining: number | null;
  total: number | null;
  end: number | null;
  start: number | null;
  fallbackHours: number;
}

function readWindow(now: Date, w: WindowInput) {
  const counted = w.total !== null && w.total > 0 && w.remaining !== null;
  const percent = w.percent ?? (counted ? (w.remaining! / w.total!) * 100 : null);
  const hours = w.start !== null && w.end !== null && w.end > w.start ? round1((w.end - w.start) / 3_600_000) : w.fallbackHours;
  const used = counted ? `${w.total! - w.remaining!}/${w.total}` : percent !== null ? `${round1(100 - percent)}%` : undefined;
  const text = counted ? `${w.remaining}/${w.total}` : percent !== null ? `${round1(percent)}%` : '?';
  return { window: makeWindow(percent, w.end, now, { window_hours: hours, used }), text, end: w.end };
}

const withOffset = (now: Date, ms: number | null): number | null => (ms === null ? null : now.getTime() + ms);
