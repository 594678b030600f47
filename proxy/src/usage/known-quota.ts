import type { Logger } from '@devhub/shared';
import { isPlaceholderKey, type ProxyConfig } from '../config';
import type { KeyPool } from '../upstream/key-pool';
import { fingerprint, readCache } from './cache';
import { emptyUntil } from './reset';

/**
 * Rests every key whose last known quota (what `modelproxy usage` read, kept in the usage cache)
 * shows an empty window, until that window resets: such a key would only answer "limit reached";
 * a newer reading that shows room again ends such a rest. Returns how many keys it rested. The cache is read here, never on a request.
 */
export function restKnownEmptyKeys(config: ProxyConfig, pool: KeyPool, cachePath: string, log: Logger, now = new Date(pool.now())): number {
  const { cache, problem } = readCache(cachePath);
  if (problem) log.warn(problem);
  const known = cache.quota ?? {};
  let rested = 0;
  for (const [name, provider] of Object.entries(config.providers)) {
    provider.api_keys.forEach((entry, i) => {
      if (isPlaceholderKey(entry.key)) return;
      const quota = known[fingerprint(entry.key)];
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
