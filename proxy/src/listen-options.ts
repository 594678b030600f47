import { EXCLUSIVE_LISTEN } from '@devhub/shared';

/**
 * Bun.serve options every listening proxy uses (serve, tests, bench). Bun's own body cap answers
 * with a bare 413 before any handler runs, so it is set far above the 32 MiB limit: the proxy
 * itself checks a declared length before reading and stops reading a chunked body at the limit,
 * both with the structured `request_too_large`.
 */
export const LISTEN_OPTIONS = {
  maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  // Long pauses in a stream (model thinking) must not close the connection.
  idleTimeout: 0,
  ...EXCLUSIVE_LISTEN,
} as const;
