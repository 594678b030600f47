import type { Logger } from '@devhub/shared';
import type { ProxyConfig } from '../config/schema';
import { probeModelFor } from '../usage/adapters';
import { knownQuota, readCache, recordQuota } from '../usage/cache';
import { readQuota, USAGE_TIMEOUT_MS } from '../usage/query';
import type { RequestRecord } from './db';
import { keyFingerprint } from './meter';

/**
 * Keeps the cached quota of the keys that serve requests fresh, so `statusline` can show it without
 * a network call of its own. Runs after the rows are written (never on a request's path), asks at
 * most once per key every `accounting.quota_refresh` seconds, one query per key at a time, and only
 * platforms with a quota query (a probe would spend tokens).
 */
export class QuotaRefresher {
  private readonly checked = new Map<string, number>();
  private readonly running = new Set<string>();
  private loaded = false;

  constructor(
    private readonly cachePath: string,
    private readonly config: () => ProxyConfig,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The rows just written; each key that served one may be due for a refresh. */
  served(rows: readonly RequestRecord[]): void {
    const config = this.config();
    const everyMs = config.accounting.quota_refresh * 1000;
    if (everyMs <= 0) return;
    this.load();
    for (const row of rows) {
      const fp = row.key_fp;
      if (fp === null || row.provider === null || row.key_index === null || this.running.has(fp)) continue;
      if (this.clock() - (this.checked.get(fp) ?? 0) < everyMs) continue;
      const provider = config.providers[row.provider];
      const entry = provider?.api_keys[row.key_index - 1];
      // The config may have changed since: only the key that served (same fingerprint) is asked about.
      if (!provider || !entry || keyFingerprint(entry.key) !== fp) continue;
      this.checked.set(fp, this.clock());
      this.running.add(fp);
      const now = new Date(this.clock());
      void readQuota(provider, entry, { timeoutMs: USAGE_TIMEOUT_MS, now, probeModel: probeModelFor(config, row.provider) })
        .then((reading) => {
          if (!reading) return;
          const problem = recordQuota(this.cachePath, fp, knownQuota(reading, now));
          if (problem) this.log.warn(`quota not cached: ${problem}`);
        })
        .finally(() => this.running.delete(fp));
    }
  }

  /** Whatever `usage` cached already counts as a check. */
  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    for (const [fp, entry] of Object.entries(readCache(this.cachePath).cache.quota ?? {})) {
      const at = Date.parse(entry.checked_at);
      if (Number.isFinite(at)) this.checked.set(fp, at);
    }
  }
}
