import type { KeyEntry, Provider } from '../config';
import type { QuotaWindow } from '../upstream/quota';
import { ADAPTERS } from './adapters';
import { selectAdapter } from './select';

/** The serving path asks at most this long; the key rests for the default meanwhile. */
export const RESET_LOOKUP_TIMEOUT_MS = 10_000;

/**
 * When a used-up key's plan window resets (epoch ms), asked of the provider's usage adapter;
 * null when the platform has no quota interface (probe) or its answer does not say.
 */
export async function quotaResetAt(provider: Provider, entry: KeyEntry, window: QuotaWindow, now = new Date()): Promise<number | null> {
  const adapter = selectAdapter(provider, entry);
  if (adapter === 'probe') return null;
  const reading = await ADAPTERS[adapter]({
    baseUrl: provider.base_url, entry, timeoutMs: RESET_LOOKUP_TIMEOUT_MS, signal: AbortSignal.timeout(RESET_LOOKUP_TIMEOUT_MS), now, probeModel: '',
  });
  return resetOf(reading, window, now);
}

type Window = { remaining_percent: number; reset_at: string | null };

/**
 * The latest reset among the windows the reading shows as empty (a used-up 5-hour window inside an
 * empty week waits for the week); else the reset of the window the vendor named.
 */
export function resetOf(reading: { five_hour: Window; weekly: Window }, window: QuotaWindow, now: Date): number | null {
  return emptyUntil(reading, now) ?? future(reading[window].reset_at, now);
}

/** Until when a key whose reading shows an empty window cannot serve; null when none is empty. */
export function emptyUntil(reading: { five_hour: Window; weekly: Window }, now: Date): number | null {
  const ends = [reading.five_hour, reading.weekly].filter((w) => w.remaining_percent <= 0).map((w) => future(w.reset_at, now)).filter((ms) => ms !== null);
  return ends.length > 0 ? Math.max(...ends) : null;
}

function future(iso: string | null, now: Date): number | null {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(ms) && ms > now.getTime() ? ms : null;
}
