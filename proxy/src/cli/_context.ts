import { configPath, ensureProxyStateDir, loadProxyConfig, type ProxyConfig } from '../config';
import { migrateConfigFile } from '../migrations';
import { printErr } from './_args';

export interface CliContext {
  dir: string;
  path: string;
  config: ProxyConfig;
}

/**
 * State dir + config for a command: migrate an older config first (backup, step by step, atomic),
 * then load and validate it (the first run writes the commented default). Errors are ConfigError
 * (exit 2).
 */
export function loadContext(): CliContext {
  const dir = ensureProxyStateDir();
  const path = configPath(dir);
  const migrated = migrateConfigFile(path);
  if (migrated) printErr(`config migrated v${migrated.from} → v${migrated.to} (backup: ${migrated.backup})`);
  return { dir, path, config: loadProxyConfig(path) };
}
