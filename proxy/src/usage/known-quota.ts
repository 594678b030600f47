import type { Logger } from '@devhub/shared';
import { isPlaceholderKey, type ProxyConfig } from '../config';
import { MAX_REST_MS, type KeyPool } from '../upstream/key-pool';
import { fingerprint, readCache, recordRest, type KnownQuota, type KnownRest } from './cache';
import { emptyUntil } from './reset';

/**
 * Whether a used-up window `serve` remembered (usage-cache.json `rests`, see KeyPool.onQuotaRest)
 * still holds: it has not ended, and no quota reading taken after it began shows room again.
 */
function restRemembered(rest: KnownRest | undefined, quota: KnownQuota | undefined, now: Date): rest is KnownRest {
  if (!rest || !(Date.parse(rest.until) > now.getTime())) return false;
  return !(quota && Date.parse(quota.checked_at) > Date.parse(rest.since) && emptyUntil(quota, now) === null);
}

/**
 * Rests every key whose last known quota (what `modelproxy usage` read, kept in the usage cache)
 * shows an empty window, until that window resets: such a key would only answer "limit reached";
 * a newer reading that shows room again ends such a rest. A used-up window serve learned from a
 * vendor's answer before it restarted (`rests`) rests its key again. Returns how many keys it rested. The cache is read here, never on a request.
 */
export function restKnownEmptyKeys(config: ProxyConfig, pool: KeyPool, cachePath: string, log: Logger, now = new Date(pool.now())): number {
  const { cache, problem } = readCache(cachePath);
  if (problem) log.warn(problem);
  const known = cache.quota ?? {};
  let rested = 0;
  for (const [name, provider] of Object.entries(config.providers)) {
    provider.api_keys.forEach((entry, i) => {
      if (isPlaceholderKey(entry.key)) return;
      const id = fingerprint(entry.key);
      const quota = known[id];
      const rest = cache.rests?.[id];
      if (restRemembered(rest, quota, now) && pool.restEmpty(name, entry.key, Date.parse(rest.until))) {
        rested++;
        // The pool caps a rest at MAX_REST_MS: say the rest it applied, not the stored date.
        const applied = new Date(Math.min(Date.parse(rest.until), pool.now() + MAX_REST_MS)).toISOString();
        log.info(`${name}#${i + 1}: its plan window was used up (${rest.since}); still resting until ${applied}`);
      }
      if (!quota) return;
      const until = emptyUntil(quota, now);
      if (until === null) {
        if (pool.liftQuotaRest(name, entry.key, Date.parse(quota.checked_at))) log.info(`${name}#${i + 1}: its quota reading of ${quota.checked_at} shows room again; no longer resting`);
        return;
      }
      if (!pool.restEmpty(name, entry.key, until)) return;
      rested++;
      log.info(`${name}#${i + 1}: its last known quota (modelproxy usage, ${quota.checked_at}) is used up; resting until ${new Date(until).toISOString()}`);
    });
  }
  return rested;
}

/**
 * Keeps every used-up plan window the pool learns from a vendor's answer in the usage cache
 * (`rests`, by fingerprint), written off the request path, so that `restKnownEmptyKeys` rests the
 * key again after a restart, even one after kill -9.
 */
export function rememberQuotaRests(pool: KeyPool, cachePath: string, log: Logger): void {
  pool.onQuotaRest = (_name, key, until, since) => {
    setTimeout(() => {
      const problem = recordRest(cachePath, fingerprint(key), { until: new Date(until).toISOString(), since: new Date(since).toISOString() });
      if (problem) log.warn(problem);
    }, 0);
  };
}
