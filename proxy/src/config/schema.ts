import { Type as t } from '@sinclair/typebox';

/** The config format this program writes; older files are migrated up to it (see cli migrations). */
export const CONFIG_VERSION = 1;

/** Models that accept image blocks; every other target gets images stripped (README "Forwarding", multimodal downgrade). */
export const DEFAULT_MULTIMODAL_MODELS = ['MiniMax-M3', 'glm-4.6v'];

/** Names accepted by `usage_adapter:`; they override the host-marker choice (usage/select.ts). */
export const UsageAdapterName = t.Union([
  t.Literal('minimax'),
  t.Literal('kimi'),
  t.Literal('zhipu'),
  t.Literal('zhipu_team'),
  t.Literal('litellm'),
  t.Literal('probe'),
]);
export type UsageAdapterName = typeof UsageAdapterName.static;

/** The wire format a provider speaks (README "Vendors speaking OpenAI"). */
export const ProviderFormat = t.Union([t.Literal('anthropic'), t.Literal('openai')]);
export type ProviderFormat = typeof ProviderFormat.static;

export const KeyEntry = t.Object({
  key: t.String({ minLength: 1 }),
  note: t.Optional(t.String()),
  organization: t.Optional(t.String()),
  project: t.Optional(t.String()),
}, { additionalProperties: false });
export type KeyEntry = typeof KeyEntry.static;

export const Provider = t.Object({
  base_url: t.String({ minLength: 1 }),
  api_keys: t.Array(KeyEntry, { minItems: 1 }),
  usage_adapter: t.Optional(UsageAdapterName),
  /** `anthropic-beta` values removed before forwarding: some third-party upstreams 400 on unknown betas. */
  drop_betas: t.Optional(t.Array(t.String())),
  /**
   * The API the provider speaks: `anthropic` (Messages, `{base_url}/v1/messages`, the default) or
   * `openai` (Chat Completions, `{base_url}/chat/completions`): requests are translated both ways.
   */
  format: t.Optional(ProviderFormat),
}, { additionalProperties: false });
export type Provider = typeof Provider.static;

export const Weekday = t.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => t.Literal(d)));
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

const ClockTime = t.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour clock' });

export const Schedule = t.Object({
  days: t.Array(Weekday, { minItems: 1, default: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] }),
  from: ClockTime,
  to: ClockTime,
  tz: t.String({ minLength: 1, default: 'UTC', description: 'IANA time zone, e.g. Asia/Shanghai' }),
}, { additionalProperties: false });
export type Schedule = typeof Schedule.static;

/** Where a route may send a request: a provider and, optionally, the model to ask it for. */
export const RouteTarget = t.Object({
  provider: t.String({ minLength: 1 }),
  model: t.Optional(t.String({ minLength: 1, description: 'upstream model; without it the client model is sent' })),
}, { additionalProperties: false });
export type RouteTarget = typeof RouteTarget.static;

export const Route = t.Object({
  match: t.String({ description: 'regular expression searched (case-insensitively) in the normalized model' }),
  provider: t.String({ minLength: 1 }),
  model: t.Optional(t.String({ minLength: 1 })),
  /** Tried in order when every key of the provider above (and of earlier fallbacks) failed or is cooling down. */
  fallback: t.Optional(t.Array(RouteTarget)),
}, { additionalProperties: false });
export type Route = typeof Route.static;

/** A route plus the weekly window in which it applies. */
export const TimedRoute = t.Composite([Route, t.Object({ schedule: Schedule })], { additionalProperties: false });
export type TimedRoute = typeof TimedRoute.static;

