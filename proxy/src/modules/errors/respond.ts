import { isAppError, type Logger } from '@devhub/shared';
import { errorBody, ProxyError } from '../../upstream/errors';
import { requestPath } from '../guard/request-path';
import type { RouteTable } from './route-table';
import { unmatchedRequest } from './unmatched';
import { openaiErrorResponseBody } from '../../translate/errors';
import { wantsOpenAIShape } from '../models/shape';

/**
 * OpenAI's API families, served or not (with or without `/v1`): their clients read OpenAI's error
 * shape (`{"error":{"message","type","param","code"}}`), with the spec's `"type":"error"` beside it.
 */
const OPENAI_FAMILIES = ['/chat/completions', '/responses', '/completions', '/embeddings', '/audio', '/moderations', '/files', '/batches', '/fine_tuning', '/assistants', '/threads', '/vector_stores'];
function isOpenAIPath(path: string): boolean {
  const rest = path.startsWith('/v1/') ? path.slice(3) : path;
  return OPENAI_FAMILIES.some((family) => rest === family || rest.startsWith(`${family}/`));
}

/** The proxy's address as this request reached it (the Host it sent), for advice in messages. */
function baseOf(request: Request): string | undefined {
  try {
    return new URL(request.url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The documented error answer for anything thrown while serving `request`, with one log line.
 * `code` is Elysia's name for what failed (NOT_FOUND, PARSE, VALIDATION…), undefined outside Elysia;
 * `routes` (the app's) tells a wrong method on a known path (405) from an unknown path (404).
 * The mapping itself never throws: Bun's fallback page would show the cwd and a stack.
 */
export function errorResponse(code: unknown, error: unknown, request: Request, log: Logger, routes: RouteTable): Response {
  let failure: ProxyError;
  try {
    failure = toProxyError(code, error, request, log, routes);
  } catch {
    failure = new ProxyError('internal_error', 500, 'internal proxy error (see the proxy log)');
  }
  // A client that gave up is not answered at all (requests.jsonl records 499): its line says so
  // rather than naming an error status nobody received.
  if (request.signal.aborted) log.info(`client closed ${request.method} ${requestPath(request)} before an answer (499): ${failure.message}`);
  else log.warn(`rejected ${request.method} ${requestPath(request)}: ${failure.status} ${failure.code}: ${failure.message}`);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...failure.headers };
  const path = requestPath(request).replace(/\/+$/, '');
  // /v1/models serves both kinds of client: its errors take the shape its list would.
  const openai = isOpenAIPath(path) || (/^\/v1\/models(\/|$)/.test(path) && wantsOpenAIShape(request.headers));
  const body = openai ? openaiErrorResponseBody(failure.status, failure.message, failure.code) : errorBody(failure.code, failure.status, failure.message);
  return new Response(JSON.stringify(body), { status: failure.status, headers });
}

/** The single mapping from anything thrown to the documented error body. */
function toProxyError(code: unknown, error: unknown, request: Request, log: Logger, routes: RouteTable): ProxyError {
  if (error instanceof ProxyError) return error;
  if (isAppError(error)) return new ProxyError(error.code, error.status, error.message);
  if (code === 'NOT_FOUND') return unmatchedRequest(request.method, requestPath(request), routes, baseOf(request));
  if (code === 'PARSE') return new ProxyError('invalid_json', 400, 'request body could not be parsed');
  if (code === 'VALIDATION') return new ProxyError('invalid_request', 400, validationText(error));
  log.error(`unexpected error on ${request.method} ${requestPath(request)}: ${(error as Error)?.stack || String(error)}`);
  return new ProxyError('internal_error', 500, 'internal proxy error (see the proxy log)');
}

/** Elysia's validation error in one line (its message is a JSON document): `query.days: Expected integer to be greater or equal to 1`. */
function validationText(error: unknown): string {
  const e = error as { type?: string; all?: { path?: string; summary?: string; message?: string }[]; message?: string };
  try {
    const first = e.all?.[0];
    // Elysia names the part it checked (`body`, `query`, or `property` for one query parameter).
    const part = e.type === 'property' ? 'a query parameter' : e.type ?? 'request';
    if (first) return `${part}${first.path ? first.path.replace(/\//g, '.') : ''}: ${first.summary ?? first.message} (got ${JSON.stringify((first as { value?: unknown }).value)})`;
  } catch {
    // fall through to the plain message
  }
  return String(e.message ?? 'invalid request');
}
