import { isPlaceholderKey, type ProxyConfig } from '../../config';
import { probe, probeModelFor } from '../../usage/adapters';
import { routedProviders } from '../config/check';
import type { CheckResult } from './model';

/** Spec Limits: the connectivity check asks for max_tokens 1. */
export const CONNECTIVITY_MAX_TOKENS = 1;

/**
 * One `POST /v1/messages` per real key of each provider a route uses (a key that fails serves no
 * request, so each is worth knowing about); the keys are probed at once. Providers no route names
 * are not probed.
 */
export async function checkUpstreams(config: ProxyConfig, timeoutMs: number): Promise<CheckResult[]> {
  const routed = routedProviders(config);
  const checks: Promise<CheckResult>[] = [];
  for (const [name, provider] of Object.entries(config.providers)) {
    if (!routed.has(name)) continue;
    const keys = provider.api_keys.flatMap((k, i) => (isPlaceholderKey(k.key) ? [] : [{ key: k.key, index: i + 1 }]));
    if (keys.length === 0) {
      checks.push(Promise.resolve({ status: 'skip', name: `upstream ${name}`, detail: 'no real key to test with' }));
      continue;
    }
    const model = probeModelFor(config, name);
    const path = provider.format === 'openai' ? 'POST /chat/completions' : 'POST /v1/messages';
    for (const { key, index } of keys) {
      checks.push(probe({ baseUrl: provider.base_url, key, model, timeoutMs, maxTokens: CONNECTIVITY_MAX_TOKENS, format: provider.format })
        .then((answer): CheckResult => ({ status: answer.ok ? 'ok' : 'fail', name: `upstream ${name}`, detail: `${path} with key #${index}: ${answer.text}` })));
    }
  }
  return Promise.all(checks);
}