export const ServerSettings = t.Object({
  host: t.String({ minLength: 1, default: '127.0.0.1' }),
  port: t.Integer({ minimum: 0, maximum: 65535, default: 8765 }),
  /** Empty = no client token required (loopback + Host check only). */
  auth_token: t.String({ default: '' }),
  /** Binding to a non-loopback address must be asked for explicitly. */
  allow_remote: t.Boolean({ default: false }),
  /** Seconds to wait for an upstream's response headers before trying the next key. */
  upstream_timeout: t.Number({ exclusiveMinimum: 0, default: 600 }),
  /**
   * The same for a streaming request. A stream's headers come within seconds of a healthy upstream,
   * and Claude Code gives up after 600 s: with the same limit a hung key would be retried forever
   * and the next key never used.
   */
  stream_header_timeout: t.Number({ exclusiveMinimum: 0, default: 120 }),
  /**
   * Seconds: a key that had sent no response headers when the client gave up counts as failed (it
   * cools like a timeout) once the client had waited at least this long. A quicker cancel (Esc in
   * Claude Code) says nothing about the key. 0 = every such abandon counts.
   */
  client_abort_grace: t.Number({ minimum: 0, default: 30 }),
  /**
   * Seconds a key refused with 401/402/403 rests. When the rest ends, one 1-token request checks
   * the key in the background while requests use the other keys first; a key still refused rests again.
   */
  auth_cooldown: t.Number({ exclusiveMinimum: 0, default: 1800 }),
}, { additionalProperties: false, default: {} });
export type ServerSettings = typeof ServerSettings.static;

export const UpdateSettings = t.Object({
  /** Release manifest read by `modelproxy update` (JSON: version, per-platform url and sha256). */
  manifest_url: t.String({ default: '' }),
}, { additionalProperties: false, default: {} });
export type UpdateSettings = typeof UpdateSettings.static;

export const AccountingSettings = t.Object({
  /** Record every request's tokens and timings in requests.db (`stats`, `statusline`). */
  enabled: t.Boolean({ default: true }),
  /** Days of per-request history kept in requests.db (pruned at start and hourly); 0 keeps everything. */
  retention_days: t.Integer({ minimum: 0, default: 90 }),
  /**
   * Seconds after which `serve` re-reads the quota of a key that just served a request, off the
   * request path, for `statusline`; 0 = never (then only `modelproxy usage` fills the cache).
   * Only platforms with a quota query are asked; a probe would cost tokens and is never sent.
   */
  quota_refresh: t.Number({ minimum: 0, default: 300 }),
  /** Shown after every cost; the prices are in this currency. */
  currency: t.String({ minLength: 1, default: 'USD' }),
}, { additionalProperties: false, default: {} });
export type AccountingSettings = typeof AccountingSettings.static;

/** Price per million tokens of one model; cache reads and writes cost the input price unless given. */
export const ModelPrice = t.Object({
  input: t.Number({ minimum: 0 }),
  output: t.Number({ minimum: 0 }),
  cache_read: t.Optional(t.Number({ minimum: 0 })),
  cache_write: t.Optional(t.Number({ minimum: 0 })),
}, { additionalProperties: false });
export type ModelPrice = typeof ModelPrice.static;

export const ProxyConfig = t.Object({
  config_version: t.Integer({ minimum: 1, default: CONFIG_VERSION }),
  server: ServerSettings,
  providers: t.Record(t.String({ minLength: 1 }), Provider, { default: {} }),
  routes: t.Object({
    timed: t.Array(TimedRoute, { default: [] }),
    default: t.Array(Route, { default: [] }),
  }, { additionalProperties: false, default: {} }),
  /** Target models that accept image blocks (exact name, case-insensitive). */
  multimodal_models: t.Array(t.String(), { default: DEFAULT_MULTIMODAL_MODELS }),
  update: UpdateSettings,
  accounting: AccountingSettings,
  /**
   * Per upstream model (the model after a route's rewrite), or `provider/model` for one provider's
   * price: `stats` shows a cost for requests whose model has a price.
   */
  prices: t.Record(t.String({ minLength: 1 }), ModelPrice, { default: {} }),
  /**
   * Context window in tokens per upstream model (or `provider/model`), over the built-in table of
   * known vendor models: `settings apply` sizes Claude Code's context by the smallest routed one.
   */
  context_windows: t.Record(t.String({ minLength: 1 }), t.Integer({ minimum: 1000 }), { default: {} }),
}, { additionalProperties: false });
export type ProxyConfig = typeof ProxyConfig.static;
