import type { KeyEntry, Provider } from '../config/schema';
import { isPlaceholderKey } from '../config/placeholder';
import type { NoKeyReason } from './errors';
import type { KeyRest } from './rest-text';
import { RETRYABLE_STATUSES } from './statuses';

/** 429/5xx/529/timeout cool a key for 60 s unless the upstream said how long (Retry-After). */
export const COOLDOWN_MS = 60_000;
/**
 * 401/402/403 rest a key this long by default (server.auth_cooldown), or until a reload (which may
 * have fixed it); then it is re-checked before requests depend on it.
 */
export const AUTH_COOLDOWN_MS = 30 * 60_000;
/**
 * A key whose plan window is used up rests until the window's reset; when neither the answer nor
 * the usage adapter tells it, this long (the window may reset any time within its 5 hours: one
 * failed try an hour is cheap).
 */
export const QUOTA_COOLDOWN_MS = 60 * 60_000;
/**
 * No rest lasts longer, whoever set it (server.auth_cooldown, a vendor's Retry-After or stated
 * reset, a quota reading): a monthly plan window resets within 31 days, and a longer rest would
 * lock a key out until a restart or, past the dates a Date can hold, break every text and page
 * that names when the key is back ("Invalid Date", a 500 from the dashboard).
 */
export const MAX_REST_MS = 31 * 24 * 60 * 60_000;
const AUTH_STATUSES = new Set([401, 402, 403]);

/**
 * A key's plan window is used up and it rests until `until` (epoch ms; the rest began at `since`):
 * `serve` keeps it in usage-cache.json so that a restart (even after kill -9) does not wake it.
 */
export type QuotaRestListener = (providerName: string, key: string, until: number, since: number) => void;

/** A refused key whose rest just ended: `serve` checks it with a cheap request (see upstream/recheck.ts). */
export type RecheckListener = (providerName: string, provider: Provider, candidate: Candidate) => void;

export interface Candidate {
  /** 1-based position in api_keys, as shown by `usage` and in `x-modelproxy-key`. */
  index: number;
  entry: KeyEntry;
}

interface Cooldown {
  until: number;
  /**
   * `auth`: refused (401/402/403), not tried at all until `until` (or a reload); `recheck`: its auth
   * rest ended and a check is under way, tried last meanwhile; `quota`: its plan window is used up,
   * not tried until `until`; `temporary`: tried last while it cools.
   */
  kind: 'temporary' | 'auth' | 'recheck' | 'quota';
  /** When the rest began (a newer quota reading that shows room again ends a quota rest). */
  since: number;
  /** The status that caused it (null: no answer), shown in no-key answers and the dashboard. */
  status?: number | null;
}

/**
 * Remembers which keys failed recently, across requests and across reloads (a reload only clears
 * the authentication failures, since the user may have fixed the key). Keys are told apart by
 * provider and key text, so reordering api_keys keeps their state.
 */
export class KeyPool {
  private readonly cooling = new Map<string, Cooldown>();
  /**
   * Told when a refused key's rest ends; while it checks the key, the key is tried only after the
   * others. Without one, the key is simply tried again.
   */
  onRecheck?: RecheckListener;
  /** Told when a key starts resting for a used-up plan window, or its rest moves to the window's reset. */
  onQuotaRest?: QuotaRestListener;

  /** `authCooldownMs`: how long a 401/402/403 rests a key (ProxyState sets it from server.auth_cooldown). */
  constructor(private readonly clock: () => number = Date.now, public authCooldownMs = AUTH_COOLDOWN_MS) {}

  /**
   * Keys to try, in order: usable keys first; then keys cooling after a temporary failure or being
   * re-checked (better a try than a certain error). Placeholders, and keys resting after an
   * authentication failure, never appear.
   */
  candidates(providerName: string, provider: Provider): readonly Candidate[] {
    const { ready, waiting } = this.split(providerName, provider);
    return [...ready, ...waiting];
  }

  /** Whether any key may be tried now (ready or cooling): not only placeholders or resting keys. */
  usable(providerName: string, provider: Provider): boolean {
    const keys = realKeys(provider);
    if (this.cooling.size === 0) return keys.length > 0;
    const now = this.clock();
    return keys.some(({ entry }) => {
      const state = this.cooling.get(slot(providerName, entry.key));
      return !state || state.until <= now || state.kind === 'temporary';
    });
  }

  /** `candidates`, in its two groups: keys free now, and keys cooling after a temporary failure. */
  split(providerName: string, provider: Provider): { ready: readonly Candidate[]; waiting: readonly Candidate[] } {
    const keys = realKeys(provider);
    // Nothing cooling (the usual case): every real key is ready, in order.
    if (this.cooling.size === 0) return { ready: keys, waiting: NONE };
    const now = this.clock();
    const ready: Candidate[] = [];
    const waiting: Candidate[] = [];
    for (const candidate of keys) {
      const state = this.cooling.get(slot(providerName, candidate.entry.key));
      if (!state) ready.push(candidate);
      else if (state.kind === 'recheck') waiting.push(candidate);
      else if (state.until > now) {
        if (state.kind === 'temporary') waiting.push(candidate);
      } else if (state.kind === 'auth' && this.onRecheck) {
        // The rest just ended: check the key off the request path; this request tries it last.
        state.kind = 'recheck';
        waiting.push(candidate);
        this.onRecheck(providerName, provider, candidate);
      } else ready.push(candidate);
    }
    return { ready, waiting };
  }

