import { isPlaceholderKey, type ProxyConfig } from '../../config';
import { probe, probeModelFor } from '../../usage/adapters';
import type { CheckResult } from './model';

/** Spec Limits: the connectivity check asks for max_tokens 1. */
export const CONNECTIVITY_MAX_TOKENS = 1;

/** One `POST /v1/messages` per provider with its first real key. */
export async function checkUpstreams(config: ProxyConfig, timeoutMs: number): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [name, provider] of Object.entries(config.providers)) {
    const index = provider.api_keys.findIndex((k) => !isPlaceholderKey(k.key));
    if (index < 0) {
      results.push({ status: 'skip', name: `upstream ${name}`, detail: 'no real key to test with' });
      continue;
    }
    const model = probeModelFor(config, name);
    const answer = await probe({ baseUrl: provider.base_url, key: provider.api_keys[index]!.key, model, timeoutMs, maxTokens: CONNECTIVITY_MAX_TOKENS });
    results.push({ status: answer.ok ? 'ok' : 'fail', name: `upstream ${name}`, detail: `POST /v1/messages with key #${index + 1}: ${answer.text}` });
  }
  return results;
}
