import type { Logger } from '@devhub/shared';
import type { Provider } from '../config/schema';
import { KeysResting, NoUsableKey, ProxyError, UpstreamUnreachable } from './errors';
import { firstBack, type ProviderRests } from './rest-text';
import type { Candidate, KeyPool } from './key-pool';
import type { QuotaWindow } from './quota';

/**
 * One try with one key: success, or a retryable failure (status null = no answer at all);
 * `restUntil` is when the upstream said the key may be tried again (epoch ms on the key pool's
 * clock: a stated window reset, or Retry-After);
 * `quota`: the vendor said the key's plan window is used up.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number | null; reason: string; value?: T; restUntil?: number; quota?: QuotaWindow };

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How long an attempt runs before the client's signal is watched (see withFailover). */
export const CLIENT_WATCH_MS = 20;

/**
 * The longest delay one timer can count (2^31 - 1 ms, about 24.8 days): a longer one fires after
 * 1 ms, which made an upstream_timeout of 3000000 s fail every key at once.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A provider whose keys may serve a request. */
export interface KeyTarget {
  name: string;
  provider: Provider;
}

export interface FallbackOptions {
  pool: KeyPool;
  /** Time allowed until the upstream's response headers. */
  timeoutMs: number;
  /** The client's request signal: a client that leaves stops the attempts. */
  clientSignal?: AbortSignal;
  /**
   * A key still silent (no response headers) when the client leaves counts as failed once the
   * client had waited this long for it (server.client_abort_grace); a quicker cancel does not. Default 0.
   */
  abortGraceMs?: number;
  /** Named in the error when the provider has no usable key. */
  configPath?: string;
  /**
   * Every target of the route in its order, those left out for having no usable key now included:
   * when every tried key only cooled briefly, their long rests still make the answer keys_resting.
   */
  routeTargets?: readonly KeyTarget[];
  log: Logger;
  /** A try with a key failed and the request moves on (accounting counts it against that key). */
  onFailure?: (target: KeyTarget, candidate: Candidate, status: number | null) => void;
  /** A key's plan window is used up and the answer did not say until when (ask the usage adapter). */
  onExhausted?: (target: KeyTarget, candidate: Candidate, window: QuotaWindow) => void;
}

export interface FallbackResult<T, X extends KeyTarget = KeyTarget> {
  value: T;
  /** The provider that gave `value`. */
  target: X;
  candidate: Candidate;
  attempts: number;
  /** True when every key failed and `value` is the last failure's answer. */
  failed: boolean;
}

type Attempt<X> = { target: X; candidate: Candidate };

/** Tries one provider's keys in order until one succeeds (see withFailover). */
export function withKeyFallback<T>(options: FallbackOptions & { providerName: string; provider: Provider }, tryKey: (candidate: Candidate, signal: AbortSignal) => Promise<Outcome<T>>): Promise<FallbackResult<T>> {
  return withFailover([{ name: options.providerName, provider: options.provider }], options, (attempt, signal) => tryKey(attempt.candidate, signal));
}

/**
 * Tries the targets' keys until one succeeds: first every key free now, target by target (so a
 * provider whose keys all fail or cool down hands over to the next target), then the keys that
 * were cooling, in the same order (better a try than a certain error). `tryKey` gets a signal
 * that fires on the header timeout or when the client leaves; once it returns, the timer is
 * cleared, so a body that is still streaming is never cut by it. Every failure cools its key,
 * including a key that had not answered when the client gave up (after `abortGraceMs`): a client
 * whose own timeout is no longer than ours would otherwise retry a hung key forever.
 * A ProxyError from `tryKey` (a redirect: base_url is wrong) rules out the rest of that target.
 */
