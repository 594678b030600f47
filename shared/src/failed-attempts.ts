import { forwardingHeader, isLoopbackAddress } from './host-allow';
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

/**
 * The guesser a request's wrong keys count against, for a server that can tell which Unix users
 * own a loopback peer's socket (`uids`, shared/src/peer-user.ts; asked only for a loopback peer):
 * as attemptKey, except a program of this machine. Every 127.x.y.z is this machine and any program
 * may connect from any of them, so counted by address one local guesser would get
 * MAX_FAILED_ATTEMPTS from each of 16 million addresses. It is counted by the users owning its
 * socket instead (all of loopback together where that cannot be told): another user's guesses
 * never hold up this user's programs, and no address it picks gives it a fresh count.
 */
export function guesserKey(address: string | null, headers: Headers, uids: () => readonly number[] | null): string {
  if (address !== null && isLoopbackAddress(address) && forwardingHeader(headers) === null) {
    const owners = uids();
    return owners && owners.length > 0 ? `uid ${owners.join(',')}` : LOOPBACK;
  }
  return attemptKey(address, headers);
}

/** guesserKey's entry for the loopback peers whose users cannot be told. */
export const LOOPBACK = 'loopback';

/**
 * FailedAttempts keyed by a guesser computed only when it can matter: a minute after the last
 * wrong key nobody is refused, so the common request (no wrong key lately) looks nothing up
 * (guesserKey's socket-owner lookup costs a kernel query).
 */
export class Guessers {
  private readonly attempts = new FailedAttempts();
  private lastFailure = Number.NEGATIVE_INFINITY;

  /** Seconds until the guesser `who()` names may try again; 0 when it may now (`who` null: never counted). */
  retryAfter(who: () => string | null, now = Date.now()): number {
    if (now - this.lastFailure > FAILED_ATTEMPT_WINDOW_S * 1000) return 0;
    const key = who();
    return key === null ? 0 : this.attempts.retryAfter(key, now);
  }

  /** A wrong key came from guesser `who` (null: not counted). */
  fail(who: string | null, now = Date.now()): void {
    if (who === null) return;
    this.lastFailure = now;
    this.attempts.fail(who, now);
  }
}
