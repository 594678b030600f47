import type { KeyEntry } from '../../config';
import type { AdapterReading, UsageWindow } from '../model';

export interface AdapterContext {
  baseUrl: string;
  entry: KeyEntry;
  timeoutMs: number;
  /** Fires `timeoutMs` after the key's query began: every request of one adapter shares it. */
  signal: AbortSignal;
  now: Date;
  /** Model used by the probe (the provider's routed model, when one is configured). */
  probeModel: string;
}

export type Adapter = (ctx: AdapterContext) => Promise<AdapterReading>;

/** Builds a window from a remaining percent and an absolute reset moment (epoch ms). */
export function makeWindow(
  percent: number | null,
  resetMs: number | null,
  now: Date,
  extra: { window_hours?: number; used?: string } = {},
): UsageWindow {
  const valid = resetMs !== null && Number.isFinite(resetMs);
  return {
    remaining_percent: percent === null || !Number.isFinite(percent) ? 0 : round1(clamp(percent, 0, 100)),
    remaining_seconds: valid ? Math.max(0, Math.round((resetMs - now.getTime()) / 1000)) : null,
    reset_at: valid ? isoWithOffset(new Date(resetMs)) : null,
    ...(extra.window_hours === undefined ? {} : { window_hours: extra.window_hours }),
    ...(extra.used === undefined ? {} : { used: extra.used }),
  };
}

/** ISO 8601 in UTC with an explicit `+00:00` offset (`usage --json` promises a UTC offset, not `Z`). */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Verbose reset stamp `MM-DD HH:MM` in local time; `?` when unknown. */
export function resetStamp(resetMs: number | null): string {
  if (resetMs === null || !Number.isFinite(resetMs)) return '?';
  const d = new Date(resetMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Platforms send numbers as numbers or strings (Kimi); anything else is unknown. */
export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

export const show = (value: number | string | null | undefined): string => (value === null || value === undefined ? '?' : String(value));

export const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));
export const round1 = (n: number): number => Math.round(n * 10) / 10;

export const isRecord = (value: unknown): value is Record<string, any> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** Epoch ms from an ISO string (Kimi sends RFC 3339 with up to nanoseconds). */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || !value) return null;
  const trimmed = value.replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(trimmed);
  return Number.isFinite(ms) ? ms : null;
}
