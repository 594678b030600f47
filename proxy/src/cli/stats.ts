import { defineCommand } from 'citty';
import { openDatabase } from '../accounting/db';
import { parseSince, readFailures, readRows, STATS_GROUPINGS, summarize, type StatsGrouping } from '../accounting/stats';
import { renderStats } from '../accounting/stats-format';
import { requestsDbPath } from '../config';
import { print } from './_args';
import { loadContext } from './_context';
import { BadArgument, CommandFailed } from './_errors';

/** Requests, errors, tokens, latency and cost from requests.db (written by `serve`). */
export default defineCommand({
  meta: { name: 'stats', description: 'Requests, errors, tokens, p50/p95 latency and cost recorded by serve (requests.db)' },
  args: {
    since: { type: 'string', description: 'Period: a span back from now (30m, 24h, 7d, 2w) or a date (2026-11-01)', default: '24h' },
    by: { type: 'enum', options: [...STATS_GROUPINGS], description: 'One line per provider, key, model (upstream) or day', default: 'provider' },
    json: { type: 'boolean', description: 'Structured output', default: false },
  },
  run({ args }) {
    const { dir, config } = loadContext();
    const now = new Date();
    const since = parseSince(args.since, now);
    if (!since) throw new BadArgument(`--since ${args.since}: expected a span such as 30m, 24h, 7d, 2w or a date such as 2026-11-01`);
    const by = args.by as StatsGrouping;
    const path = requestsDbPath(dir);
    let db: ReturnType<typeof openDatabase> = null;
    let report: ReturnType<typeof summarize>;
    try {
      db = openDatabase(path, { create: false });
      const [from, to] = [since.getTime(), now.getTime() + 1];
      report = summarize(readRows(db, from, to), config, by, since, now, by === 'key' ? readFailures(db, from, to) : []);
    } catch (error) {
      // SQLite's own words (`file is not a database`, `database disk image is malformed`), as serve and statusline say them.
      throw new CommandFailed(`cannot read ${path}: ${(error as Error).message}`, 'ACCOUNTING_UNREADABLE');
    } finally {
      db?.close();
    }
    print(args.json ? JSON.stringify(report, null, 2) : renderStats(report, /^\d/.test(args.since) && !args.since.includes('-') ? `last ${args.since}` : `from ${args.since}`));
  },
});
