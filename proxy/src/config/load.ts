import { ConfigError, loadConfig, parseConfig, writeFileAtomic } from '@devhub/shared';
import { existsSync } from 'node:fs';
import { DEFAULT_CONFIG_YAML } from './default-config';
import { isLoopbackHost } from './listen';
import { CONFIG_VERSION, ProxyConfig, type Route } from './schema';

export interface LoadOptions {
  /** Write the commented default when the file is missing (default true). */
  create?: boolean;
}

/**
 * Reads and validates `config.yaml`, reporting every bad path at once (ConfigError). The first run
 * writes the commented default (atomically, mode 0600: the file holds keys).
 */
export function loadProxyConfig(path: string, options: LoadOptions = {}): ProxyConfig {
  if (!existsSync(path)) {
    if (options.create === false) throw new ConfigError(path, ['file not found']);
    writeDefaultConfig(path);
  }
  return loadConfig(path, { schema: ProxyConfig, check: checkProxyConfig, hint: configHint, required: true });
}

/** Validates config text already in memory (e.g. before an atomic rewrite). */
export function parseProxyConfig(text: string, file = 'config.yaml'): ProxyConfig {
  return parseConfig(file, text, { schema: ProxyConfig, check: checkProxyConfig, hint: configHint });
}

/** Writes the default config if none exists; returns whether it wrote one. */
export function writeDefaultConfig(path: string): boolean {
  if (existsSync(path)) return false;
  writeFileAtomic(path, DEFAULT_CONFIG_YAML, { mode: 0o600 });
  return true;
}

/** Clearer words for common mistakes in the schema's problems (the key itself is never echoed). */
export function configHint(path: string, value: unknown): string | null {
  if (/^providers\.[^.]+\.api_keys\[\d+\]$/.test(path) && typeof value === 'string') {
    return `${path}: an entry of api_keys is an object: write { key: … } instead of a bare string`;
  }
  if (/\.schedule\.(from|to)$/.test(path)) return `${path}: expected a 24-hour time "HH:MM" such as "09:00" (got ${JSON.stringify(value)})`;
  return null;
}

/** Checks the schema cannot express; each problem names its path. */
export function checkProxyConfig(config: ProxyConfig): string[] {
  const problems: string[] = [];
  if (config.config_version > CONFIG_VERSION) {
    problems.push(`config_version: ${config.config_version} is newer than this program understands (${CONFIG_VERSION}); update modelproxy`);
  }
  if (!isLoopbackHost(config.server.host) && !config.server.allow_remote) {
    problems.push(`server.host: ${config.server.host} is not a loopback address; set server.allow_remote: true to expose the proxy (and set server.auth_token)`);
  }
  for (const [name, provider] of Object.entries(config.providers)) {
    if (!isHttpUrl(provider.base_url)) problems.push(`providers.${name}.base_url: expected an http(s) URL, got "${provider.base_url}"`);
  }
  const names = new Set(Object.keys(config.providers));
  const checkProvider = (path: string, provider: string) => {
    if (!names.has(provider)) problems.push(`${path}: unknown provider "${provider}" (configured: ${[...names].join(', ') || 'none'})`);
  };
  const checkRoute = (path: string, route: Route) => {
    checkProvider(`${path}.provider`, route.provider);
    route.fallback?.forEach((target, i) => checkProvider(`${path}.fallback[${i}].provider`, target.provider));
    const regexError = regexProblem(route.match);
    if (regexError) problems.push(`${path}.match: invalid regular expression: ${regexError}`);
  };
  config.routes.timed.forEach((route, i) => {
    const path = `routes.timed[${i}]`;
    checkRoute(path, route);
    if (!isTimeZone(route.schedule.tz)) problems.push(`${path}.schedule.tz: unknown time zone "${route.schedule.tz}" (expected an IANA name such as Europe/Berlin)`);
    if (route.schedule.from === route.schedule.to) problems.push(`${path}.schedule: from and to are equal, the window is empty`);
  });
  config.routes.default.forEach((route, i) => checkRoute(`routes.default[${i}]`, route));
  const last = config.routes.default.at(-1);
  if (!last || last.match !== '.*') {
    problems.push(`routes.default: the last default route must be the catch-all { match: ".*", provider: … }`);
  }
  return problems;
}

function regexProblem(source: string): string | null {
  try {
    new RegExp(source, 'i');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
