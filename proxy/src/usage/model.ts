import { Type as t } from '@sinclair/typebox';

/** Spec "Usage result (JSON output)": one quota window. Unknown balance is 0, unknown reset null. */
export const UsageWindow = t.Object({
  remaining_percent: t.Number(),
  remaining_seconds: t.Union([t.Integer(), t.Null()]),
  reset_at: t.Union([t.String({ description: 'ISO 8601 with UTC offset' }), t.Null()]),
  window_hours: t.Optional(t.Number()),
  /** Platform extra: raw usage text such as `56/1500` or `24%`. */
  used: t.Optional(t.String()),
});
export type UsageWindow = typeof UsageWindow.static;

export const KeyUsage = t.Object({
  index: t.Integer({ minimum: 1 }),
  key: t.String({ description: 'masked: first 4, ***, last 4' }),
  note: t.String(),
  ok: t.Boolean(),
  skipped: t.Boolean(),
  method: t.String(),
  adapter_error: t.Union([t.String(), t.Null()]),
  plan: t.Union([t.String(), t.Null()]),
  five_hour: UsageWindow,
  weekly: UsageWindow,
  raw_lines: t.Optional(t.Array(t.String())),
});
export type KeyUsage = typeof KeyUsage.static;

export const ProviderUsage = t.Object({ provider: t.String(), keys: t.Array(KeyUsage) });
export type ProviderUsage = typeof ProviderUsage.static;

export const UsageReport = t.Object({
  ok: t.Boolean(),
  version: t.String(),
  timeout: t.Number(),
  skipped: t.Integer(),
  providers: t.Array(ProviderUsage),
});
export type UsageReport = typeof UsageReport.static;

/** What a dedicated adapter learned about one key. */
export interface AdapterReading {
  method: string;
  plan: string | null;
  five_hour: UsageWindow;
  weekly: UsageWindow;
  /** Verbose detail lines (`usage --verbose`). */
  lines: string[];
}

/**
 * Everything the formatters need about one key: the JSON entry plus the texts the summary shows.
 * `summary` is the one-line text of a key without a quota interface (probe, failure, cache).
 */
export interface KeyResult {
  entry: KeyUsage;
  /** Placeholder keys are listed but never queried; they do not decide the exit code. */
  placeholder: boolean;
  summary: string | null;
  /** For a key skipped by the failure cache: when it was last checked. */
  cachedAt: Date | null;
  lines: string[];
}

export interface ProviderResult {
  provider: string;
  keys: KeyResult[];
}

export const TIME_FORMATS = ['dhm', 'hours', 'minutes'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

export const unknownWindow = (windowHours?: number): UsageWindow => ({
  remaining_percent: 0,
  remaining_seconds: null,
  reset_at: null,
  ...(windowHours === undefined ? {} : { window_hours: windowHours }),
});
