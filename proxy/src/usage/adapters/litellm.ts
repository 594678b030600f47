import { UsageQueryFailed } from '../errors';
import { httpFailure, jsonObject, request } from '../http';
import { trimBase } from '../select';
import { type Adapter, isRecord, makeWindow, num, parseTime, resetStamp, round1, show } from './common';

/**
 * Platform E: LiteLLM `GET /key/info` reports on the key in the header. Remaining = max_budget −
 * spend; a null max_budget is unlimited; `blocked: true` is a dead key. The budget period
 * (`budget_duration`, e.g. `30d`) has no 5-hour or weekly meaning, so it is reported in the
 * `weekly` slot with its real length in `window_hours`.
 */
export const litellmAdapter: Adapter = async (ctx) => {
  const answer = await request({
    url: `${trimBase(ctx.baseUrl).replace(/\/anthropic$/, '')}/key/info`,
    headers: { authorization: `Bearer ${ctx.entry.key}`, accept: 'application/json' },
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    secrets: [ctx.entry.key],
  });
  if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
  const body = jsonObject(answer);
  if (!isRecord(body.info)) throw new UsageQueryFailed('no info in the answer');
  const info = body.info;
  if (info.blocked === true) throw new UsageQueryFailed('key is blocked');
  const spend = num(info.spend) ?? 0;
  const budget = num(info.max_budget);
  const hours = durationHours(info.budget_duration);
  const reset = parseTime(info.budget_reset_at);
  const remaining = budget === null ? null : budget - spend;
  const percent = budget === null ? 100 : budget > 0 ? (remaining! / budget) * 100 : 0;
  const plan = budget === null ? 'unlimited budget' : `budget $${money(budget)}${info.budget_duration ? `/${info.budget_duration}` : ''}`;
  return {
    method: 'litellm key info',
    plan,
    five_hour: makeWindow(null, null, ctx.now, { window_hours: 5 }),
    weekly: makeWindow(percent, reset, ctx.now, { ...(hours === null ? {} : { window_hours: hours }), used: `$${money(spend)}` }),
    lines: [
      `plan: ${plan}`,
      `budget remaining ${remaining === null ? 'unlimited' : `$${money(remaining)}`} of ${budget === null ? 'unlimited' : `$${money(budget)}`}, spent $${money(spend)} (reset ${resetStamp(reset)})`,
      `rate limits: tpm ${show(num(info.tpm_limit))}, rpm ${show(num(info.rpm_limit))}`,
      `parallel limit: ${show(num(info.max_parallel_requests))}`,
      ...(info.key_alias ? [`alias: ${String(info.key_alias)}`] : []),
    ],
  };
};

const money = (n: number): string => n.toFixed(2);

/** LiteLLM durations: `30s`, `30m`, `24h`, `30d`, `1mo`. */
function durationHours(value: unknown): number | null {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(s|m|h|d|mo)$/.exec(value.trim()) : null;
  if (!match) return null;
  const n = Number(match[1]);
  const factor: Record<string, number> = { s: 1 / 3600, m: 1 / 60, h: 1, d: 24, mo: 720 };
  return round1(n * factor[match[2]!]!);
}
