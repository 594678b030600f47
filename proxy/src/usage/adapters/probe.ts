import { redact } from '@devhub/shared';
import type { ProxyConfig } from '../../config';
import { UsageQueryFailed } from '../errors';
import { errorMessage, request } from '../http';
import { trimBase } from '../select';

/** Asked for when no route names an upstream model for the provider. */
const FALLBACK_PROBE_MODEL = 'claude-sonnet-4-5';

/** The upstream model a route sends to this provider, so a probe asks for a model it serves. */
export function probeModelFor(config: ProxyConfig, provider: string): string {
  return [...config.routes.default, ...config.routes.timed].find((r) => r.provider === provider && r.model)?.model ?? FALLBACK_PROBE_MODEL;
}

export interface ProbeResult {
  ok: boolean;
  text: string;
  /** The HTTP status the upstream answered; absent when it did not answer (timeout, unreachable). */
  status?: number;
}

export interface ProbeSpec {
  baseUrl: string;
  key: string;
  model: string;
  timeoutMs: number;
  /** 128 for the usage probe, 1 for doctor's connectivity check and serve's re-check of a refused key. */
  maxTokens: number;
  /** The provider's wire format: `openai` probes `{base_url}/chat/completions` with a Bearer key. */
  format?: 'anthropic' | 'openai';
}

/**
 * A minimal Messages request: 200 = usable; 401/403 invalid key; 402/429 exhausted; 5xx, 529
 * and timeouts unknown or transient.
 */
export async function probe(spec: ProbeSpec): Promise<ProbeResult> {
  try {
    const openai = spec.format === 'openai';
    const answer = await request({
      url: openai ? `${trimBase(spec.baseUrl)}/chat/completions` : `${trimBase(spec.baseUrl)}/v1/messages`,
      method: 'POST',
      headers: openai
        ? { authorization: `Bearer ${spec.key}`, 'content-type': 'application/json' }
        : { 'x-api-key': spec.key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model: spec.model, max_tokens: spec.maxTokens, messages: [{ role: 'user', content: 'hi' }] }),
      timeoutMs: spec.timeoutMs,
      secrets: [spec.key],
    });
    if (answer.status >= 200 && answer.status < 300) return { ok: true, text: `ok (HTTP ${answer.status})`, status: answer.status };
    const message = errorMessage(answer.text);
    return { ok: false, text: `${classify(answer.status)} (HTTP ${answer.status}${message ? `: ${message}` : ''})`, status: answer.status };
  } catch (error) {
    // A probe never ends the run: whatever went wrong is this key's result.
    if (error instanceof UsageQueryFailed) return { ok: false, text: error.reason };
    return { ok: false, text: redact(`error: ${(error as Error).message}`, [spec.key]) };
  }
}

function classify(status: number): string {
  if (status === 401 || status === 403) return 'invalid key';
  if (status === 402 || status === 429) return 'exhausted';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}
