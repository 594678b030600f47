import { createLogger, type Logger } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { Elysia } from 'elysia';
import type { AccountingStore } from './accounting/store';
import { ProxyConfig } from './config/schema';
import { QuotaResets, type ResetLookup } from './upstream/quota';
import { KeyRechecks, type KeyCheck } from './upstream/recheck';
import { RequestLog } from './upstream/request-log';
import { quotaResetAt } from './usage/reset';
import { recheckKey } from './usage/recheck';
import { ProxyState } from './upstream/state';
import { errorResponse } from './modules/errors/respond';
import { RouteTable } from './modules/errors/route-table';
import { guardRequest, isOpenPath, type PeerLookup } from './modules/guard/service';
import { TokenGuesses } from './modules/guard/guesses';
import { requestPeerUids } from '@devhub/shared/peer-user';
import { dashboardModule } from './modules/dashboard';
import { RequestFeed } from './modules/dashboard/feed';
import { docsModule } from './modules/docs';
import { healthModule } from './modules/health';
import { imagesModule } from './modules/images';
import { MESSAGES_PATH, messagesHandler, messagesModule } from './modules/messages';
import { CHAT_PATH, openaiHandler, openaiModule, RESPONSES_PATH } from './modules/openai';
import { COUNT_TOKENS_PATH, countTokensHandler, countTokensModule } from './modules/count-tokens';
import { modelsModule } from './modules/models';

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
  /** usage-cache.json, for the dashboard's quota bars; none = no quota shown. */
  usageCachePath?: string;
  /** requests.db, for the dashboard's charts; none = empty charts. */
  requestsDbPath?: string;
  /** The dashboard's reload button (serve: the same as SIGUSR1); default: re-read state.configPath. */
  reload?: () => { ok: boolean; reason: string | null };
}

/** Composes the proxy's modules; never listens (the serve command does). */
export function createApp(deps: AppDeps = {}) {
  const log = deps.log ?? createLogger('proxy', undefined, { oneLine: true });
  const state = deps.state ?? new ProxyState(Value.Default(ProxyConfig, {}) as ProxyConfig);
  const requestLog = deps.requestLog ?? new RequestLog(null, log);
  // The dashboard's live stream hears every requests.jsonl line as it is written.
  const feed = new RequestFeed();
  requestLog.onLine = (entry) => feed.publish(entry);
  const quotaResets = new QuotaResets(state.pool, deps.quotaReset ?? quotaResetAt, log);
  new KeyRechecks(state.pool, deps.keyCheck ?? ((name, provider, entry) => recheckKey(state.current.config, name, provider, entry)), log);
  const services = { state, log, requestLog, accounting: deps.accounting, now: deps.now, quotaResets };
  // The listening server, once listen() has run (its peers' addresses and owners for the guard).
  let self: { server: import('bun').Server<unknown> | null } | undefined;
  const peer: PeerLookup = {
    address: (request) => self?.server?.requestIP(request)?.address ?? null,
    uids: (request) => requestPeerUids(self?.server, request),
  };
  const guesses = new TokenGuesses();
  // A request the guard lets through on a guarded path comes from a client the proxy serves (the
  // token, or this user's program): its connection may pause as long as a model thinks. Every other
  // connection keeps LISTEN_OPTIONS' idle limit.
  const guard = (request: Request) => {
    guardRequest(request, state.current.config.server, peer, guesses);
    if (!isOpenPath(request)) self?.server?.timeout(request, 0);
  };
  // Read from the composed app below, so a 405's Allow always matches the routes it serves.
  const routes = new RouteTable(() => app.routes);
  const rejected = (error: unknown, request: Request) => errorResponse(undefined, error, request, log, routes);
  const messages = messagesHandler(services, guard, rejected);
  const chat = openaiHandler('chat', services, guard, rejected);
  const responses = openaiHandler('responses', services, guard, rejected);
  const countTokens = countTokensHandler(services, guard, rejected);
  // The listening server hands POST /v1/messages straight to its handler (Bun's router): Elysia's
  // per-request context is a measurable share of what the proxy adds to a short request (README
  // "Performance"). The Elysia route below is the same handler, for /docs and in-process callers.
  const app = new Elysia({ serve: { routes: { [MESSAGES_PATH]: { POST: messages }, [CHAT_PATH]: { POST: chat }, [RESPONSES_PATH]: { POST: responses }, [COUNT_TOKENS_PATH]: { POST: countTokens } } } })
    .onRequest(({ request }) => guard(request))
    .onError(({ code, error, request }) => errorResponse(code, error, request, log, routes))
    .use(docsModule())
    .use(healthModule())
    .use(messagesModule(messages))
    .use(countTokensModule(countTokens))
    .use(openaiModule(chat, responses))
    .use(modelsModule(state, deps.now))
    .use(imagesModule(services))
    .use(dashboardModule({ state, log, feed, usageCachePath: deps.usageCachePath, requestsDbPath: deps.requestsDbPath, now: deps.now, reload: deps.reload }));
  self = app;
  return app;
}
