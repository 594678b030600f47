/** What bench/proxy.ts and bench/proxy-ab.ts share: the client's headers and percentiles. */

/** The headers every benchmark request carries (Claude Code's minimum). */
export const CLIENT_HEADERS = { 'content-type': 'application/json', 'x-api-key': 'client', 'anthropic-version': '2023-06-01' };

/** Ascending copy. */
export const sort = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The p-th percentile of an ascending list (NaN when empty). */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
