import type { Logger } from '@devhub/shared';
import type { Provider } from '../config/schema';
import { NoUsableKey, ProxyError, UpstreamUnreachable } from './errors';
import type { Candidate, KeyPool } from './key-pool';

/**
 * Statuses that move on to the next key (plus connection errors and timeouts): auth and billing,
 * rate limits, 408 and every 5xx including 504, Cloudflare's 520–524 and Anthropic's 529.
 */
export const RETRYABLE_STATUSES = new Set([401, 402, 403, 408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524, 529]);

/**
 * One try with one key: success, or a retryable failure (status null = no answer at all);
 * `restMs` is how long the upstream asked the key to rest (Retry-After).
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number | null; reason: string; value?: T; restMs?: number };

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface FallbackOptions {
  providerName: string;
  provider: Provider;
  pool: KeyPool;
  /** Time allowed until the upstream's response headers. */
  timeoutMs: number;
  /** The client's request signal: a client that leaves stops the attempts. */
  clientSignal?: AbortSignal;
  /** Named in the error when the provider has no usable key. */
  configPath?: string;
  log: Logger;
}

export interface FallbackResult<T> {
  value: T;
  candidate: Candidate;
  attempts: number;
  /** True when every key failed and `value` is the last failure's answer. */
  failed: boolean;
}

/**
 * Tries the provider's keys in order until one succeeds. `tryKey` gets a signal that fires on the
 * header timeout or when the client leaves; once it returns, the timer is cleared, so a body that
 * is still streaming is never cut by it. Every failure cools its key down.
 */
export async function withKeyFallback<T>(options: FallbackOptions, tryKey: (candidate: Candidate, signal: AbortSignal) => Promise<Outcome<T>>): Promise<FallbackResult<T>> {
  const { providerName, pool, log } = options;
  const candidates = pool.candidates(providerName, options.provider);
  if (candidates.length === 0) throw new NoUsableKey(providerName, pool.emptyReason(providerName, options.provider), options.configPath);
  let last: { outcome: Outcome<T> & { ok: false }; candidate: Candidate } | null = null;
  let attempts = 0;
  for (const candidate of candidates) {
    if (options.clientSignal?.aborted) break;
    attempts++;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new Error(`no response within ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    const signal = options.clientSignal ? AbortSignal.any([options.clientSignal, timer.signal]) : timer.signal;
    let outcome: Outcome<T>;
    try {
      outcome = await tryKey(candidate, signal);
    } catch (error) {
      // A permanent failure (a redirect: base_url is wrong) is the same for every key.
      if (error instanceof ProxyError) throw error;
      const reason = timer.signal.aborted ? String((timer.signal.reason as Error)?.message ?? 'timeout') : errorText(error);
      outcome = { ok: false, status: null, reason };
    } finally {
      clearTimeout(timeout);
    }
    if (outcome.ok) {
      pool.succeed(providerName, candidate.entry.key);
      return { value: outcome.value, candidate, attempts, failed: false };
    }
    if (options.clientSignal?.aborted) break;
    pool.fail(providerName, candidate.entry.key, outcome.status, outcome.restMs);
    log.warn(`${providerName}#${candidate.index} failed (${outcome.status ?? 'no answer'}: ${outcome.reason}); ${attempts < candidates.length ? 'trying the next key' : 'no keys left'}`);
    last = { outcome, candidate };
  }
  if (last && last.outcome.value !== undefined) {
    return { value: last.outcome.value, candidate: last.candidate, attempts, failed: true };
  }
  throw new UpstreamUnreachable(providerName, attempts, last?.outcome.reason ?? 'client disconnected');
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
