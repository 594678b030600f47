/** What bench/proxy.ts and bench/proxy-ab.ts share: the client's headers and percentiles. */
import { readFileSync } from 'node:fs';

/** The headers every benchmark request carries (Claude Code's minimum). */
export const CLIENT_HEADERS = { 'content-type': 'application/json', 'x-api-key': 'client', 'anthropic-version': '2023-06-01' };

/** Ascending copy. */
export const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The p-th percentile of an ascending list (NaN when empty). */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * Starts counting the CPU time the hypervisor gave to others (steal, from /proc/stat); the returned
 * function gives its share of all CPU time since, in percent (null off Linux). A run with several
 * percent of steal is slowed unevenly and its ratios are not worth comparing.
 */
export function stealSince(): () => number | null {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return null;
    return (100 * (end.steal - start.steal)) / (end.total - start.total);
  };
}
