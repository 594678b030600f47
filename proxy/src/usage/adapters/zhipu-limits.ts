import { UsageQueryFailed } from '../errors';
import { httpFailure, jsonObject, type HttpAnswer } from '../http';
import type { UsageWindow } from '../model';
import { clamp, isRecord, makeWindow, num, resetStamp, round1, show } from './common';

/** `unit`: 3 = hours, 6 = weeks, 5 = months (Zhipu quota API). */
const UNIT_HOURS: Record<number, number> = { 3: 1, 5: 720, 6: 168 };

export interface ZhipuLimit {
  type: string;
  hours: number | null;
  /** `percentage` is the *used* share; it can exceed 100, so it is clamped. */
  usedPercent: number | null;
  reset: number | null;
  total: number | null;
  used: number | null;
  remaining: number | null;
}

/** Success is `data.limits` being present: `code` varies between captures and cannot be trusted. */
export function readLimits(answer: HttpAnswer): { level: string | null; limits: ZhipuLimit[] } {
  if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer);
  const body = jsonObject(answer);
  if (body.success === false || !isRecord(body.data) || !Array.isArray(body.data.limits)) {
    throw new UsageQueryFailed(`platform error: ${String(body.msg ?? body.message ?? 'no limits in the answer')}`);
  }
  const limits = body.data.limits.filter(isRecord).map((l): ZhipuLimit => {
    const unit = num(l.unit);
    const count = num(l.number);
    return {
      type: String(l.type ?? '?'),
      hours: unit !== null && count !== null && UNIT_HOURS[unit] !== undefined ? UNIT_HOURS[unit]! * count : null,
      usedPercent: num(l.percentage),
      reset: num(l.nextResetTime),
      total: num(l.usage),
      used: num(l.currentValue),
      remaining: num(l.remaining),
    };
  });
  return { level: typeof body.data.level === 'string' ? body.data.level : null, limits };
}

/** Chat quotas are TOKENS_LIMIT or CREDIT_LIMIT; TIME_LIMIT is the monthly tool (MCP) quota. */
export function pickWindow(limits: ZhipuLimit[], hours: number): ZhipuLimit | undefined {
  return limits.find((l) => l.type !== 'TIME_LIMIT' && l.hours === hours);
}

export function toWindow(limit: ZhipuLimit | undefined, now: Date, hours: number): UsageWindow {
  if (!limit) return makeWindow(null, null, now, { window_hours: hours });
  const used = limit.usedPercent === null ? null : clamp(limit.usedPercent, 0, 100);
  const usedText = limit.total !== null && limit.used !== null ? `${limit.used}/${limit.total}` : used === null ? undefined : `${round1(used)}%`;
  return makeWindow(used === null ? null : 100 - used, limit.reset, now, { window_hours: hours, used: usedText });
}

export function windowName(hours: number | null): string {
  if (hours === 5) return '5h window';
  if (hours === 168) return 'weekly';
  if (hours === 720) return 'monthly';
  return hours === null ? 'window' : `${hours}h window`;
}

/** Personal edition: `5h window used 24% (reset 06-18 05:13)`. */
export function percentLine(limit: ZhipuLimit): string {
  const name = limit.type === 'TIME_LIMIT' ? `${windowName(limit.hours)} tool calls` : windowName(limit.hours);
  const counts = limit.total !== null ? ` (${show(limit.used)}/${limit.total})` : '';
  return `${name} used ${show(limit.usedPercent)}%${counts} (reset ${resetStamp(limit.reset)})`;
}

/** Team edition: `5h window: used 120/1000 credits (12%), reset 06-18 05:13`. */
export function creditLine(limit: ZhipuLimit): string {
  return `${windowName(limit.hours)}: used ${show(limit.used)}/${show(limit.total)} credits (${show(limit.usedPercent)}%), reset ${resetStamp(limit.reset)}`;
}
