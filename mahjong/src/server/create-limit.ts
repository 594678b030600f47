import { Elysia } from 'elysia';
import { ClientBuckets, type CreateRate, describeRate } from './client-buckets';
import { clientResolver, type PeerServer } from './client-resolver';
import { TooManyCreations, TooManyHeld } from './errors';
import { type LiveCheck, LiveQuota } from './live-quota';

/** A route that starts a game or a room: where its answer names the new id, and whether that id is still held. */
export interface CreatingRoute {
  idOf: (response: unknown) => string | undefined;
  live: LiveCheck;
}

export interface CreateLimitOptions {
  /** Paths of the POST routes that start something (a trailing slash is the same route). */
  routes: Record<string, CreatingRoute>;
  /** `--create-rate`; null: no rate limit. */
  rate: CreateRate | null;
  /** `--max-per-client`: games and rooms one client holds at once; null: no such limit. */
  maxHeld: number | null;
  /** `--trusted-proxy`: whose X-Forwarded-For is believed. */
  trustedProxies?: readonly string[];
  maxClients?: number;
  /** Requests that are never limited (the admin token's). */
  exempt: (request: Request) => boolean;
  now?: () => number;
  /** Told once when X-Forwarded-For arrives from a peer that is not a trusted proxy (a proxy the operator forgot to name). */
  warn?: (message: string) => void;
}

/**
 * Per-client limits on starting games and rooms (README, "Security model"): a rate, checked
 * before the body is read, and how many one client holds at once. A request with no socket
 * (in-process `app.handle`) has no address and is not limited, nor is the owner's own machine: a
 * request from 127.0.0.1 or ::1 that no proxy or tunnel relayed (one that did says so in a
 * forwarding header, and is limited as the client it names or as that proxy).
 */
export function createLimit(o: CreateLimitOptions) {
  const buckets = o.rate ? new ClientBuckets(o.rate, o.maxClients, o.now) : null;
  const quota = o.maxHeld ? new LiveQuota(o.maxHeld, o.maxClients) : null;
  const rate = o.rate ? describeRate(o.rate) : '';
  /** Requests holding a place in `quota` until their answer names the new id (or fails). */
  const reserved = new WeakMap<Request, { key: string; route: CreatingRoute }>();
  const resolve = clientResolver(o.trustedProxies, o.warn);
  /**
   * The key a request's client is limited under, or null when it is not limited: no socket, the
   * admin token, or the owner's own machine with no forwarding header.
   */
  const clientOf = (request: Request, server: PeerServer): string | null => (o.exempt(request) ? null : resolve(request, server));
  const plugin = new Elysia({ name: 'create-limit' })
    .onRequest(async ({ request, server }) => {
      if (request.method !== 'POST') return;
      const route = o.routes[new URL(request.url, 'http://no-host.invalid').pathname.replace(/\/+$/, '')];
      if (!route) return;
      const key = clientOf(request, server);
      if (key === null) return;
      const waitMs = buckets?.take(key) ?? 0;
      if (waitMs > 0) throw new TooManyCreations(Math.max(1, Math.ceil(waitMs / 1000)), rate);
      if (!quota) return;
      if (!(await quota.reserve(key))) throw new TooManyHeld(quota.max);
      reserved.set(request, { key, route });
    })
    .onAfterHandle({ as: 'global' }, ({ request, responseValue }) => {
      const r = reserved.get(request);
      if (!r) return;
      reserved.delete(request);
      quota!.settle(r.key, r.route.idOf(responseValue), r.route.live);
    })
    // The answer's end gives back a place a request still holds (any way out not seen below).
    .onAfterResponse({ as: 'global' }, ({ request }) => { release(request); });
  /**
   * A failed creation gives its place back before its answer is sent, so a client retrying at once
   * after a 422 never finds it still taken. Elysia stops at the first error hook that answers, so
   * this one must be used before the app's error mapper (app.ts) and answers nothing itself.
   */
  const releaseOnError = new Elysia({ name: 'create-limit-release' })
    .onError({ as: 'global' }, ({ request }) => { release(request); });
  function release(request: Request): void {
    const r = reserved.get(request);
    if (!r) return;
    reserved.delete(request);
    quota!.settle(r.key);
  }
  return { buckets, quota, plugin, releaseOnError, clientOf };
}
