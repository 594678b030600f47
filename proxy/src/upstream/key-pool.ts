import type { KeyEntry, Provider } from '../config/schema';
import { isPlaceholderKey } from '../config/placeholder';
import type { NoKeyReason } from './errors';

/** 429/5xx/529/timeout cool a key for 60 s unless the upstream said how long (Retry-After). */
export const COOLDOWN_MS = 60_000;
/** 401/402/403 rest a key this long (or until a reload, which may have fixed it), then it is tried again. */
export const AUTH_COOLDOWN_MS = 30 * 60_000;
const AUTH_STATUSES = new Set([401, 402, 403]);

export interface Candidate {
  /** 1-based position in api_keys, as shown by `usage` and in `x-modelproxy-key`. */
  index: number;
  entry: KeyEntry;
}

interface Cooldown {
  until: number;
  /** An authentication failure: the key is not tried at all until `until` (or a reload). */
  auth: boolean;
}

/**
 * Remembers which keys failed recently, across requests and across reloads (a reload only clears
 * the authentication failures, since the user may have fixed the key). Keys are told apart by
 * provider and key text, so reordering api_keys keeps their state.
 */
export class KeyPool {
  private readonly cooling = new Map<string, Cooldown>();

  constructor(private readonly clock: () => number = Date.now, private readonly authCooldownMs = AUTH_COOLDOWN_MS) {}

  /**
   * Keys to try, in order: usable keys first; then keys cooling after a temporary failure (better a
   * try than a certain error). Placeholders, and keys resting after an authentication failure, never appear.
   */
  candidates(providerName: string, provider: Provider): Candidate[] {
    const { ready, waiting } = this.split(providerName, provider);
    return [...ready, ...waiting];
  }

  /** Whether any key may be tried now (ready or cooling): not only placeholders or resting keys. */
  usable(providerName: string, provider: Provider): boolean {
    const { ready, waiting } = this.split(providerName, provider);
    return ready.length + waiting.length > 0;
  }

  /** `candidates`, in its two groups: keys free now, and keys cooling after a temporary failure. */
  split(providerName: string, provider: Provider): { ready: Candidate[]; waiting: Candidate[] } {
    const now = this.clock();
    const ready: Candidate[] = [];
    const waiting: Candidate[] = [];
    provider.api_keys.forEach((entry, i) => {
      if (isPlaceholderKey(entry.key)) return;
      const state = this.cooling.get(slot(providerName, entry.key));
      if (!state || state.until <= now) ready.push({ index: i + 1, entry });
      else if (!state.auth) waiting.push({ index: i + 1, entry });
    });
    return { ready, waiting };
  }

  /**
   * Records a retryable failure; `status` null means a connection error or timeout. `restMs` is
   * how long the upstream asked us to wait (Retry-After, a vendor's window reset), when it said.
   */
  fail(providerName: string, key: string, status: number | null, restMs?: number): void {
    const auth = status !== null && AUTH_STATUSES.has(status);
    const ms = restMs !== undefined && restMs > 0 ? restMs : auth ? this.authCooldownMs : COOLDOWN_MS;
    this.cooling.set(slot(providerName, key), { until: this.clock() + ms, auth });
  }

  /** Why no key of the provider can be tried now (call when `candidates` is empty). */
  emptyReason(providerName: string, provider: Provider): NoKeyReason {
    const rests = provider.api_keys
      .filter((entry) => !isPlaceholderKey(entry.key))
      .map((entry) => this.cooling.get(slot(providerName, entry.key))?.until ?? 0);
    return rests.length === 0 ? { kind: 'placeholders' } : { kind: 'auth_failed', untilMs: Math.min(...rests) };
  }

  succeed(providerName: string, key: string): void {
    if (this.cooling.size > 0) this.cooling.delete(slot(providerName, key));
  }

  /** On config reload: forget authentication failures, keep the timed cooldowns. */
  reload(): void {
    for (const [k, v] of this.cooling) if (v.auth) this.cooling.delete(k);
  }
}

const slot = (provider: string, key: string) => `${provider}\u0000${key}`;
