import { errorTypeFor } from '../upstream/errors';
import type { AnthropicErrorBody } from './anthropic';
import { parseOrNull } from './sse';

/** OpenAI's error `type` for a status (its SDKs read `error.message` and the status). */
export function openaiErrorType(status: number): string {
  switch (status) {
    case 400: case 404: case 405: case 413: case 422: case 501: return 'invalid_request_error';
    case 401: return 'authentication_error';
    case 402: return 'insufficient_quota';
    case 403: return 'permission_error';
    case 429: return 'rate_limit_error';
    default: return 'server_error';
  }
}

/** The OpenAI error body: `{"error":{"message","type","param","code"}}`. */
export function openaiErrorOf(status: number, message: string, code: string | null = null) {
  return { error: { message, type: openaiErrorType(status), param: null, code } };
}

/**
 * The proxy's own error answer on an OpenAI path: OpenAI's body plus the spec's top-level
 * `type: "error"`, so it is also `{type: 'error', error: {type, message, code}}` (the spec's shape
 * for every unmatched or unsupported request). OpenAI's SDKs read only `error`.
 */
export function openaiErrorResponseBody(status: number, message: string, code: string) {
  return { type: 'error' as const, ...openaiErrorOf(status, message, code) };
}

/** An error body of either format: its message and code, when it has them. */
export function errorFields(text: string): { message: string; code: string | null; type: string | null } {
  const body = parseOrNull(text) as Record<string, unknown> | null;
  const error = body && typeof body === 'object' ? (body.error ?? body) : null;
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    const message = typeof e.message === 'string' ? e.message : typeof body?.message === 'string' ? (body.message as string) : text.slice(0, 2000);
    const code = typeof e.code === 'string' ? e.code : typeof e.code === 'number' ? String(e.code) : null;
    return { message, code, type: typeof e.type === 'string' ? e.type : null };
  }
  if (typeof error === 'string') return { message: error, code: null, type: null };
  return { message: text.slice(0, 2000) || 'upstream error', code: null, type: null };
}

/** Any upstream error body (Anthropic's or a vendor's) in OpenAI's shape, keeping message and code. */
export function toOpenAIError(status: number, text: string) {
  const f = errorFields(text);
  return openaiErrorOf(status, f.message, f.code ?? f.type);
}

/** An OpenAI-format vendor's error body in the Messages API's shape. */
export function toAnthropicError(status: number, text: string): AnthropicErrorBody {
  const f = errorFields(text);
  return { type: 'error', error: { type: errorTypeFor(status), message: f.message, ...(f.code ? { code: f.code } : {}) } };
}