export async function withFailover<T, X extends KeyTarget>(targets: readonly X[], options: FallbackOptions, tryKey: (attempt: Attempt<X>, signal: AbortSignal) => Promise<Outcome<T>>): Promise<FallbackResult<T, X>> {
  const { pool, log } = options;
  const queue: Attempt<X>[] = [];
  let later: Attempt<X>[] | null = null;
  for (let t = 0; t < targets.length; t++) {
    const target = targets[t]!;
    const { ready, waiting } = pool.split(target.name, target.provider);
    for (let k = 0; k < ready.length; k++) queue.push({ target, candidate: ready[k]! });
    for (let k = 0; k < waiting.length; k++) (later ??= []).push({ target, candidate: waiting[k]! });
  }
  if (later) for (let k = 0; k < later.length; k++) queue.push(later[k]!);
  if (queue.length === 0) {
    throw new NoUsableKey(targets.map((t) => ({ name: t.name, reason: pool.emptyReason(t.name, t.provider) })), undefined, options.configPath);
  }
  let answered: { outcome: Outcome<T> & { ok: false }; attempt: Attempt<X> } | null = null;
  let lastReason = 'client disconnected';
  let broken: ProxyError | null = null;
  let ruledOut: Set<X> | null = null; // made when a target is first ruled out (rarely)
  let attempts = 0;
  let lastBrief = false;
  // Keys refused (401–403) or out of quota earlier in this request rest: another target of the same
  // provider (a fallback with another model) does not try them again.
  let refused: Set<string> | null = null;
  for (let i = 0; i < queue.length; i++) {
    const attempt = queue[i]!;
    if (options.clientSignal?.aborted) break;
    if (ruledOut?.has(attempt.target)) continue;
    if (refused?.has(`${attempt.target.name}\0${attempt.candidate.entry.key}`)) continue;
    const { target, candidate } = attempt;
    attempts++;
    // One controller for both causes: a listener on the client's signal costs less per request than AbortSignal.any.
    const timer = new AbortController();
    const client = options.clientSignal;
    const onClientAbort = () => timer.abort(client!.reason);
    const began = performance.now();
    // The call leaves in tryKey's synchronous first step; the timer is armed just after it, so the
    // request is on its way a few microseconds sooner.
    let pending: Promise<Outcome<T>>;
    try {
      pending = tryKey(attempt, timer.signal);
    } catch (error) {
      pending = Promise.reject(error); // a tryKey that throws before its first await fails like one that rejects
    }
    // One timer per attempt. It first starts watching the client: an abort listener on the client's
    // signal costs a few microseconds, which an upstream that answers within CLIENT_WATCH_MS never
    // needs (a client that left before then is seen when the watch starts). Then it bounds the wait.
    let watching = false;
    const expire = () => {
      const rest = options.timeoutMs - (performance.now() - began);
      // A timer counts at most MAX_TIMER_MS (a longer one fires at once): a longer wait is made of several.
      if (rest > 0) timeout = setTimeout(expire, Math.min(rest, MAX_TIMER_MS));
      else timer.abort(new Error(`no response within ${options.timeoutMs / 1000} s`));
    };
    let timeout = setTimeout(() => {
      watching = true;
      if (client?.aborted) onClientAbort();
      else client?.addEventListener('abort', onClientAbort); // no { once }: it is removed below
      expire();
    }, Math.min(CLIENT_WATCH_MS, options.timeoutMs));
    let outcome: Outcome<T>;
    try {
      outcome = await pending;
    } catch (error) {
      if (error instanceof ProxyError) {
        // A permanent failure (a redirect: base_url is wrong) is the same for every key of the target.
        broken = error;
        (ruledOut ??= new Set()).add(target);
        log.warn(`${target.name}#${candidate.index}: ${error.message}; ${nextStep(queue, i, ruledOut, target)}`);
        continue;
      }
      if (client?.aborted) {
        const waited = performance.now() - began;
        // A quick cancel (the user pressed Esc) says nothing about the key.
        if (waited < (options.abortGraceMs ?? 0)) break;
        outcome = { ok: false, status: null, reason: `no answer in ${seconds(waited)} s before the client gave up` };
      } else {
        const reason = timer.signal.aborted ? String((timer.signal.reason as Error)?.message ?? 'timeout') : errorText(error);
        outcome = { ok: false, status: null, reason };
      }
    } finally {
      clearTimeout(timeout);
      if (watching) client?.removeEventListener('abort', onClientAbort);
    }
    if (outcome.ok) {
      pool.succeed(target.name, candidate.entry.key);
      return { value: outcome.value, target, candidate, attempts, failed: false };
    }
    pool.fail(target.name, candidate.entry.key, outcome.status, outcome.restUntil, outcome.quota !== undefined);
    const keyLevel = outcome.quota !== undefined || (outcome.status !== null && outcome.status >= 401 && outcome.status <= 403);
    if (keyLevel) (refused ??= new Set()).add(`${target.name}\0${candidate.entry.key}`);
    options.onFailure?.(target, candidate, outcome.status);
    if (outcome.quota && outcome.restUntil === undefined) options.onExhausted?.(target, candidate, outcome.quota);
    const next = client?.aborted ? 'the client left, no further key is tried' : nextStep(queue, i, ruledOut, target, refused);
    log.warn(`${target.name}#${candidate.index} failed (${outcome.status ?? 'no answer'}: ${outcome.reason}); ${next}`);
    lastReason = outcome.reason;
    lastBrief = !keyLevel;
    if (client?.aborted) break;
    if (outcome.value !== undefined) answered = { outcome, attempt };
  }
  // The last key only cooled briefly while others rest for long: say so rather than hand on a bare 429.
  if (lastBrief && !options.clientSignal?.aborted && !broken) {
    const resting = longRests(options.routeTargets ?? targets, pool);
    if (resting) throw new KeysResting(resting.providers, pool.now(), resting.back, attempts, options.configPath);
  }
  // The last upstream answer tells the client most (its status, its Retry-After); then a permanent failure.
  if (answered) return { value: answered.outcome.value!, target: answered.attempt.target, candidate: answered.attempt.candidate, attempts, failed: true };
  if (broken && !options.clientSignal?.aborted) {
    // The record says how many keys were tried before the target was ruled out.
    throw Object.assign(broken, { headers: { ...broken.headers, 'x-modelproxy-attempts': String(attempts) } });
  }
  throw new UpstreamUnreachable(targets.map((t) => t.name), attempts, lastReason);
}

