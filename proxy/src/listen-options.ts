import { EXCLUSIVE_LISTEN } from '@devhub/shared';

/**
 * How long a connection may sit idle before the proxy closes it, for what has not passed the
 * guard: a refused request's keep-alive connection, an open path (health, the dashboard's page). A
 * request that passes the guard lifts the limit on its connection (app.ts): long pauses in a stream
 * (a model thinking) must not close it. Without the limit, any program that can reach the port, of
 * another user too, could hold refused connections open until the proxy runs out of descriptors.
 */
export const IDLE_SECONDS = 30;

/**
 * Bun.serve options every listening proxy uses (serve, tests, bench). Bun's own body cap answers
 * with a bare 413 before any handler runs, so it is set far above the 32 MiB limit: the proxy
 * itself checks a declared length before reading and stops reading a chunked body at the limit,
 * both with the structured `request_too_large`.
 */
export const LISTEN_OPTIONS = {
  maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  idleTimeout: IDLE_SECONDS,
  ...EXCLUSIVE_LISTEN,
} as const;
