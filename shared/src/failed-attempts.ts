import { forwardingHeader } from './host-allow';
import { clientKey, parseAddress } from './ip-address';

/** Wrong keys one peer may send within a window before it is refused outright. */
export const MAX_FAILED_ATTEMPTS = 10;
/** The window, and how long a peer that used up its attempts waits. */
export const FAILED_ATTEMPT_WINDOW_S = 60;
/** Peers remembered at once; beyond this the oldest entry is dropped. */
const MAX_PEERS = 4096;

interface Entry { failures: number; window_start: number; locked_until: number }

/**
 * Guessing a key or token is slow by construction (the gateway's api_key, the proxy's auth_token):
 * every peer (the socket's address, or whatever the caller names; in-process requests share one
 * entry) gets MAX_FAILED_ATTEMPTS wrong ones per window, then every attempt, right or wrong, is
 * refused with 429 until the window is over. At 10 guesses a minute even a 40-bit key would take
 * two centuries on average.
 */
export class FailedAttempts {
  private readonly peers = new Map<string, Entry>();

  /** Seconds until `peer` may try again; 0 when it may try now. */
  retryAfter(peer: string | null, now = Date.now()): number {
    const entry = this.peers.get(peer ?? '');
    if (!entry || entry.locked_until <= now) return 0;
    return Math.ceil((entry.locked_until - now) / 1000);
  }

  fail(peer: string | null, now = Date.now()): void {
    const key = peer ?? '';
    let entry = this.peers.get(key);
    if (!entry || now - entry.window_start >= FAILED_ATTEMPT_WINDOW_S * 1000) {
      entry = { failures: 0, window_start: now, locked_until: 0 };
      this.peers.delete(key);
      if (this.peers.size >= MAX_PEERS) this.peers.delete(this.peers.keys().next().value!);
      this.peers.set(key, entry);
    }
    entry.failures += 1;
    if (entry.failures >= MAX_FAILED_ATTEMPTS) entry.locked_until = now + FAILED_ATTEMPT_WINDOW_S * 1000;
  }
}

/**
 * The entry a request's wrong keys count against: its peer address (IPv6 by its /64, which one
 * subscriber usually holds whole), or one entry shared by everything a proxy or tunnel relayed
 * (the request carries a forwarding header). Relayed requests all come from the tunnel's own
 * address, so without that shared entry a stranger guessing through the tunnel would lock the
 * owner's own programs on 127.0.0.1 out; with it, only other relayed clients wait.
 */
export function attemptKey(address: string | null, headers: Headers): string {
  if (forwardingHeader(headers) !== null) return RELAYED;
  const bytes = address === null ? null : parseAddress(address);
  return bytes ? clientKey(bytes) : (address ?? '');
}

/** attemptKey's one entry for every relayed request. */
export const RELAYED = 'relayed';
