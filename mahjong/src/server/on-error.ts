import { isAppError } from '@devhub/shared';
import type { ConsolaInstance } from 'consola';
import { Elysia } from 'elysia';
import { expected } from './expected';
import { isRedisConnectionError, RedisUnavailable } from '../modules/backend/redis-link';

/**
 * The one place errors become responses (mahjong/README.md, Errors):
 * `{detail, code, ...details}` with the error's status. Validation failures are 422 with the
 * offending field named, unknown routes 404, anything unexpected 500 without internals.
 */
/**
 * Elysia reports a coerced query value (`?for_player=9`) without its path; find it in the URL, as
 * written or as the number it was read as (`1e1`, `07`).
 */
function queryField(request: Request, value: unknown): string {
  if (value === undefined) return '';
  const matches = (v: string) => v === String(value) || (typeof value === 'number' && v.trim() !== '' && Number(v) === value);
  for (const [k, v] of new URL(request.url).searchParams) if (matches(v)) return `/${k}: `;
  return '';
}

export const errorMapper = (log: ConsolaInstance) =>
  new Elysia({ name: 'error-mapper' }).onError({ as: 'global' }, ({ code, error, set, request }) => {
    // Elysia wraps whatever a parse hook throws (body-limit's 413) in a ParseError.
    const cause = code === 'PARSE' ? (error as { cause?: unknown }).cause : undefined;
    // A request that needed Redis while it was away (README, "Running more than one server"): 503, not 500.
    const app = isAppError(cause) ? cause : isAppError(error) ? error : isRedisConnectionError(error) ? new RedisUnavailable((error as Error).message) : null;
    if (app) {
      set.status = app.status;
      // Every error that says when to come back (a `retryAfter` in seconds) says it in the header too.
      const retryAfter = (app as { retryAfter?: unknown }).retryAfter;
      if (typeof retryAfter === 'number') set.headers['retry-after'] = String(retryAfter);
      const details = app.details && typeof app.details === 'object' ? app.details : {};
      return { detail: app.message, code: app.code, ...details };
    }
    if (code === 'VALIDATION') {
      set.status = 422;
      const first = error.all[0];
      const where = first && 'path' in first && first.path ? `${first.path}: ` : queryField(request, first && 'value' in first ? first.value : undefined);
      const want = first && 'schema' in first && first.value !== undefined ? expected(first.schema) : null;
      const got = first && 'value' in first ? JSON.stringify(first.value)?.slice(0, 40) : undefined;
      const what = want ? `expected ${want}, got ${got}` : first?.summary ?? error.message;
      return { detail: `${where}${what}`, code: 'VALIDATION_ERROR' };
    }
    if (code === 'NOT_FOUND') {
      set.status = 404;
      return { detail: 'Not Found', code: 'NOT_FOUND' };
    }
    if (code === 'PARSE') {
      set.status = 400;
      return { detail: 'request body is not valid JSON', code: 'BAD_REQUEST' };
    }
    log.error(error);
    set.status = 500;
    return { detail: 'internal error', code: 'INTERNAL' };
  });
