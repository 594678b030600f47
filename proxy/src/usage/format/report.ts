import { VERSION } from '../../version';
import type { Collected } from '../query';
import type { KeyUsage, UsageReport } from '../model';

/**
 * The JSON result of `usage --json` (README "usage and status"). Overall ok = every queried key ok; a cached failure still
 * counts as failed, placeholder keys (never queried) do not count.
 */
export function buildReport(collected: Collected, options: { timeoutMs: number; verbose: boolean }): UsageReport {
  const keys = collected.providers.flatMap((p) => p.keys);
  return {
    ok: keys.every((k) => k.placeholder || k.entry.ok),
    version: VERSION,
    timeout: Number((options.timeoutMs / 1000).toFixed(1)),
    skipped: collected.skipped,
    providers: collected.providers.map((p) => ({
      provider: p.provider,
      keys: p.keys.map((k): KeyUsage => (options.verbose ? { ...k.entry, raw_lines: k.lines } : k.entry)),
    })),
  };
}
