import type { Database } from 'bun:sqlite';
import { maskKey } from '@devhub/shared';
import { Type as t } from '@sinclair/typebox';
import type { ProxyConfig } from '../config/schema';
import { FAILURES_VERSION, type KeyFailure, type RequestRecord } from './db';
import { keyFingerprint } from './meter';
import { costOf, priceFor } from './prices';

export const STATS_GROUPINGS = ['provider', 'key', 'model', 'day'] as const;
export type StatsGrouping = (typeof STATS_GROUPINGS)[number];

/** `--by key`: the group of requests the proxy answered without a key (no_usable_key, a bad request). */
export const NO_KEY = '(answered by the proxy, no key)';

const Ms = t.Union([t.Number(), t.Null()]);

/** One line of `stats`: a provider, key, model or day (or the total). */
export const StatsGroup = t.Object({
  group: t.String({ description: 'provider; provider#n for a key; the upstream model; a local YYYY-MM-DD day; "total"' }),
  key: t.Optional(t.Union([t.String({ description: 'masked' }), t.Null()], { description: '--by key: the key, masked; null when it is no longer in config.yaml' })),
  requests: t.Integer(),
  errors: t.Integer({ description: 'answered with status 400 or above (by the upstream or the proxy)' }),
  incomplete: t.Integer({ description: 'the body broke off (upstream failure or the client left)' }),
  input_tokens: t.Integer({ description: 'uncached input, as reported by the upstreams' }),
  output_tokens: t.Integer(),
  cache_read_tokens: t.Integer(),
  cache_write_tokens: t.Integer(),
  latency_p50_ms: Ms,
  latency_p95_ms: Ms,
  ttfb_p50_ms: Ms,
  ttfb_p95_ms: Ms,
  cost: t.Union([t.Number(), t.Null()], { description: 'from the prices in config.yaml; null when no request here has one' }),
  unpriced: t.Integer({ description: 'requests with tokens but no price for their model (not in cost)' }),
  failures: t.Optional(t.Integer({ description: '--by key: tries with this key that failed and moved on, whichever key finally served' })),
});
export type StatsGroup = typeof StatsGroup.static;

export const StatsReport = t.Object({
  since: t.String(),
  until: t.String(),
  by: t.Union(STATS_GROUPINGS.map((g) => t.Literal(g))),
  currency: t.String(),
  groups: t.Array(StatsGroup),
  total: StatsGroup,
});
export type StatsReport = typeof StatsReport.static;

type Row = Pick<RequestRecord, 'time' | 'provider' | 'key_index' | 'key_fp' | 'model_in' | 'model_out' | 'status' | 'completed' | 'input_tokens' | 'output_tokens' | 'cache_read_tokens' | 'cache_write_tokens' | 'latency_ms' | 'ttfb_ms'>;

export function readRows(db: Database | null, since: number, until: number): Row[] {
  if (!db) return [];
  return db.query(`SELECT time, provider, key_index, key_fp, model_in, model_out, status, completed, input_tokens, output_tokens,
      cache_read_tokens, cache_write_tokens, latency_ms, ttfb_ms FROM requests WHERE time >= ? AND time < ? ORDER BY time`).all(since, until) as Row[];
}

/** Failed tries with keys in a period; none from a database that predates the table. */
export function readFailures(db: Database | null, since: number, until: number): KeyFailure[] {
  if (!db) return [];
  const version = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version < FAILURES_VERSION) return [];
  return db.query('SELECT time, provider, key_index, key_fp, status FROM key_failures WHERE time >= ? AND time < ? ORDER BY time').all(since, until) as KeyFailure[];
}

/**
 * Aggregates rows per group; cost uses the prices of the config as it is now. By key, each key also
 * counts its failed tries (`failures`), so a key that failed before another served is not hidden.
 */
