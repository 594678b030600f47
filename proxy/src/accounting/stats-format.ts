import type { StatsGroup, StatsReport } from './stats';
import { localDay } from './stats';

const int = (n: number) => n.toLocaleString('en-US');
const msText = (n: number | null) => (n === null ? '—' : n < 100 ? n.toFixed(1) : int(Math.round(n)));
const costText = (n: number | null) => (n === null ? '—' : n.toFixed(n !== 0 && n < 0.01 ? 6 : 4));
const localTime = (iso: string) => {
  const d = new Date(iso);
  return `${localDay(d.getTime())} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** `stats` as a table: one row per group, then the total; token counts exact, as the upstreams reported them. */
export function renderStats(report: StatsReport, sinceText: string): string[] {
  const head = `requests since ${localTime(report.since)} (${sinceText}), by ${report.by}`;
  if (report.total.requests === 0 && !report.total.failures) return [head, '', 'no requests recorded in this period'];
  const label = (g: StatsGroup) => (g.key === undefined ? g.group : `${g.group} ${g.key ?? '(key no longer in config)'}`);
  // By key, the failed tries with each key (the request then moved on) beside what it served.
  const byKey = report.by === 'key';
  const header = [report.by, 'requests', 'errors', ...(byKey ? ['failed tries'] : []), 'input', 'output', 'cache read', 'cache write', 'p50 ms', 'p95 ms', `cost ${report.currency}`];
  const cells = (g: StatsGroup) => [
    label(g), int(g.requests), int(g.errors), ...(byKey ? [g.failures === undefined ? '—' : int(g.failures)] : []), int(g.input_tokens), int(g.output_tokens),
    int(g.cache_read_tokens), int(g.cache_write_tokens), msText(g.latency_p50_ms), msText(g.latency_p95_ms), costText(g.cost),
  ];
  const rows = [header, ...report.groups.map(cells), cells(report.total)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  const lines = [head, '', line(header), ...report.groups.map((g) => line(cells(g))), '-'.repeat(line(header).length), line(cells(report.total))];
  const notes: string[] = [];
  if (report.total.incomplete > 0) notes.push(`${int(report.total.incomplete)} answer(s) broke off before the end (the upstream failed or the client left)`);
  if (report.total.unpriced > 0) notes.push(`${int(report.total.unpriced)} request(s) have no price for their model and are not in the cost (add them under prices: in config.yaml)`);
  notes.push('latency: until the response headers; tokens as the upstreams reported them (input excludes cache reads and writes)');
  return [...lines, '', ...notes];
}
