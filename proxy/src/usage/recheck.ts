import type { KeyEntry, Provider, ProxyConfig } from '../config';
import { probe, probeModelFor } from './adapters/probe';

/** The re-check of a refused key waits at most this long for its answer. */
export const RECHECK_TIMEOUT_MS = 30_000;
/** The cheapest Messages request that still needs a valid key (the same as doctor's check). */
const RECHECK_MAX_TOKENS = 1;

/**
 * Asks the upstream whether a key that was refused (401/402/403) is accepted again: one `hi` with
 * max_tokens 1, to a model a route sends to this provider. `status` null: no answer.
 */
export async function recheckKey(config: ProxyConfig, providerName: string, provider: Provider, entry: KeyEntry): Promise<{ status: number | null; text: string }> {
  const result = await probe({ baseUrl: provider.base_url, key: entry.key, model: probeModelFor(config, providerName), timeoutMs: RECHECK_TIMEOUT_MS, maxTokens: RECHECK_MAX_TOKENS, format: provider.format });
  return { status: result.status ?? null, text: result.text };
}
