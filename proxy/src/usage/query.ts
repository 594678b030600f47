import { maskKey, redact } from '@devhub/shared';
import { isPlaceholderKey, type KeyEntry, type Provider, type ProxyConfig } from '../config';
import { ADAPTERS, probe, probeModelFor } from './adapters';
import { fingerprint, knownQuota, readCache, writeCache, type CacheEntry, type UsageCache } from './cache';
import { UsageQueryFailed } from './errors';
import { type AdapterReading, type KeyResult, type ProviderResult, unknownWindow } from './model';
import { selectAdapter } from './select';

/** Spec Limits: 15 seconds per key. */
export const USAGE_TIMEOUT_MS = 15_000;
export const PROBE_MAX_TOKENS = 128;

export interface CollectOptions {
  config: ProxyConfig;
  cachePath: string;
  force?: boolean;
  timeoutMs?: number;
  now?: () => Date;
  /** Reports a problem that does not stop the run (e.g. an unreadable cache file). */
  warn?: (message: string) => void;
}

export interface Collected {
  providers: ProviderResult[];
  skipped: number;
}

/**
 * How long a cached failure spares a key the network: long enough that a broken key does not cost
 * every run a timeout, short enough that a vendor's outage or a fixed account shows by itself.
 */
export const FAILURE_CACHE_TTL_MS = 6 * 3_600_000;

/** Queries every configured key one after another (README "usage and status"), honouring the failure cache. */
export async function collectUsage(options: CollectOptions): Promise<Collected> {
  const now = options.now ?? (() => new Date());
  const { cache, problem } = readCache(options.cachePath);
  if (problem) options.warn?.(problem);
  let dirty = false;
  // Keys whose quota this run read (the rest of `quota`, and `rests`, are serve's meanwhile).
  const touched = new Set<string>();
  let skipped = 0;
  const providers: ProviderResult[] = [];
  for (const [name, provider] of Object.entries(options.config.providers)) {
    const keys: KeyResult[] = [];
    for (const [i, entry] of provider.api_keys.entries()) {
      if (isPlaceholderKey(entry.key)) {
        keys.push(placeholderResult(i + 1, entry));
        continue;
      }
      const id = fingerprint(entry.key);
      const cached = cache.entries[id];
      if (cached && !options.force && now().getTime() - Date.parse(cached.checked_at) < FAILURE_CACHE_TTL_MS) {
        skipped++;
        keys.push(cachedResult(i + 1, entry, cached));
        continue;
      }
      const probeModel = probeModelFor(options.config, name);
      const at = now();
      const { result, cacheEntry } = await queryKey(i + 1, entry, provider, { timeoutMs: options.timeoutMs ?? USAGE_TIMEOUT_MS, now: at, probeModel });
      dirty = updateCache(cache, id, cacheEntry) || dirty;
      if (result.entry.ok && result.entry.method !== 'probe') {
        dirty = rememberQuota(cache, id, result.entry, at) || dirty;
        touched.add(id);
      }
      keys.push(result);
    }
    providers.push({ provider: name, keys });
  }
  if (dirty) {
    // The cache only saves network calls: failing to write it must not lose the report.
    try {
      writeCache(options.cachePath, withNewerWrites(cache, options.cachePath, touched));
    } catch (error) {
      options.warn?.(`${options.cachePath}: not written (${(error as Error).message})`);
    }
  }
  return { providers, skipped };
}

interface QueryContext {
  timeoutMs: number;
  now: Date;
  probeModel: string;
}

