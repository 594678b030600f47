import { displayUrl } from '@devhub/shared';
import { proxyUrl } from './_address';
import { type ProxyConfig } from '../config';
import { proxyPid } from './_owner';
import { existsSync } from 'node:fs';
import { installedServiceFile } from './service/detect';

export interface ServerState {
  running: boolean;
  pid: number | null;
  url: string;
  /** `/health` answer of the configured address, null when nothing answered. */
  health: string | null;
}

/** Is a proxy running? Its PID file, and whatever answers /health where it listens (or would). */
export async function serverState(config: ProxyConfig, dir: string): Promise<ServerState> {
  const pid = proxyPid(dir);
  let url: string;
  try {
    url = proxyUrl(config, {}, dir);
  } catch {
    // MODELPROXY_PORT=0 or a bad value names no address to ask; the configured one still can be.
    url = displayUrl(config.server.host, config.server.port);
  }
  const health = await healthOf(url);
  return { running: pid !== null || health !== null, pid, url, health };
}

export async function healthOf(url: string, timeoutMs = 1500): Promise<string | null> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    return typeof body?.status === 'string' ? body.status : `HTTP ${response.status}`;
  } catch {
    return null;
  }
}

export function describeServer(s: ServerState): string {
  if (!s.running) return `not running (${s.url}; start with: ${startAdvice()})`;
  const bits = [s.pid !== null ? `pid ${s.pid}` : null, s.health !== null ? `health ${s.health}` : 'no answer on /health'].filter(Boolean);
  return `running at ${s.url} (${bits.join(', ')})`;
}

/** How to start the proxy: `service start` only when a service is installed (it would only fail otherwise). */
export function startAdvice(): string {
  return existsSync(installedServiceFile()) ? 'modelproxy serve, or modelproxy service start' : 'modelproxy serve';
}
