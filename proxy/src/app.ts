import { createLogger, isAppError, type Logger } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { Elysia } from 'elysia';
import type { AccountingStore } from './accounting/store';
import { ProxyConfig } from './config/schema';
import { errorBody, ProxyError } from './upstream/errors';
import { QuotaResets, type ResetLookup } from './upstream/quota';
import { KeyRechecks, type KeyCheck } from './upstream/recheck';
import { RequestLog } from './upstream/request-log';
import { quotaResetAt } from './usage/reset';
import { recheckKey } from './usage/recheck';
import { ProxyState } from './upstream/state';
import { unmatchedRequest } from './modules/errors/unmatched';
import { requestPath } from './modules/guard/request-path';
import { guardRequest } from './modules/guard/service';
import { docsModule } from './modules/docs';
import { healthModule } from './modules/health';
import { imagesModule } from './modules/images';
import { messagesModule } from './modules/messages';

export interface AppDeps {
  /** Config and key state; defaults to an empty config (every request then finds no provider). */
  state?: ProxyState;
  log?: Logger;
  /** requests.jsonl writer; none = not recorded. */
  requestLog?: RequestLog;
  /** requests.db writer (token accounting); none = not recorded. */
  accounting?: AccountingStore;
  /** Clock for timed routes (tests freeze it). */
  now?: () => Date;
  /** When a used-up key's plan window resets; default: ask the provider's usage adapter. */
  quotaReset?: ResetLookup;
  /** How a refused key is re-checked when its rest ends; default: a 1-token Messages request. */
  keyCheck?: KeyCheck;
}

/** Composes the proxy's modules; never listens (the serve command does). */
export function createApp(deps: AppDeps = {}) {
  const log = deps.log ?? createLogger('proxy');
  const state = deps.state ?? new ProxyState(Value.Default(ProxyConfig, {}) as ProxyConfig);
  const requestLog = deps.requestLog ?? new RequestLog(null, log);
  const quotaResets = new QuotaResets(state.pool, deps.quotaReset ?? quotaResetAt, log);
  new KeyRechecks(state.pool, deps.keyCheck ?? ((name, provider, entry) => recheckKey(state.current.config, name, provider, entry)), log);
  const services = { state, log, requestLog, accounting: deps.accounting, now: deps.now, quotaResets };
  return new Elysia()
    .onRequest(({ request }) => guardRequest(request, state.current.config.server))
    .onError(({ code, error, request }) => {
      // Never let the mapping itself throw: Bun's fallback page would show the cwd and a stack.
      let failure: ProxyError;
      try {
        failure = toProxyError(code, error, request, log);
      } catch {
        failure = new ProxyError('internal_error', 500, 'internal proxy error (see the proxy log)');
      }
      log.warn(`rejected ${request.method} ${requestPath(request)}: ${failure.status} ${failure.code}: ${failure.message}`);
      const headers: Record<string, string> = { 'content-type': 'application/json', ...failure.headers };
      return new Response(JSON.stringify(errorBody(failure.code, failure.status, failure.message)), { status: failure.status, headers });
    })
    .use(docsModule())
    .use(healthModule())
    .use(messagesModule(services))
    .use(imagesModule(services));
}

/** The single mapping from anything thrown to the documented error body. */
function toProxyError(code: unknown, error: unknown, request: Request, log: Logger): ProxyError {
  if (error instanceof ProxyError) return error;
  if (isAppError(error)) return new ProxyError(error.code, error.status, error.message);
  if (code === 'NOT_FOUND') return unmatchedRequest(request.method, requestPath(request));
  if (code === 'PARSE') return new ProxyError('invalid_json', 400, 'request body could not be parsed');
  if (code === 'VALIDATION') return new ProxyError('invalid_request', 400, (error as Error).message);
  log.error(`unexpected error on ${request.method} ${requestPath(request)}: ${(error as Error)?.stack || String(error)}`);
  return new ProxyError('internal_error', 500, 'internal proxy error (see the proxy log)');
}
