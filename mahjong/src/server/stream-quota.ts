import type { PeerServer } from './client-resolver';
import { TooManyStreams } from './errors';

/** Takes a place for one more event stream of a request's client (or refuses); returns its release. */
export type StreamGate = (request: Request, server: PeerServer) => () => void;

/** Event streams one client address may hold open at once (a player's page holds one). */
export const MAX_STREAMS_PER_CLIENT = 32;

/**
 * Open event streams per client (README, "Security model"). A stream holds a socket, a file
 * descriptor and a heartbeat timer for as long as its client keeps it, and anyone may watch a
 * 4ai game or a room; without a bound one address could open streams until the process runs out
 * of descriptors and no player can reach the server. Clients are the keys of the per-client
 * limits (client-resolver.ts): null (the owner's own machine, the admin token, in-process use) is
 * not counted. A key is kept only while it has a stream open.
 */
export class StreamQuota {
  private readonly open = new Map<string, number>();

  constructor(readonly max = MAX_STREAMS_PER_CLIENT) {}

  /** Streams `key` holds now. */
  held(key: string): number {
    return this.open.get(key) ?? 0;
  }

  /** A place for one more stream of `key`, or TooManyStreams; returns its release (idempotent). */
  acquire(key: string | null): () => void {
    if (key === null) return () => undefined;
    const n = this.held(key);
    if (n >= this.max) throw new TooManyStreams(this.max);
    this.open.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.held(key) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }
}
