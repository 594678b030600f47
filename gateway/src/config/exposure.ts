import { readFileSync, statSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ConfigError } from '@devhub/shared';
import type { GatewayConfig } from './schema';

const SET_KEY = 'set api_key in config.yaml or GW_API_KEY (a long random string, e.g. `openssl rand -hex 32`)';

/**
 * What a server must not start without a key (README "Security model"): a chat bridge drives
 * sessions from outside this machine, and the Feishu webhook is reached through a reverse proxy or
 * tunnel, whose requests arrive from loopback. Without a key nothing but the allow-lists would
 * stand between them and a shell.
 */
export function keylessExposure(config: Pick<GatewayConfig, 'api_key' | 'bridge'>): string[] {
  if (config.api_key) return [];
  const problems: string[] = [];
  const feishu = config.bridge?.feishu;
  if (feishu?.enabled) {
    const why = feishu.mode === 'long_connection'
      ? 'a chat bridge drives sessions from outside this machine'
      : 'its webhook is reached through a reverse proxy or tunnel, which makes remote requests look local';
    problems.push(`api_key: required when bridge.feishu.enabled is true (${why}); ${SET_KEY}`);
  }
  if (config.bridge?.telegram?.enabled) {
    problems.push(`api_key: required when bridge.telegram.enabled is true (a chat bridge drives sessions from outside this machine); ${SET_KEY}`);
  }
  return problems;
}

/** Refuses to serve such a config: ConfigError, so the CLI exits 2 with every problem listed. */
export function refuseKeylessExposure(config: GatewayConfig): void {
  const problems = keylessExposure(config);
  if (problems.length > 0) throw new ConfigError(config.config_file, problems);
}

/** Secrets config.yaml may hold: the API key, the chat bots' credentials, the webhooks' URLs (their paths carry tokens). */
const SECRET_PATHS: readonly (readonly string[])[] = [
  ['api_key'], ['bridge', 'telegram', 'bot_token'], ['bridge', 'feishu', 'app_secret'],
  ['bridge', 'feishu', 'verification_token'], ['bridge', 'feishu', 'encrypt_key'],
];

/**
 * What to say when config.yaml holds a secret and others can read it, or null. The gateway makes
 * its own directory and file for this user only, but a file written by hand, copied in, or in a
 * directory that already existed keeps whatever mode it got (often 0644), and whoever reads the
 * API key can type into every session.
 */
export function configFileExposure(path: string): string | null {
  let mode: number;
  let parsed: unknown;
  try {
    mode = statSync(path).mode & 0o777;
    if ((mode & 0o044) === 0) return null;
    parsed = parseYaml(readFileSync(path, 'utf8'));
  } catch {
    return null; // no file, or one the loader already refused
  }
  const held = SECRET_PATHS.filter((p) => nonEmpty(valueAt(parsed, p))).map((p) => p.join('.'));
  const webhooks = valueAt(parsed, ['notify', 'webhooks']);
  if (Array.isArray(webhooks) && webhooks.length > 0) held.push('notify.webhooks');
  if (held.length === 0) return null;
  const who = mode & 0o004 ? 'every user of this machine' : 'its group';
  return `${path} is readable by ${who} (mode ${mode.toString(8).padStart(3, '0')}) and holds ${held.join(', ')}; run: chmod 600 ${path}`;
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
