import { ensureStateDir, resolveStateDir, type StateDirSpec } from '@devhub/shared';
import { join } from 'node:path';

export const STATE_DIR_SPEC: StateDirSpec = { envVar: 'MODELPROXY_DIR', defaultName: '.modelproxy' };

/** `~/.modelproxy`, or `$MODELPROXY_DIR`. */
export const stateDir = (env: Record<string, string | undefined> = process.env): string => resolveStateDir(STATE_DIR_SPEC, env);
export const ensureProxyStateDir = (env: Record<string, string | undefined> = process.env): string => ensureStateDir(STATE_DIR_SPEC, env);

export const configPath = (dir: string = stateDir()): string => join(dir, 'config.yaml');
export const requestsLogPath = (dir: string = stateDir()): string => join(dir, 'requests.jsonl');
export const usageCachePath = (dir: string = stateDir()): string => join(dir, 'usage-cache.json');
export const pidFilePath = (dir: string = stateDir()): string => join(dir, 'modelproxy.pid');
