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

/** The lines every layout starts with: the header, and the skipped-keys line when there are any. */
export function head(collected: Collected, timeoutMs: number): string[] {
  const lines = [`Usage (timeout ${Number((timeoutMs / 1000).toFixed(1))}s per key)`];
  if (collected.skipped > 0) lines.push(`${collected.skipped} key(s) skipped — last check failed (recheck with: ${RECHECK})`);
  return lines;
}

/** How long ago a key skipped by the failure cache was last checked, e.g. `2h 5m`. */
export const cachedAge = (key: KeyResult, now: Date): string => age(now.getTime() - (key.cachedAt?.getTime() ?? 0));

/** Spec "Summary output (default)", line for line. */
export function renderSummary(collected: Collected, options: RenderOptions): string[] {
  const lines = head(collected, options.timeoutMs);
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
    const when = `${e.ok ? 'cached' : 'cached failure'} (${cachedAge(key, options.now)} ago)`;
    return [`  ${mark} ${who}  ${when}: ${key.summary}`, `      ${paint.dim(`recheck with: ${RECHECK}`)}`];
  }
  const mark = e.ok ? paint.green('✓') : paint.red('✗');
  if (key.summary !== null) return [`  ${mark} ${who}  ${key.summary}`];
  const win = (label: string, w: UsageWindow) => (hasNoData(w) ? `${label} —` : `${label} ${paintPercent(w.remaining_percent, paint)} · ${countdown(w.remaining_seconds, options.timeFormat)}`);
  return [`  ${mark} ${who}  plan ${e.plan ?? '—'}   ${win('5h', e.five_hour)}   ${win('weekly', e.weekly)}`];
}

/** Spec Limits: at or below 25 % yellow, at or below 10 % red — judged on the figure shown. */
/**
 * A window the platform does not have (LiteLLM keys have no 5-hour window): no reset and no
 * remainder. Shown as `—`, not as a red `0%` that reads like an exhausted key.
 */
export const hasNoData = (w: UsageWindow): boolean => w.remaining_seconds === null && w.reset_at === null && w.remaining_percent === 0;

export function paintPercent(value: number, paint: Painter): string {
  const shown = percent(value);
  const text = `${shown}%`;
  if (Number(shown) <= 10) return paint.red(text);
  if (Number(shown) <= 25) return paint.yellow(text);
  return text;
}
