import { defineCommand } from 'citty';
import { usageCachePath } from '../config';
import { buildReport, collectUsage, painter, renderSummary, renderVerbose, useColor, USAGE_TIMEOUT_MS } from '../usage';
import { asTimeFormat, forceArg, outputArgs, print, printErr } from './_args';
import { loadContext } from './_context';
import { ExitStatus } from '@devhub/shared';

/** Per-key timeout; MODELPROXY_USAGE_TIMEOUT_MS exists so tests need not wait 15 s for a hung upstream. */
export const usageTimeoutMs = (): number => {
  const ms = Number(process.env.MODELPROXY_USAGE_TIMEOUT_MS);
  // Beyond the largest safe integer no timer can be set: every query would fail at once, and the
  // failure would be cached for 6 hours against a key that works.
  return ms > 0 && ms <= Number.MAX_SAFE_INTEGER ? ms : USAGE_TIMEOUT_MS;
};

export interface UsageArgs {
  json: boolean;
  verbose: boolean;
  'time-format': unknown;
  force?: boolean;
}

/** Collects usage for every key; returns the report, the text lines and whether all keys are ok. */
export async function gatherUsage(args: UsageArgs) {
  const { dir, config } = loadContext();
  const timeoutMs = usageTimeoutMs();
  const collected = await collectUsage({ config, cachePath: usageCachePath(dir), force: Boolean(args.force), timeoutMs, warn: (m) => printErr(`warning: ${m}`) });
  const report = buildReport(collected, { timeoutMs, verbose: args.verbose });
  const render = args.verbose ? renderVerbose : renderSummary;
  const lines = render(collected, { timeFormat: asTimeFormat(args['time-format']), paint: painter(useColor(process.stdout.isTTY)), now: new Date(), timeoutMs });
  return { report, lines };
}

export default defineCommand({
  meta: { name: 'usage', description: 'Query the remaining quota of every configured key' },
  args: { ...outputArgs, ...forceArg },
  async run({ args }) {
    const { report, lines } = await gatherUsage(args);
    print(args.json ? JSON.stringify(report, null, 2) : lines);
    if (!report.ok) throw new ExitStatus(1);
  },
});
