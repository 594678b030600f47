import { ConfigError, maskUrlPasswords } from '@devhub/shared';
import { existsSync, readFileSync } from 'node:fs';
import { CONFIG_VERSION, configPath, isPlaceholderKey, type ProxyConfig } from '../../config';
import { healthOf, startAdvice } from '../_running';
import { checkConfigText, configWarnings, describeConfig, routedProviders } from '../config/check';
import { installedServiceFile } from '../service/detect';
import { claudeSettingsPath, readSettings } from '../settings/file';
import { proxyAddress } from '../_address';
import { pointsHere, proxyUrl } from '../settings/managed';
import type { CheckResult } from './model';

/**
 * Read-only: unlike other commands, doctor never writes the default config or migrates. An older
 * config_version is migrated in memory, so its problems are reported as the program would see them.
 */
export function checkConfig(dir: string): { result: CheckResult; config: ProxyConfig | null } {
  const path = configPath(dir);
  if (!existsSync(path)) return { result: { status: 'fail', name: 'config', detail: `${path} does not exist (any other command writes the default)` }, config: null };
  try {
    const { config, fromVersion } = checkConfigText(readFileSync(path, 'utf8'), path);
    if (fromVersion >= 0 && fromVersion < CONFIG_VERSION) {
      return { result: { status: 'warn', name: 'config', detail: `${path} is config_version ${fromVersion} (valid after migration); run: modelproxy config migrate` }, config };
    }
    // A readable-by-others file is a warning here; placeholder keys are the keys checks' business.
    const exposed = configWarnings(config, path).filter((w) => !w.failing);
    if (exposed.length > 0) return { result: { status: 'warn', name: 'config', detail: exposed.map((w) => w.text).join('; ') }, config };
    return { result: { status: 'ok', name: 'config', detail: `${path}: ${describeConfig(config)}` }, config };
  } catch (error) {
    const detail = error instanceof ConfigError ? error.problems.join('; ') : (error as Error).message;
    return { result: { status: 'fail', name: 'config', detail: `${path}: ${detail}` }, config: null };
  }
}

/** A provider no route names is only a note: its placeholders hurt no request. */
export function checkKeys(config: ProxyConfig): CheckResult[] {
  const routed = routedProviders(config);
  return Object.entries(config.providers).map(([name, p]): CheckResult => {
    const real = p.api_keys.filter((k) => !isPlaceholderKey(k.key)).length;
    if (!routed.has(name)) return { status: 'skip', name: `keys ${name}`, detail: `no route uses this provider${real === 0 ? ' (every key is a placeholder)' : ''}` };
    if (real === 0) return { status: 'fail', name: `keys ${name}`, detail: `every key is a placeholder; fill in api_keys in config.yaml` };
    const placeholders = p.api_keys.length - real;
    return placeholders
      ? { status: 'warn', name: `keys ${name}`, detail: `${real} key(s), ${placeholders} placeholder(s) skipped` }
      : { status: 'ok', name: `keys ${name}`, detail: `${real} key(s)` };
  });
}

/** The port is fine when it is free or when the proxy itself answers there. */
export async function checkPort(config: ProxyConfig): Promise<CheckResult> {
  const { host, port, url } = proxyAddress(config);
  const health = await healthOf(url);
  if (health === 'ok') return { status: 'ok', name: 'port', detail: `${url}: the proxy is running and healthy` };
  if (health !== null) return { status: 'warn', name: 'port', detail: `${url}: something answers /health with ${health}` };
  try {
    const probe = Bun.listen({ hostname: host, port, socket: { data() {} } });
    probe.stop(true);
    return { status: 'ok', name: 'port', detail: `${url}: free (the proxy is not running; start it with ${startAdvice()})` };
  } catch (error) {
    return { status: 'fail', name: 'port', detail: `${url}: cannot listen there (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); another program holds it` };
  }
}

export function checkService(): CheckResult {
  const file = installedServiceFile();
  return existsSync(file)
    ? { status: 'ok', name: 'service', detail: `installed (${file})` }
    : { status: 'warn', name: 'service', detail: 'not installed (optional: modelproxy service install)' };
}

export function checkSettings(config: ProxyConfig): CheckResult {
  const path = claudeSettingsPath();
  try {
    const file = readSettings(path);
    if (!file.exists) return { status: 'warn', name: 'settings', detail: `${path} does not exist; run: modelproxy settings apply` };
    if (pointsHere(file.env, config)) {
      // With server.auth_token set, Claude Code must send that token: a stale one is refused with 401.
      const token = config.server.auth_token;
      if (token && file.env.ANTHROPIC_AUTH_TOKEN !== token) {
        return { status: 'fail', name: 'settings', detail: `${path}: ANTHROPIC_AUTH_TOKEN does not match server.auth_token (the proxy will answer 401); run: modelproxy settings apply` };
      }
      return { status: 'ok', name: 'settings', detail: `${path} points at ${proxyUrl(config)}` };
    }
    const now = file.env.ANTHROPIC_BASE_URL ? `ANTHROPIC_BASE_URL is ${maskUrlPasswords(file.env.ANTHROPIC_BASE_URL)}` : 'ANTHROPIC_BASE_URL is not set';
    return { status: 'warn', name: 'settings', detail: `${path}: ${now}; run: modelproxy settings apply` };
  } catch (error) {
    return { status: 'fail', name: 'settings', detail: (error as Error).message.split('\n').join(' ') };
  }
}
