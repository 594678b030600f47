// TypeBox itself rather than elysia's re-export, and a shared subpath: `statusline` reads this file
// on every Claude Code refresh and must not load the server's modules (see cli/index.ts).
import { writeJsonAtomic } from '@devhub/shared/atomic-write';
import { Type as t } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AdapterReading } from './model';

/**
 * Spec "Usage failure cache": one entry per key fingerprint (sha256 of the key, never the key),
 * holding the result text and when it was checked. `usable` = the dedicated query failed but the
 * probe worked; `failure` = both failed.
 */
export const CacheEntry = t.Object({
  kind: t.Union([t.Literal('usable'), t.Literal('failure')]),
  method: t.String(),
  adapter_error: t.Union([t.String(), t.Null()]),
  text: t.String(),
  checked_at: t.String(),
});
export type CacheEntry = typeof CacheEntry.static;

/** One window as last read: enough to know whether the key is empty and until when. */
export const KnownWindow = t.Object({
  remaining_percent: t.Number(),
  reset_at: t.Union([t.String({ description: 'ISO 8601' }), t.Null()]),
});

/**
 * The last quota a dedicated usage query read for a key (by fingerprint). `serve` rests a key
 * whose window is empty until that window's reset (a status line may show it too).
 */
export const KnownQuota = t.Object({
  five_hour: KnownWindow,
  weekly: KnownWindow,
  checked_at: t.String(),
});
export type KnownQuota = typeof KnownQuota.static;

/**
 * A used-up plan window `serve` learned from a vendor's answer (MiniMax 2056, Zhipu 1308…): the key
 * rests until `until`, across a restart. `since`: when the rest began (a newer quota reading that
 * shows room ends it).
 */
export const KnownRest = t.Object({
  until: t.String({ description: 'ISO 8601' }),
  since: t.String({ description: 'ISO 8601' }),
});
export type KnownRest = typeof KnownRest.static;

export const UsageCache = t.Object({
  version: t.Literal(1),
  entries: t.Record(t.String(), CacheEntry),
  quota: t.Optional(t.Record(t.String(), KnownQuota)),
  rests: t.Optional(t.Record(t.String(), KnownRest)),
});
export type UsageCache = typeof UsageCache.static;

export const fingerprint = (key: string): string => createHash('sha256').update(key).digest('hex');

export const emptyCache = (): UsageCache => ({ version: 1, entries: {} });

/** A missing or unreadable cache is an empty one: the cache only saves network calls. */
export function readCache(path: string): { cache: UsageCache; problem: string | null } {
  if (!existsSync(path)) return { cache: emptyCache(), problem: null };
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (Value.Check(UsageCache, value)) return { cache: value, problem: null };
    return { cache: emptyCache(), problem: `${path}: unexpected content, ignored` };
  } catch (error) {
    return { cache: emptyCache(), problem: `${path}: ${(error as Error).message}, ignored` };
  }
}

/** Mode 0600, atomic: the file names which keys failed even though it holds no key. */
export function writeCache(path: string, cache: UsageCache): void {
  writeJsonAtomic(path, cache, { mode: 0o600 });
}

/** What the cache keeps of a reading. */
export const knownQuota = (reading: Pick<AdapterReading, 'five_hour' | 'weekly'>, at: Date): KnownQuota => ({
  five_hour: { remaining_percent: reading.five_hour.remaining_percent, reset_at: reading.five_hour.reset_at },
  weekly: { remaining_percent: reading.weekly.remaining_percent, reset_at: reading.weekly.reset_at },
  checked_at: at.toISOString(),
});

/**
 * Stores one key's plan-window rest (and drops rests that have ended), re-reading the file first
 * like `recordQuota`. A failure is reported, not thrown.
 */
export function recordRest(path: string, id: string, rest: KnownRest, now = Date.now()): string | null {
  try {
    const { cache } = readCache(path);
    const live = Object.entries(cache.rests ?? {}).filter(([, r]) => Date.parse(r.until) > now);
    cache.rests = { ...Object.fromEntries(live), [id]: rest };
    writeCache(path, cache);
    return null;
  } catch (error) {
    return `${path}: not written (${(error as Error).message})`;
  }
}

/**
 * Stores one key's quota, re-reading the file first so that entries another process wrote since are
 * kept (serve and `usage` may both write). The cache only saves network calls: a failure is reported,
 * not thrown.
 */
export function recordQuota(path: string, id: string, entry: KnownQuota): string | null {
  try {
    const { cache } = readCache(path);
    cache.quota = { ...cache.quota, [id]: entry };
    writeCache(path, cache);
    return null;
  } catch (error) {
    return `${path}: not written (${(error as Error).message})`;
  }
}