/**
 * After every tried key failed: when some key of the targets rests long (a used-up plan window, a
 * refusal), the providers' key states and when the first key is back; else null (every key only
 * cools briefly, and the upstream's own answer says enough).
 */
function longRests(targets: readonly KeyTarget[], pool: KeyPool): { providers: ProviderRests[]; back: number } | null {
  // A provider can be several targets of a route (one per model): its keys are listed once.
  const seen = new Set<string>();
  const providers = targets.filter((t) => !seen.has(t.name) && seen.add(t.name)).map((t) => ({ name: t.name, rests: pool.rests(t.name, t.provider) }));
  if (!providers.some((p) => p.rests.some((r) => r.state === 'exhausted' || r.state === 'refused'))) return null;
  const back = firstBack(providers, pool.now());
  return back === null ? null : { providers, back };
}

function nextStep<X extends KeyTarget>(queue: Attempt<X>[], i: number, ruledOut: Set<X> | null, current: X, refused: Set<string> | null = null): string {
  const next = queue.slice(i + 1).find((a) => !ruledOut?.has(a.target) && !refused?.has(`${a.target.name}\0${a.candidate.entry.key}`));
  if (!next) return 'no keys left';
  return next.target === current ? 'trying the next key' : `moving on to provider "${next.target.name}"`;
}

/** Milliseconds as seconds with at most one decimal: 600000 → "600", 1234 → "1.2". */
const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = withoutBunHint(error.message);
    return code && !message.startsWith(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}

/** Bun's fetch errors end with advice for the program's author ("pass `verbose: true` …"), not for the user. */
export function withoutBunHint(message: string): string {
  return message.replace(/\s*For more information, pass `verbose: true`[^.]*\.?/g, '').trim();
}