  /**
   * Records a retryable failure; `status` null means a connection error or timeout. `restUntil` is
   * when the upstream said the key may be tried again (Retry-After, a vendor's window reset; epoch
   * ms on this pool's clock). `quota`: the vendor said the key's plan window is used up.
   */
  fail(providerName: string, key: string, status: number | null, restUntil?: number, quota = false): void {
    const kind = quota ? 'quota' : status !== null && AUTH_STATUSES.has(status) ? 'auth' : 'temporary';
    const now = this.clock();
    const fallback = kind === 'quota' ? QUOTA_COOLDOWN_MS : kind === 'auth' ? this.authCooldownMs : COOLDOWN_MS;
    const until = Math.min(restUntil !== undefined && restUntil > now ? restUntil : now + fallback, now + MAX_REST_MS);
    this.cooling.set(slot(providerName, key), { until, kind, since: now, status });
    if (kind === 'quota') this.onQuotaRest?.(providerName, key, until, now);
  }

  /**
   * The result of re-checking a refused key (`status` null: no answer): 401/402/403 rests it again
   * for the auth cooldown, 408/429/5xx or no answer cool it like a temporary failure, any other
   * answer (a 200, or a 400 about the request) frees it. Ignored when the key's state changed
   * meanwhile (a real request succeeded or failed with it, or a reload cleared it): then false.
   */
  rechecked(providerName: string, key: string, status: number | null): boolean {
    const state = this.cooling.get(slot(providerName, key));
    if (state?.kind !== 'recheck') return false;
    const refusedOrDown = status === null || status >= 500 || RETRYABLE_STATUSES.has(status);
    if (refusedOrDown) this.fail(providerName, key, status);
    else this.cooling.delete(slot(providerName, key));
    return true;
  }

  /** Moves the end of a used-up key's rest to `untilMs` (the reset the usage adapter reported). */
  restUntil(providerName: string, key: string, untilMs: number): boolean {
    const state = this.cooling.get(slot(providerName, key));
    const now = this.clock();
    if (state?.kind !== 'quota' || untilMs <= now) return false;
    state.until = Math.min(untilMs, now + MAX_REST_MS);
    this.onQuotaRest?.(providerName, key, state.until, state.since);
    return true;
  }

  /** Rests a key whose plan window is known to be empty until `untilMs`, unless it already rests longer. */
  restEmpty(providerName: string, key: string, untilMs: number): boolean {
    const state = this.cooling.get(slot(providerName, key));
    const now = this.clock();
    const until = Math.min(untilMs, now + MAX_REST_MS);
    if (until <= now || (state && state.until >= until)) return false;
    this.cooling.set(slot(providerName, key), { until, kind: 'quota', since: now });
    return true;
  }

  /** Ends a quota rest that began before `readAtMs`, when a quota reading from then shows room again. */
  liftQuotaRest(providerName: string, key: string, readAtMs: number): boolean {
    const state = this.cooling.get(slot(providerName, key));
    if (state?.kind !== 'quota' || state.since >= readAtMs || state.until <= this.clock()) return false;
    this.cooling.delete(slot(providerName, key));
    return true;
  }

  /** The pool's clock (epoch ms): a stated reset moment becomes a rest on it. */
  now(): number {
    return this.clock();
  }

  /** When a key's rest ends (epoch ms), or null when it is not resting. */
  restingUntil(providerName: string, key: string): number | null {
    const state = this.cooling.get(slot(providerName, key));
    return state && state.until > this.clock() ? state.until : null;
  }

  /** Why no key of the provider can be tried now (call when `candidates` is empty). */
  emptyReason(providerName: string, provider: Provider): NoKeyReason {
    return { rests: this.rests(providerName, provider), now: this.clock() };
  }

  /** Every key of the provider (placeholders too) with its live state: for answers, `status` and the dashboard. */
  rests(providerName: string, provider: Provider): KeyRest[] {
    const now = this.clock();
    return provider.api_keys.map((entry, i): KeyRest => {
      const index = i + 1;
      if (isPlaceholderKey(entry.key)) return { index, state: 'placeholder', until: null };
      const rest = this.cooling.get(slot(providerName, entry.key));
      if (!rest) return { index, state: 'serving', until: null };
      if (rest.kind === 'recheck') return { index, state: 'rechecking', until: null, status: rest.status };
      if (rest.until <= now) return { index, state: 'serving', until: null };
      const state = rest.kind === 'quota' ? 'exhausted' : rest.kind === 'auth' ? 'refused' : 'cooling';
      return { index, state, until: rest.until, status: rest.status };
    });
  }

  succeed(providerName: string, key: string): void {
    if (this.cooling.size > 0) this.cooling.delete(slot(providerName, key));
  }

  /** On config reload: forget authentication failures, keep the timed cooldowns and used-up windows. */
  reload(): void {
    for (const [k, v] of this.cooling) if (v.kind === 'auth' || v.kind === 'recheck') this.cooling.delete(k);
  }
}

const slot = (provider: string, key: string) => `${provider}\u0000${key}`;

// Plain arrays, typed read-only: a frozen array is iterated on a slower path on every request.
const NONE: readonly Candidate[] = [];
const realKeysOf = new WeakMap<Provider, readonly Candidate[]>();

/**
 * A provider's keys that are not placeholders, with their 1-based positions; found once per loaded
 * config (a loaded config is never edited: a reload brings new objects).
 */
function realKeys(provider: Provider): readonly Candidate[] {
  let keys = realKeysOf.get(provider);
  if (keys === undefined) {
    keys = provider.api_keys.flatMap((entry, i) => (isPlaceholderKey(entry.key) ? [] : [{ index: i + 1, entry }]));
    realKeysOf.set(provider, keys);
  }
  return keys;
}
