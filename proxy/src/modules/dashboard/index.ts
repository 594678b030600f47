import { readBounded, type Logger } from '@devhub/shared';
import { Elysia, t } from 'elysia';
import type { ProxyState } from '../../upstream/state';
import { InvalidRequest, ProxyError, RouteNotFound } from '../../upstream/errors';
import { DASHBOARD_ASSETS, DASHBOARD_PAGE } from './assets';
import { MAX_STREAMS, type RequestFeed } from './feed';
import { DashboardState, DashboardUsage, ReloadResult } from './model';
import { CHART_DAYS, dashboardUsage, MAX_CHART_DAYS } from './usage';
import { dashboardState } from './view';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_API = '/dashboard/api';

export interface DashboardDeps {
  state: ProxyState;
  log: Logger;
  feed: RequestFeed;
  usageCachePath?: string;
  requestsDbPath?: string;
  now?: () => Date;
  /** What the reload button does (serve: the same as SIGUSR1); default: re-read the config file. */
  reload?: () => { ok: boolean; reason: string | null };
}

/**
 * The page runs only its own script and styles and talks only to its own API, and no other site may
 * frame it (a framed page's reload button could be clicked through a decoy: the guard's Origin
 * check does not see a click inside the proxy's own page).
 */
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
const html = {
  'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store',
  'content-security-policy': PAGE_POLICY, 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer',
};

/**
 * The local dashboard: the page and its assets (embedded in the binary, no CDN) and the JSON and
 * SSE it reads. Served behind the proxy's guard: loopback Host, only its own Origin, and
 * server.auth_token on the API when set (README "Dashboard").
 */
export const dashboardModule = (deps: DashboardDeps) => {
  const now = () => deps.now?.() ?? new Date();
  const reload = deps.reload ?? (() => {
    if (!deps.state.configPath) return { ok: false, reason: 'no config file to reload (the proxy was started without one)' };
    const result = deps.state.reload(deps.state.configPath, deps.log);
    return result.ok ? { ok: true, reason: null } : { ok: false, reason: result.reason };
  });
  return new Elysia({ name: 'dashboard' })
    .get(DASHBOARD_PATH, () => new Response(DASHBOARD_PAGE, { headers: html }), { detail: { summary: 'The dashboard page', tags: ['dashboard'] } })
    // The proxy's address opened in a browser shows the dashboard too.
    .get('/', () => new Response(DASHBOARD_PAGE, { headers: html }), { detail: { summary: 'The dashboard page (same as /dashboard)', tags: ['dashboard'] } })
    // The browser asks for an icon with every new dashboard tab: an empty answer, not a 404 on its
    // console and a "rejected GET /favicon.ico" line in the log.
    .get('/favicon.ico', () => new Response(null, { status: 204, headers: { 'cache-control': 'max-age=86400' } }), { detail: { hide: true } })
    .get(`${DASHBOARD_PATH}/assets/:file`, ({ params }) => {
      const asset = DASHBOARD_ASSETS[params.file];
      if (!asset) throw new RouteNotFound('GET', `${DASHBOARD_PATH}/assets/${params.file}`);
      return new Response(asset.text, { headers: { 'content-type': asset.type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
    }, { detail: { hide: true } })
    .get(`${DASHBOARD_API}/state`, () => dashboardState({ state: deps.state, usageCachePath: deps.usageCachePath, now: now() }), {
      response: DashboardState,
      detail: { summary: 'Every key with its live state and quota, the routes and which target serves each now, config problems', tags: ['dashboard'] },
    })
    .get(`${DASHBOARD_API}/usage`, ({ query }) => dashboardUsage(deps.requestsDbPath, deps.state.current.config, query.days ?? CHART_DAYS, now()), {
      query: t.Object({ days: t.Optional(t.Integer({ minimum: 1, maximum: MAX_CHART_DAYS })) }, { additionalProperties: false }),
      response: DashboardUsage,
      detail: { summary: 'Tokens and cost per day, provider, key and model (requests.db)', tags: ['dashboard'] },
    })
    .get(`${DASHBOARD_API}/events`, ({ request }) => {
      if (deps.feed.size >= MAX_STREAMS) throw new ProxyError('too_many_streams', 429, `at most ${MAX_STREAMS} dashboard streams may be open at once; close other dashboard tabs`);
      return new Response(deps.feed.stream(request.signal), {
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
      });
    }, { detail: { summary: 'Live request stream (SSE, event "request": one requests.jsonl line)', tags: ['dashboard'] } })
    .post(`${DASHBOARD_API}/reload`, async ({ request }) => {
      // The button sends nothing; a body is a mistake worth saying, as soon as its first byte comes
      // (the rest is never read: an endless upload costs nothing).
      await readBounded(request.body, 0, () => new InvalidRequest('POST /dashboard/api/reload takes no body'));
      return reload();
    }, { parse: 'none', response: ReloadResult, detail: { summary: 'Reload config.yaml (like SIGUSR1)', tags: ['dashboard'] } });
};
