import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface StateDirSpec {
  /** Environment variable that overrides the directory, e.g. `MODELPROXY_DIR`. */
  envVar: string;
  /** Directory name under the home directory, e.g. `.modelproxy`. */
  defaultName: string;
}

export function resolveStateDir(spec: StateDirSpec, env: Record<string, string | undefined> = process.env): string {
  const override = env[spec.envVar];
  if (override && override.trim()) return resolve(expandHome(override.trim(), env));
  return join(homeOf(env), spec.defaultName);
}

export function ensureStateDir(spec: StateDirSpec, env: Record<string, string | undefined> = process.env): string {
  const dir = resolveStateDir(spec, env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function expandHome(path: string, env: Record<string, string | undefined> = process.env): string {
  if (path === '~') return homeOf(env);
  if (path.startsWith('~/')) return join(homeOf(env), path.slice(2));
  return path;
}

function homeOf(env: Record<string, string | undefined>): string {
  return env.HOME || homedir();
}
