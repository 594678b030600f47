import type { ProxyConfig } from '../../config/schema';
import { openDatabase } from '../../accounting/db';
import { readFailures, readRows, summarize } from '../../accounting/stats';
import { ProxyError } from '../../upstream/errors';
import type { DashboardUsage } from './model';

/** The days of history the charts show by default, and at most. */
export const CHART_DAYS = 14;
export const MAX_CHART_DAYS = 90;

/** Token and cost sums from requests.db, grouped the four ways the charts show (the same sums as `stats`). */
export function dashboardUsage(dbPath: string | undefined, config: ProxyConfig, days: number, now: Date): DashboardUsage {
  const since = new Date(now);
  since.setHours(0, 0, 0, 0);
  since.setDate(since.getDate() - (days - 1));
  let rows: ReturnType<typeof readRows> = [];
  let failures: ReturnType<typeof readFailures> = [];
  try {
    const db = dbPath ? openDatabase(dbPath, { create: false }) : null;
    try {
      rows = readRows(db, since.getTime(), now.getTime() + 1);
      failures = readFailures(db, since.getTime(), now.getTime() + 1);
    } finally {
      db?.close();
    }
  } catch (error) {
    // A damaged or unreadable requests.db is said in one line, as `stats` says it, not a 500 with a
    // stack trace in the log at every refresh of the page.
    throw new ProxyError('accounting_unreadable', 503, `cannot read ${dbPath}: ${(error as Error).message}; the charts need it (modelproxy stats says the same)`);
  }
  const by = (grouping: 'day' | 'provider' | 'key' | 'model') => summarize(rows, config, grouping, since, now, grouping === 'key' ? failures : []).groups;
  return { days, currency: config.accounting.currency, by_day: by('day'), by_provider: by('provider'), by_key: by('key'), by_model: by('model') };
}
