import { t } from 'elysia';
import { StatsGroup } from '../../accounting/stats';
import { RequestLogEntry } from '../../upstream/request-log';

const Window = t.Union([t.Object({ remaining_percent: t.Number(), reset_at: t.Union([t.String(), t.Null()]) }), t.Null()]);

/** One key as the dashboard and `modelproxy status` show it: its live state in the running proxy. */
export const DashboardKey = t.Object({
  provider: t.String(),
  index: t.Integer({ description: '1-based position in api_keys (as in x-modelproxy-key)' }),
  key: t.String({ description: 'masked' }),
  note: t.Union([t.String(), t.Null()]),
  state: t.Union([t.Literal('serving'), t.Literal('placeholder'), t.Literal('cooling'), t.Literal('refused'), t.Literal('rechecking'), t.Literal('exhausted')]),
  until: t.Union([t.String({ description: 'ISO 8601: when the rest ends' }), t.Null()]),
  reason: t.Union([t.String(), t.Null()], { description: 'why it rests, in words' }),
  quota: t.Union([t.Object({ five_hour: Window, weekly: Window, checked_at: t.String() }), t.Null()], { description: 'last quota reading (usage-cache.json)' }),
});
export type DashboardKey = typeof DashboardKey.static;

export const DashboardRoute = t.Object({
  id: t.String({ description: 'timed[i] or default[i]' }),
  match: t.String(),
  schedule: t.Union([t.String(), t.Null()], { description: 'a timed route\'s window in words' }),
  open: t.Boolean({ description: 'a default route, or a timed route whose window is open now' }),
  targets: t.Array(t.Object({ provider: t.String(), model: t.Union([t.String(), t.Null()]) })),
  serving: t.Union([t.String(), t.Null()], { description: 'the target that gets the route\'s next request: provider/model, or null when none can' }),
});
export type DashboardRoute = typeof DashboardRoute.static;

export const DashboardState = t.Object({
  now: t.String(),
  loaded_at: t.String({ description: 'when the config in use was loaded' }),
  config_path: t.Union([t.String(), t.Null()]),
  problems: t.Array(t.String(), { description: 'config problems: placeholder providers, a rejected reload' }),
  keys: t.Array(DashboardKey),
  routes: t.Array(DashboardRoute),
});
export type DashboardState = typeof DashboardState.static;

/** Token and cost sums per day, provider, key and model over the last `days` days (requests.db). */
export const DashboardUsage = t.Object({
  days: t.Integer(),
  currency: t.String(),
  by_day: t.Array(StatsGroup),
  by_provider: t.Array(StatsGroup),
  by_key: t.Array(StatsGroup),
  by_model: t.Array(StatsGroup),
});
export type DashboardUsage = typeof DashboardUsage.static;

export const ReloadResult = t.Object({ ok: t.Boolean(), reason: t.Union([t.String(), t.Null()]) });

/** One event of the live request stream: a requests.jsonl line as it is written. */
export const RequestEvent = RequestLogEntry;
