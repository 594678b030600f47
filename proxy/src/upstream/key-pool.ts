import type { KeyEntry, Provider } from '../config/schema';
import { isPlaceholderKey } from '../config/placeholder';

/** DECISIONS.md: 429/5xx/529/timeout cool a key for 60 s; 401/402/403 until the next reload. */
export const COOLDOWN_MS = 60_000;
const UNTIL_RELOAD_STATUSES = new Set([401, 402, 403]);

export interface Candidate {
  /** 1-based position in api_keys, as shown by `usage` and in `x-modelproxy-key`. */
  index: number;
  entry: KeyEntry;
}

interface Cooldown {
  until: number;
  untilReload: boolean;
}

/**
 * Remembers which keys failed recently, across requests and across reloads (a reload only clears
 * the authentication failures, since the user may have fixed the key). Keys are told apart by
 * provider and key text, so reordering api_keys keeps their state.
 */
export class KeyPool {
  private readonly cooling = new Map<string, Cooldown>();

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * Keys to try, in order: usable keys first; then keys cooling after a temporary failure (better a
   * try than a certain error). Placeholders and keys that failed authentication never appear.
   */
  candidates(providerName: string, provider: Provider): Candidate[] {
    const now = this.clock();
    const ready: Candidate[] = [];
    const waiting: Candidate[] = [];
    provider.api_keys.forEach((entry, i) => {
      if (isPlaceholderKey(entry.key)) return;
      const state = this.cooling.get(slot(providerName, entry.key));
      if (!state || (!state.untilReload && state.until <= now)) ready.push({ index: i + 1, entry });
      else if (!state.untilReload) waiting.push({ index: i + 1, entry });
    });
    return [...ready, ...waiting];
  }

  /** Records a retryable failure; `status` null means a connection error or timeout. */
  fail(providerName: string, key: string, status: number | null): void {
    const untilReload = status !== null && UNTIL_RELOAD_STATUSES.has(status);
    this.cooling.set(slot(providerName, key), { until: this.clock() + COOLDOWN_MS, untilReload });
  }

  succeed(providerName: string, key: string): void {
    if (this.cooling.size > 0) this.cooling.delete(slot(providerName, key));
  }

  /** On config reload: forget authentication failures, keep the timed cooldowns. */
  reload(): void {
    for (const [k, v] of this.cooling) if (v.untilReload) this.cooling.delete(k);
  }
}

const slot = (provider: string, key: string) => `${provider}\u0000${key}`;