export function summarize(rows: Row[], config: ProxyConfig, by: StatsGrouping, since: Date, until: Date, failures: readonly KeyFailure[] = []): StatsReport {
  const keyLabel = keyLabeller(config);
  const groups = new Map<string, { rows: Row[]; key?: string | null }>();
  for (const row of rows) {
    let name: string;
    let key: string | null | undefined;
    if (by === 'provider') name = row.provider ?? '(no provider)';
    else if (by === 'model') name = row.model_out ?? row.model_in ?? '(no model)';
    else if (by === 'day') name = localDay(row.time);
    else {
      // Rows the proxy answered itself (no key was tried to the end) are not any key's.
      name = row.provider === null || row.key_index === null ? NO_KEY : `${row.provider}#${row.key_index}`;
      key = keyLabel(row);
      // The same position may have held another key: they are different keys.
      if (name === NO_KEY) key = undefined;
      else if (key !== undefined) name = `${name}\u0000${key ?? row.key_fp}`;
    }
    const group = groups.get(name) ?? { rows: [], ...(by === 'key' ? { key } : {}) };
    group.rows.push(row);
    groups.set(name, group);
  }
  const failed = new Map<string, number>();
  if (by === 'key') {
    for (const f of failures) {
      const key = keyLabel({ key_fp: f.key_fp } as Row);
      const name = `${f.provider}#${f.key_index}\u0000${key ?? f.key_fp}`;
      if (!groups.has(name)) groups.set(name, { rows: [], key });
      failed.set(name, (failed.get(name) ?? 0) + 1);
    }
  }
  const list = [...groups.entries()].map(([name, g]) => ({
    ...aggregate(name.split('\u0000')[0]!, g.rows, config),
    ...(by === 'key' && name !== NO_KEY ? { key: g.key ?? null, failures: failed.get(name) ?? 0 } : {}),
  }));
  list.sort(by === 'day' ? (a, b) => a.group.localeCompare(b.group) : (a, b) => b.requests - a.requests || a.group.localeCompare(b.group));
  const total = { ...aggregate('total', rows, config), ...(by === 'key' ? { failures: failures.length } : {}) };
  return { since: since.toISOString(), until: until.toISOString(), by, currency: config.accounting.currency, groups: list, total };
}

function aggregate(group: string, rows: Row[], config: ProxyConfig): StatsGroup {
  const sum = (field: 'input_tokens' | 'output_tokens' | 'cache_read_tokens' | 'cache_write_tokens') => rows.reduce((n, r) => n + (r[field] ?? 0), 0);
  const latency = rows.map((r) => r.latency_ms).sort((a, b) => a - b);
  const ttfb = rows.flatMap((r) => (r.ttfb_ms === null ? [] : [r.ttfb_ms])).sort((a, b) => a - b);
  let cost: number | null = null;
  let unpriced = 0;
  for (const row of rows) {
    const hasTokens = row.input_tokens !== null || row.output_tokens !== null;
    if (!hasTokens) continue;
    const price = priceFor(config.prices, row.provider, row.model_out ?? row.model_in);
    if (price) cost = (cost ?? 0) + costOf(price, row);
    else unpriced++;
  }
  return {
    group,
    requests: rows.length,
    errors: rows.filter((r) => r.status >= 400).length,
    incomplete: rows.filter((r) => r.status < 400 && !r.completed).length,
    input_tokens: sum('input_tokens'),
    output_tokens: sum('output_tokens'),
    cache_read_tokens: sum('cache_read_tokens'),
    cache_write_tokens: sum('cache_write_tokens'),
    latency_p50_ms: percentile(latency, 50),
    latency_p95_ms: percentile(latency, 95),
    ttfb_p50_ms: percentile(ttfb, 50),
    ttfb_p95_ms: percentile(ttfb, 95),
    cost: cost === null ? null : Math.round(cost * 1e9) / 1e9,
    unpriced,
  };
}

/** Nearest rank on sorted values; null for none. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The masked key a row's fingerprint belongs to in the current config; null when none does. */
function keyLabeller(config: ProxyConfig): (row: Row) => string | null | undefined {
  const masked = new Map<string, string>();
  for (const provider of Object.values(config.providers)) {
    for (const entry of provider.api_keys) masked.set(keyFingerprint(entry.key), maskKey(entry.key));
  }
  return (row) => (row.key_fp === null ? undefined : masked.get(row.key_fp) ?? null);
}

export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since`: a span back from now (`90m`, `24h`, `7d`, `2w`) or a date/time (`2026-11-01`, ISO 8601). */
export function parseSince(text: string, now: Date): Date | null {
  const span = /^(\d+(?:\.\d+)?)\s*([smhdw])$/i.exec(text.trim());
  let date: Date;
  // A span too long for a date (`99999999999d`) is as unreadable as a malformed one.
  if (span) date = new Date(now.getTime() - Number(span[1]) * UNITS[span[2]!.toLowerCase()]!);
  else if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null;
  // A bare date is local midnight, as the day grouping shows it.
  else date = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? new Date(`${text.trim()}T00:00:00`) : new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}
