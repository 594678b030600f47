import { ConfigError, readYaml } from '@devhub/shared';
import { statSync } from 'node:fs';
import { stringify } from 'yaml';
import { isPlaceholderKey, parseProxyConfig, type ProxyConfig } from '../../config';
import { migrateValue } from '../../migrations';

/**
 * Validates config text without touching the file: an older config_version is migrated in memory
 * first, so the answer is what the program would run with.
 */
export function checkConfigText(text: string, file: string): { config: ProxyConfig; fromVersion: number } {
  const raw = readYaml(file, text);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(file, ['(root): expected a mapping']);
  const { value, from } = migrateValue(raw as Record<string, any>, undefined, file);
  return { config: parseProxyConfig(stringify(value), file), fromVersion: from };
}

export function describeConfig(config: ProxyConfig): string {
  const keys = Object.values(config.providers).flatMap((p) => p.api_keys);
  const placeholders = keys.filter((k) => isPlaceholderKey(k.key)).length;
  const routes = config.routes.timed.length + config.routes.default.length;
  return `${Object.keys(config.providers).length} provider(s), ${keys.length} key(s)${placeholders ? ` (${placeholders} placeholder)` : ''}, ${routes} route(s)`;
}

/** The providers that routes send requests to (their own and their fallbacks). */
export function routedProviders(config: ProxyConfig): Set<string> {
  return new Set([...config.routes.timed, ...config.routes.default].flatMap((route) => [route.provider, ...(route.fallback ?? []).map((f) => f.provider)]));
}

/**
 * What a valid config may still get wrong: no routed provider with a real key (every request would
 * fail: `failing`), and a file others can read (it holds keys).
 */
export function configWarnings(config: ProxyConfig, path: string): { text: string; failing: boolean }[] {
  const warnings: { text: string; failing: boolean }[] = [];
  const routed = [...routedProviders(config)].filter((name) => config.providers[name]);
  const real = (name: string) => config.providers[name]!.api_keys.some((k) => !isPlaceholderKey(k.key));
  if (routed.length > 0 && !routed.some(real)) {
    warnings.push({ text: `every provider the routes name (${routed.join(', ')}) has only placeholder keys: every request fails with no_usable_key until you put a real key in ${path}`, failing: true });
  }
  const exposed = modeWarning(path);
  if (exposed) warnings.push({ text: exposed, failing: false });
  return warnings;
}

/** A config file others can read (it holds keys): what to say, or null. */
export function modeWarning(path: string): string | null {
  try {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o044) return `${path} is readable by ${mode & 0o004 ? 'every user' : 'its group'} (mode ${mode.toString(8).padStart(3, '0')}) and holds keys; run: chmod 600 ${path}`;
  } catch {
    // No file to look at (text checked in memory): nothing to say about its mode.
  }
  return null;
}
