import { displayUrl, readPidFile, resolveStateDir, runningPid } from '@devhub/shared';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Env } from './env';

/** Where modelproxy keeps config.yaml, modelproxy.pid and listen.json (proxy README: "Files"). */
export const modelproxyDir = (env: Env): string => resolveStateDir({ envVar: 'MODELPROXY_DIR', defaultName: '.modelproxy' }, env);

export interface ModelproxyTarget {
  url: string;
  /** `server.auth_token`, or a placeholder the proxy replaces anyway when it has none. */
  token: string;
  /** Whether the address came from a running proxy (listen.json) rather than its config. */
  running: boolean;
}

const DEFAULT = { host: '127.0.0.1', port: 8765 };
/** Any token works against a proxy without `server.auth_token`: it swaps in its own vendor keys. */
const NO_TOKEN = 'modelproxy';

/**
 * The address and client token of the local modelproxy, read from its own files so one line of
 * gateway config (`preset: modelproxy`) follows the proxy wherever it listens: the address a running
 * proxy recorded in `listen.json` (only while its `modelproxy.pid` is live), else
 * MODELPROXY_HOST/PORT, else `server.host`/`server.port` of its config.yaml, else 127.0.0.1:8765.
 */
export function modelproxyTarget(env: Env): ModelproxyTarget {
  const dir = modelproxyDir(env);
  const server = readServerSection(join(dir, 'config.yaml'));
  const recorded = recordedAddress(dir);
  const host = recorded?.host ?? (env.MODELPROXY_HOST?.trim() || stringOr(server.host, DEFAULT.host));
  const envPort = Number(env.MODELPROXY_PORT);
  const port = recorded?.port ?? (env.MODELPROXY_PORT?.trim() && Number.isInteger(envPort) ? envPort : intOr(server.port, DEFAULT.port));
  const token = stringOr(server.auth_token, '') || NO_TOKEN;
  return { url: displayUrl(host, port), token, running: recorded !== null };
}

function readServerSection(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const doc = parse(readFileSync(file, 'utf8')) as { server?: unknown } | null;
    return doc && typeof doc.server === 'object' && doc.server ? doc.server as Record<string, unknown> : {};
  } catch {
    return {}; // the proxy reports its own broken config; the defaults are the best guess here
  }
}

function recordedAddress(dir: string): { host: string; port: number } | null {
  const file = join(dir, 'listen.json');
  const pidFile = join(dir, 'modelproxy.pid');
  if (!existsSync(file)) return null;
  try {
    const rec = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown; port?: unknown };
    const pid = runningPid(pidFile);
    if (pid === null || rec.pid !== pid || readPidFile(pidFile) !== pid) return null;
    return typeof rec.host === 'string' && Number.isInteger(rec.port) ? { host: rec.host, port: rec.port as number } : null;
  } catch {
    return null;
  }
}

const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' && value.trim() ? value.trim() : fallback);
const intOr = (value: unknown, fallback: number): number => (Number.isInteger(value) ? value as number : fallback);
