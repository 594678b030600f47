import { isAppError, type Logger } from '@devhub/shared';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Elysia } from 'elysia';
import { TooManyFailedAttempts } from './errors';

/**
 * The one place errors become REST bodies (README "REST API"): `{detail: string}`, and for 422
 * `{detail: [{loc, msg, type}]}` in the FastAPI shape the original clients parse.
 */
export const errorHandler = (log: Logger) =>
  new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, ({ code, error: thrown, set }) => {
    // A body parser's own error (e.g. 413 from a bounded read) reaches us wrapped as Elysia's
    // 400 "Bad Request" parse error; its cause is the answer.
    const cause = code === 'PARSE' ? (thrown as { cause?: unknown }).cause : undefined;
    const error = isAppError(cause) ? cause : thrown;
    if (isAppError(error)) {
      set.status = error.status;
      if (error instanceof TooManyFailedAttempts) set.headers['retry-after'] = String(error.retryAfter);
      if (error.status >= 500) log.error(error.message);
      return { detail: error.message };
    }
    switch (code) {
      case 'VALIDATION':
        set.status = 422;
        return { detail: validationDetail(error) };
      case 'PARSE':
        set.status = 400;
        return { detail: 'Malformed JSON body' };
      case 'NOT_FOUND':
        set.status = 404;
        return { detail: 'Not Found' };
      default:
        set.status = 500;
        log.error(error);
        return { detail: 'Internal server error' };
    }
  });

interface ValueErrorLike { path?: string; message?: string; type?: unknown; summary?: string; value?: unknown; schema?: { anyOf?: Array<{ const?: unknown }> } }

function validationDetail(error: unknown): Array<{ loc: string[]; msg: string; type: string }> {
  const all = (error as { all?: ValueErrorLike[] }).all ?? [];
  const where = (error as { type?: string }).type ?? 'body';
  if (all.length === 0) return [{ loc: [where], msg: (error as Error).message, type: 'value_error' }];
  const details = all.map((e) => {
    const loc = [where, ...(e.path ?? '').split('/').filter(Boolean)];
    if (e.value === undefined && e.path) return { loc, msg: 'Field required', type: 'missing' };
    const type = typeof e.type === 'number' ? snake(ValueErrorType[e.type] ?? 'value_error') : String(e.type ?? 'value_error');
    return { loc, msg: choices(e) ?? e.message ?? e.summary ?? 'invalid value', type };
  });
  // A missing field fails several rules at once (required, and its type): one entry says it.
  const seen = new Set<string>();
  return details.filter((d) => {
    const key = JSON.stringify(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A union of literals names its values: TypeBox alone says only "Expected union value". */
function choices(e: ValueErrorLike): string | null {
  const members = e.schema?.anyOf;
  if (!members?.length || !members.every((m) => typeof m.const === 'string')) return null;
  // An empty literal stands for "left empty" (= the default): not a choice worth naming.
  return `Expected one of: ${members.map((m) => m.const).filter(Boolean).join(', ')}`;
}

/** TypeBox's error kind as a stable word: `ObjectRequiredProperty` → `object_required_property`. */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
