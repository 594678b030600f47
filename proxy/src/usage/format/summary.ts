import { CLI_NAME } from '../../version';
import type { KeyResult, TimeFormat, UsageWindow } from '../model';
import type { Collected } from '../query';
import type { Painter } from './color';
import { age, countdown, percent } from './time';

export interface RenderOptions {
  timeFormat: TimeFormat;
  paint: Painter;
  now: Date;
  timeoutMs: number;
}

export const RECHECK = `${CLI_NAME} usage --force`;

export const header = (timeoutMs: number): string => `Usage (timeout ${Number((timeoutMs / 1000).toFixed(1))}s per key)`;

/** Spec "Summary output (default)", line for line. */
export function renderSummary(collected: Collected, options: RenderOptions): string[] {
  const lines = [header(options.timeoutMs)];
  if (collected.skipped > 0) {
    lines.push(`${collected.skipped} key(s) skipped — last check failed (recheck with: ${RECHECK})`);
  }
  for (const group of collected.providers) {
    lines.push('', options.paint.bold(group.provider));
    for (const key of group.keys) lines.push(...keyLines(key, options));
  }
  return lines;
}

function keyLines(key: KeyResult, options: RenderOptions): string[] {
  const { paint } = options;
  const e = key.entry;
  const who = `#${e.index} ${e.key}${e.note ? ` [${e.note}]` : ''}`;
  if (key.placeholder) return [`  ${paint.dim(`- ${who}  ${key.summary}`)}`];
  if (e.skipped) {
    const mark = paint.dim(e.ok ? '✓' : '✗');
    const when = `${e.ok ? 'cached' : 'cached failure'} (${age(options.now.getTime() - (key.cachedAt?.getTime() ?? 0))} ago)`;
    return [`  ${mark} ${who}  ${when}: ${key.summary}`, `      ${paint.dim(`recheck with: ${RECHECK}`)}`];
  }
  const mark = e.ok ? paint.green('✓') : paint.red('✗');
  if (key.summary !== null) return [`  ${mark} ${who}  ${key.summary}`];
  const win = (label: string, w: UsageWindow) => `${label} ${pct(w.remaining_percent, paint)} · ${countdown(w.remaining_seconds, options.timeFormat)}`;
  return [`  ${mark} ${who}  plan ${e.plan ?? '—'}   ${win('5h', e.five_hour)}   ${win('weekly', e.weekly)}`];
}

/** Spec Limits: at or below 25 % yellow, at or below 10 % red. */
function pct(value: number, paint: Painter): string {
  const text = `${percent(value)}%`;
  if (value <= 10) return paint.red(text);
  if (value <= 25) return paint.yellow(text);
  return text;
}
