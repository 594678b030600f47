import type { ProxyConfig } from '../config/schema';
import { isPlaceholderKey } from '../config/placeholder';

/**
 * What `serve` warns about at start and after every reload: providers whose keys are all
 * placeholders, and routes that send requests to such a provider (those requests fail with
 * no_usable_key until the config is edited).
 */
export function keyWarnings(config: ProxyConfig, configPath: string): string[] {
  const unusable = Object.entries(config.providers)
    .filter(([, provider]) => provider.api_keys.every((entry) => isPlaceholderKey(entry.key)))
    .map(([name]) => name);
  const routed = new Set([...config.routes.timed, ...config.routes.default].flatMap((route) => [route.provider, ...(route.fallback ?? []).map((f) => f.provider)]));
  return unusable.map((name) => routed.has(name)
    ? `provider "${name}" has only placeholder keys and routes name it: they pass over it (and fail when no other provider can serve) until you edit ${configPath}`
    : `provider "${name}" has only placeholder keys (edit ${configPath} to use it)`);
}
