// Subpaths, not the package index: `statusline` loads this on every Claude Code refresh (see cli/index.ts).
import { AppError } from '@devhub/shared/errors';
import { ensureStateDir, resolveStateDir, type StateDirSpec } from '@devhub/shared/state-dir';
import { join } from 'node:path';

export const STATE_DIR_SPEC: StateDirSpec = { envVar: 'MODELPROXY_DIR', defaultName: '.modelproxy' };

/** `~/.modelproxy`, or `$MODELPROXY_DIR`. */
export const stateDir = (env: Record<string, string | undefined> = process.env): string => resolveStateDir(STATE_DIR_SPEC, env);
export class StateDirUnavailable extends AppError {
  constructor(dir: string, reason: string) {
    super('STATE_DIR_UNAVAILABLE', 500, `cannot create the state directory ${dir} (${reason}); set MODELPROXY_DIR to a writable folder`);
  }
}

export function ensureProxyStateDir(env: Record<string, string | undefined> = process.env): string {
  try {
    return ensureStateDir(STATE_DIR_SPEC, env);
  } catch (error) {
    throw new StateDirUnavailable(stateDir(env), (error as NodeJS.ErrnoException).code ?? (error as Error).message);
  }
}

export const configPath = (dir: string = stateDir()): string => join(dir, 'config.yaml');
export const requestsLogPath = (dir: string = stateDir()): string => join(dir, 'requests.jsonl');
/** Per-request accounting (tokens, latency) for `stats` and `statusline`: SQLite, WAL. */
export const requestsDbPath = (dir: string = stateDir()): string => join(dir, 'requests.db');
/** What `settings apply` replaced in Claude Code's settings.json, for `settings remove`. */
export const settingsRestorePath = (dir: string = stateDir()): string => join(dir, 'settings-restore.json');
export const usageCachePath = (dir: string = stateDir()): string => join(dir, 'usage-cache.json');
export const pidFilePath = (dir: string = stateDir()): string => join(dir, 'modelproxy.pid');
/** Where a running `serve` records the address it actually listens on (it may differ from config.yaml). */
export const listenFilePath = (dir: string = stateDir()): string => join(dir, 'listen.json');
