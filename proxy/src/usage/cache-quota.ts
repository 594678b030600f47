import { existsSync, readFileSync } from 'node:fs';
import type { KnownQuota } from './cache';

/**
 * One key's cached quota from usage-cache.json, for `statusline`, which runs on every Claude Code
 * refresh: it reads one entry without loading the schema validator (cache.ts checks the whole
 * file against `UsageCache` for every other reader). An entry that is not a `KnownQuota` is none.
 */
export function cachedQuota(path: string, fingerprint: string): KnownQuota | null {
  if (!existsSync(path)) return null;
  try {
    const entry: unknown = (JSON.parse(readFileSync(path, 'utf8')) as { quota?: Record<string, unknown> })?.quota?.[fingerprint];
    return isKnownQuota(entry) ? entry : null;
  } catch {
    return null;
  }
}

const isWindow = (w: unknown): boolean => {
  const v = w as { remaining_percent?: unknown; reset_at?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.remaining_percent === 'number' && (v.reset_at === null || typeof v.reset_at === 'string');
};

function isKnownQuota(value: unknown): value is KnownQuota {
  const v = value as Partial<Record<keyof KnownQuota, unknown>> | null;
  return typeof v === 'object' && v !== null && isWindow(v.five_hour) && isWindow(v.weekly) && typeof v.checked_at === 'string';
}
