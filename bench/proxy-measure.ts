/** What the proxy benchmarks share: the client's headers, one round trip, the sample scale per size, percentiles. */
import { readFileSync } from 'node:fs';

/** The headers every benchmark request carries (Claude Code's minimum). */
export const CLIENT_HEADERS = { 'content-type': 'application/json', 'x-api-key': 'client', 'anthropic-version': '2023-06-01' };

/** How many times fewer round trips a body size gets than a ping (a bigger body takes longer each). */
export const SIZE_SCALE: Record<string, number> = { ping: 1, session: 5, screenshot: 15 };

/** One non-streaming round trip through `url`, its answer read to the end; throws unless it is a 200. */
export async function roundTrip(url: string, body: string): Promise<void> {
  const res = await fetch(`${url}/v1/messages`, { method: 'POST', headers: CLIENT_HEADERS, body });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
}

/** Mixed round trips per target before a proxy benchmark measures anything (`warmUp`); JIT_WARMUP= overrides. */
export const JIT_WARMUP = Number(process.env.JIT_WARMUP ?? 12000);

/** Round trips of each size in one cycle of `warmUp` (the sizes Claude Code sends, small and large alike, and now and then a screenshot). */
const WARM_CYCLE: Record<string, number> = { ping: 4, session: 4, screenshot: 1 };

/**
 * `n` round trips through `url` with the given bodies mixed, as Claude Code's traffic mixes them:
 * JavaScriptCore compiles modelproxy's request path in its top tier (FTL) only after about 12 000
 * requests, compiling some functions again when a new size shows them new types (counted with
 * BUN_JSC_reportCompileTimes=1 on `modelproxy serve`, proxy/README.md "Warm-up"). A proxy serves its
 * user all day; the benchmarks measure it after that. Stops early at `deadline` (performance.now()),
 * once every body was sent.
 */
export async function warmUp(url: string, bodies: ReadonlyArray<{ name: string; json: string }>, n: number, deadline = Infinity): Promise<void> {
  const cycle = bodies.flatMap((b) => Array<string>(WARM_CYCLE[b.name] ?? 1).fill(b.json));
  for (let i = 0; i < n && (i < cycle.length || performance.now() < deadline); i++) await roundTrip(url, cycle[i % cycle.length]!);
}

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
