/**
 * Keeping a server's Redis connections working across a Redis restart or outage (README, "Running
 * more than one server"). Bun's client, left to itself, has two gaps a long-running server falls
 * into:
 *
 * - after `maxRetries` failed reconnects (about 30 s of Redis away) it gives up for good: every
 *   later command fails with "Connection has failed" even once Redis is back, until the process
 *   restarts. `keepConnected` connects again, every second, for as long as the client is open.
 * - a reconnected subscriber is subscribed to nothing, while the client still holds its listeners:
 *   the other servers' events and control messages stopped arriving, silently. `Subscriptions`
 *   remembers each channel's listener and subscribes again on every reconnect.
 */
import type { RedisClient } from 'bun';
import { AppError, maskUrlPasswords } from '@devhub/shared';

/** How often a client that gave up is told to connect again. */
export const RECONNECT_EVERY_MS = 1_000;

export interface RedisConnectionOptions {
  /** Bun's own reconnect attempts before it gives up (its default 20: about 30 s). */
  maxRetries?: number;
  connectionTimeout?: number;
}

/** The options of every working connection: commands wait in the queue while Bun reconnects. */
export function connectionOptions(o: RedisConnectionOptions = {}) {
  return { autoReconnect: true, enableOfflineQueue: true, connectionTimeout: o.connectionTimeout ?? 5_000, ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}) };
}

export interface Link {
  /** Stops reconnecting and closes the client. */
  close(): void;
}

/**
 * Connects `client` again whenever Bun closed it for good, and calls `onReconnect` on every
 * connection after the first (to subscribe again). Call after the first `connect()`.
 */
export function keepConnected(client: RedisClient, onReconnect?: () => void, everyMs = RECONNECT_EVERY_MS): Link {
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (closed || client.connected) return;
      client.connect().catch(retry);
    }, everyMs);
  };
  client.onclose = () => retry();
  client.onconnect = () => { if (!closed) onReconnect?.(); };
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      client.onclose = null;
      client.onconnect = null;
      client.close();
    },
  };
}

/** A subscriber's channels, subscribed again after each reconnect. */
export class Subscriptions {
  private readonly listeners = new Map<string, (message: string) => void>();

  constructor(private readonly sub: RedisClient, private readonly warn?: (message: string) => void) {}

  async subscribe(channel: string, listener: (message: string) => void): Promise<void> {
    this.listeners.set(channel, listener);
    await this.sub.subscribe(channel, listener);
  }

  async unsubscribe(channel: string): Promise<void> {
    this.listeners.delete(channel);
    await this.sub.unsubscribe(channel);
  }

  /** Every channel again: the client dropped them with the old connection but keeps their listeners. */
  resubscribe(): void {
    for (const [channel, listener] of this.listeners) {
      void this.sub.unsubscribe(channel)
        .then(() => (this.listeners.get(channel) === listener ? this.sub.subscribe(channel, listener) : undefined))
        .catch((err: unknown) => this.warn?.(`could not subscribe again to ${channel}: ${(err as Error).message ?? String(err)}`));
    }
  }
}

/** Bun's error for a command that could not reach Redis (closed, gave up, timed out). */
export function isRedisConnectionError(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown } | null;
  return typeof e?.code === 'string' && /^ERR_REDIS_CONNECTION/.test(e.code);
}

/** What a request that needed Redis while it was away is answered: 503, never a 500. */
export class RedisUnavailable extends AppError {
  constructor(message: string) {
    // Bun's text names no address today; a redis:// URL with a password in it would be masked.
    super('STORE_UNAVAILABLE', 503, `Redis is not answering (${maskUrlPasswords(message)}); try again shortly`);
  }
}
