import type { ProxyConfig } from '../config/schema';
import { isPlaceholderKey } from '../config/placeholder';

/**
 * What `serve` warns about at start and after every reload: providers whose keys are all
 * placeholders, routes that send requests to such a provider (those requests fail with
 * no_usable_key until the config is edited), and, loudest, when no routed provider has a usable
 * key at all (the first-run config: every request fails until a key is filled in).
 */
export function keyWarnings(config: ProxyConfig, configPath: string): string[] {
  const unusable = Object.entries(config.providers)
    .filter(([, provider]) => provider.api_keys.every((entry) => isPlaceholderKey(entry.key)))
    .map(([name]) => name);
  const routed = new Set([...config.routes.timed, ...config.routes.default].flatMap((route) => [route.provider, ...(route.fallback ?? []).map((f) => f.provider)]));
  const warnings = unusable.map((name) => routed.has(name)
    ? `provider "${name}" has only placeholder keys and routes name it: they pass over it (and fail when no other provider can serve) until you edit ${configPath}`
    : `provider "${name}" has only placeholder keys (edit ${configPath} to use it)`);
  if (routed.size > 0 && [...routed].every((name) => unusable.includes(name))) {
    warnings.push(`no usable key: every provider the routes name has only placeholder keys, so every request fails with no_usable_key until you put a real key in ${configPath} (then reload)`);
  }
  return warnings;
}
