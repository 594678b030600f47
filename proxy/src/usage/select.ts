import type { KeyEntry, Provider, UsageAdapterName } from '../config';

/**
 * Platform markers: host substrings, first match wins. D (team edition) needs a
 * bigmodel.cn host *and* a key entry with organization and project; F hosts are probe-only.
 */
const MARKERS: { adapter: UsageAdapterName; hosts: string[]; when?: (entry: KeyEntry) => boolean }[] = [
  { adapter: 'minimax', hosts: ['minimax'] },
  { adapter: 'kimi', hosts: ['kimi.com'] },
  { adapter: 'zhipu_team', hosts: ['bigmodel.cn'], when: (entry) => Boolean(entry.organization && entry.project) },
  { adapter: 'zhipu', hosts: ['bigmodel.cn', 'z.ai'] },
  { adapter: 'litellm', hosts: ['litellm'] },
  { adapter: 'probe', hosts: ['deepseek.com', 'moonshot.cn', 'anthropic.com'] },
];

export function selectAdapter(provider: Pick<Provider, 'base_url' | 'usage_adapter'>, entry: KeyEntry): UsageAdapterName {
  if (provider.usage_adapter) return provider.usage_adapter;
  const host = hostOf(provider.base_url);
  for (const marker of MARKERS) {
    if (marker.hosts.some((h) => host.includes(h)) && (!marker.when || marker.when(entry))) return marker.adapter;
  }
  return 'probe';
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Usage and image hosts are the bare origin of a chat base such as `https://api.minimaxi.com/anthropic`. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** The base without a trailing slash (Kimi's `{base}/v1/usages`, the probe's `{base}/v1/messages`). */
export function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
