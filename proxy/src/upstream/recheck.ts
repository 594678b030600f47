import type { Logger } from '@devhub/shared';
import type { KeyEntry, Provider } from '../config/schema';
import type { Candidate, KeyPool } from './key-pool';

/** Sends the cheap request that tells whether a refused key is accepted again (see usage/recheck.ts). */
export type KeyCheck = (providerName: string, provider: Provider, entry: KeyEntry) => Promise<{ status: number | null; text: string }>;

/**
 * Re-checks a key whose 401/402/403 rest ended, off the request path: meanwhile the pool hands it
 * out only after the other keys, so no client request depends on it. A key still refused rests
 * for another auth cooldown; one that answers serves again.
 */
export class KeyRechecks {
  constructor(private readonly pool: KeyPool, private readonly check: KeyCheck, private readonly log: Logger) {
    pool.onRecheck = (name, provider, candidate) => void this.run(name, provider, candidate);
  }

  private async run(providerName: string, provider: Provider, candidate: Candidate): Promise<void> {
    const label = `${providerName}#${candidate.index}`;
    this.log.info(`${label}: its rest after a refusal (401/402/403) ended; checking the key with a 1-token request`);
    let result: { status: number | null; text: string };
    try {
      result = await this.check(providerName, provider, candidate.entry);
    } catch (error) {
      result = { status: null, text: (error as Error).message };
    }
    // A request that used the key meanwhile (or a reload) already settled its state.
    if (!this.pool.rechecked(providerName, candidate.entry.key, result.status)) return;
    const until = this.pool.restingUntil(providerName, candidate.entry.key);
    if (until === null) this.log.info(`${label}: check passed (${result.text}); the key serves again`);
    else this.log.warn(`${label}: check failed (${result.text}); resting until ${new Date(until).toISOString()}`);
  }
}
