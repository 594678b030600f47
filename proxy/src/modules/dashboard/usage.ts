import type { ProxyConfig } from '../../config/schema';
import { openDatabase } from '../../accounting/db';
import { readFailures, readRows, summarize } from '../../accounting/stats';
import type { DashboardUsage } from './model';

/** The days of history the charts show by default, and at most. */
export const CHART_DAYS = 14;
export const MAX_CHART_DAYS = 90;

/** Token and cost sums from requests.db, grouped the four ways the charts show (the same sums as `stats`). */
export function dashboardUsage(dbPath: string | undefined, config: ProxyConfig, days: number, now: Date): DashboardUsage {
  const since = new Date(now);
  since.setHours(0, 0, 0, 0);
  since.setDate(since.getDate() - (days - 1));
  const db = dbPath ? openDatabase(dbPath, { create: false }) : null;
  let rows: ReturnType<typeof readRows> = [];
  let failures: ReturnType<typeof readFailures> = [];
  try {
    rows = readRows(db, since.getTime(), now.getTime() + 1);
    failures = readFailures(db, since.getTime(), now.getTime() + 1);
  } finally {
    db?.close();
  }
  const by = (grouping: 'day' | 'provider' | 'key' | 'model') => summarize(rows, config, grouping, since, now, grouping === 'key' ? failures : []).groups;
  return { days, currency: config.accounting.currency, by_day: by('day'), by_provider: by('provider'), by_key: by('key'), by_model: by('model') };
}
