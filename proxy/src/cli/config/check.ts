import { ConfigError } from '@devhub/shared';
import { parseDocument, stringify } from 'yaml';
import { isPlaceholderKey, parseProxyConfig, type ProxyConfig } from '../../config';
import { migrateValue } from '../../migrations';

/**
 * Validates config text without touching the file: an older config_version is migrated in memory
 * first, so the answer is what the program would run with.
 */
export function checkConfigText(text: string, file: string): { config: ProxyConfig; fromVersion: number } {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) return { config: parseProxyConfig(text, file), fromVersion: -1 };
  const raw: unknown = doc.toJS() ?? {};
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