/** Dedicated query first; when it fails (or the platform has none) one probe decides. */
async function queryKey(index: number, entry: KeyEntry, provider: Provider, ctx: QueryContext): Promise<{ result: KeyResult; cacheEntry: CacheEntry | null }> {
  const adapterName = selectAdapter(provider, entry);
  let adapterError: string | null = null;
  if (adapterName !== 'probe') {
    try {
      // One deadline for the whole dedicated query (MiniMax's second path, Zhipu's subscription call).
      const reading = await ADAPTERS[adapterName]({ baseUrl: provider.base_url, entry, signal: AbortSignal.timeout(ctx.timeoutMs), ...ctx });
      const result = base(index, entry, { ok: true, method: reading.method, plan: reading.plan, five_hour: reading.five_hour, weekly: reading.weekly });
      return { result: { ...result, lines: reading.lines }, cacheEntry: null };
    } catch (error) {
      adapterError = error instanceof UsageQueryFailed ? error.reason : redact(`internal error: ${(error as Error).message}`, [entry.key]);
    }
  }
  const probed = await probe({ baseUrl: provider.base_url, key: entry.key, model: ctx.probeModel, timeoutMs: ctx.timeoutMs, maxTokens: PROBE_MAX_TOKENS, format: provider.format });
  const failedText = adapterError === null ? null : `${adapterName} failed (${adapterError})`;
  const lines = [...(failedText ? [failedText] : []), `probe: ${probed.text}`];
  const summary = lines.join('; ');
  const result = { ...base(index, entry, { ok: probed.ok, method: 'probe', adapter_error: adapterError }), summary, lines };
  const errorFree = adapterError === null && probed.ok;
  const cacheEntry: CacheEntry | null = errorFree
    ? null
    : { kind: probed.ok ? 'usable' : 'failure', method: 'probe', adapter_error: adapterError, text: summary, checked_at: ctx.now.toISOString() };
  return { result, cacheEntry };
}

/**
 * What to write after a run that took seconds: a running `serve` may have written the file
 * meanwhile (a key's quota after it served, a used-up window under `rests`). Those are kept; this
 * run's failure entries and the quota it read win.
 */
function withNewerWrites(cache: UsageCache, path: string, touched: Set<string>): UsageCache {
  const disk = readCache(path).cache;
  const quota = { ...disk.quota, ...Object.fromEntries([...touched].map((id) => [id, cache.quota![id]!])) };
  return { ...cache, quota, ...(disk.rests ? { rests: disk.rests } : {}) };
}

/** Spec state table: a failed re-query updates the entry; a fully clean one removes it. */
function updateCache(cache: UsageCache, id: string, entry: CacheEntry | null): boolean {
  if (entry) {
    cache.entries[id] = entry;
    return true;
  }
  if (!(id in cache.entries)) return false;
  delete cache.entries[id];
  return true;
}

/** Keeps the windows a dedicated query read, for `serve` to skip a key whose window is empty. */
function rememberQuota(cache: UsageCache, id: string, entry: KeyResult['entry'], at: Date): boolean {
  cache.quota ??= {};
  cache.quota[id] = knownQuota(entry, at);
  return true;
}

function base(index: number, entry: KeyEntry, fields: Partial<KeyResult['entry']>): KeyResult {
  return {
    entry: {
      index,
      key: maskKey(entry.key),
      note: entry.note ?? '',
      ok: false,
      skipped: false,
      method: 'none',
      adapter_error: null,
      plan: null,
      five_hour: unknownWindow(5),
      weekly: unknownWindow(),
      ...fields,
    },
    placeholder: false,
    summary: null,
    cachedAt: null,
    lines: [],
  };
}

function placeholderResult(index: number, entry: KeyEntry): KeyResult {
  const text = 'placeholder key, not queried (fill it in config.yaml)';
  return { ...base(index, entry, { method: 'none', adapter_error: text }), placeholder: true, summary: text, lines: [text] };
}

function cachedResult(index: number, entry: KeyEntry, cached: CacheEntry): KeyResult {
  const result = base(index, entry, { ok: cached.kind === 'usable', skipped: true, method: cached.method, adapter_error: cached.adapter_error });
  const at = new Date(cached.checked_at);
  return { ...result, summary: cached.text, cachedAt: Number.isNaN(at.getTime()) ? new Date(0) : at, lines: [cached.text] };
}

/**
 * One key's quota from its platform's own query, for `serve`'s background refresh: null when the
 * platform has none (a probe costs tokens and is never sent for this) or the query failed.
 */
export async function readQuota(provider: Provider, entry: KeyEntry, options: { timeoutMs: number; now: Date; probeModel: string }): Promise<AdapterReading | null> {
  const name = selectAdapter(provider, entry);
  if (name === 'probe' || isPlaceholderKey(entry.key)) return null;
  try {
    return await ADAPTERS[name]({ baseUrl: provider.base_url, entry, signal: AbortSignal.timeout(options.timeoutMs), ...options });
  } catch {
    return null;
  }
}
