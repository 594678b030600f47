import { isAppError } from '@devhub/shared';
import type { ConsolaInstance } from 'consola';
import { Elysia } from 'elysia';

/**
 * The one place errors become responses (DECISIONS.md, Mahjong, Errors):
 * `{detail, code, ...details}` with the error's status. Validation failures are 422 with the
 * offending field named, unknown routes 404, anything unexpected 500 without internals.
 */
export const errorMapper = (log: ConsolaInstance) =>
  new Elysia({ name: 'error-mapper' }).onError({ as: 'global' }, ({ code, error, set }) => {
    if (isAppError(error)) {
      set.status = error.status;
      const details = error.details && typeof error.details === 'object' ? error.details : {};
      return { detail: error.message, code: error.code, ...details };
    }
    if (code === 'VALIDATION') {
      set.status = 422;
      const first = error.all[0];
      const where = first && 'path' in first && first.path ? `${first.path}: ` : '';
      return { detail: `${where}${first?.summary ?? error.message}`, code: 'VALIDATION_ERROR' };
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
