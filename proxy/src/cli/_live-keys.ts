import type { ProxyConfig } from '../config';
import type { DashboardKey, DashboardState } from '../modules/dashboard/model';
import { whenText } from '../upstream/rest-text';

/**
 * Each key's live state as the running proxy knows it (its dashboard API, with the client token
 * when one is set); null when no proxy answers there.
 */
export async function liveKeys(url: string, config: ProxyConfig, timeoutMs = 1500): Promise<DashboardKey[] | null> {
  try {
    const token = config.server.auth_token;
    const res = await fetch(`${url}/dashboard/api/state`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual', headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) return null;
    return ((await res.json()) as DashboardState).keys;
  } catch {
    return null;
  }
}

/** `  minimax#1 sk-c***0001  resting (plan window used up) until 17:05 local time (in 3 h 5 min)`. */
export function liveKeyLines(keys: DashboardKey[], now = Date.now()): string[] {
  const width = Math.max(...keys.map((k) => `${k.provider}#${k.index} ${k.key}`.length));
  return keys.map((k) => {
    const name = `${k.provider}#${k.index} ${k.key}`.padEnd(width);
    const word = k.state === 'exhausted' ? 'resting' : k.state;
    const state = k.reason && k.state !== 'placeholder' ? `${word} (${k.reason})` : word;
    return `  ${name}  ${state}${k.until ? ` until ${whenText(Date.parse(k.until), now)}` : ''}`;
  });
}
