import type { TimeFormat } from '../model';

/** Spec summary output: dhm omits leading zero units; hours has one decimal; minutes is whole. */
export function countdown(seconds: number | null, format: TimeFormat): string {
  if (seconds === null) return '—';
  const s = Math.max(0, seconds);
  if (format === 'hours') return `${(s / 3600).toFixed(1)}h`;
  if (format === 'minutes') return `${Math.floor(s / 60)}m`;
  return dhm(s);
}

export function dhm(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m`;
}

/** How long ago a cached result was taken: seconds below a minute, then dhm. */
export function age(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds}s` : dhm(seconds);
}

/** Percent with at most one decimal: 96, 33.3, 0.5. */
export const percent = (value: number): string => `${Math.round(value * 10) / 10}`;
