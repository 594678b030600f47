import type { Collected } from '../query';
import { header, RECHECK, type RenderOptions } from './summary';
import { age } from './time';

/** Spec "Verbose output": a head line per key, then the adapter's raw detail lines. */
export function renderVerbose(collected: Collected, options: RenderOptions): string[] {
  const { paint } = options;
  const lines = [header(options.timeoutMs)];
  if (collected.skipped > 0) lines.push(`${collected.skipped} key(s) skipped — last check failed (recheck with: ${RECHECK})`);
  for (const group of collected.providers) {
    lines.push('', paint.bold(group.provider));
    for (const key of group.keys) {
      const e = key.entry;
      const mark = key.placeholder ? '-' : e.skipped ? paint.dim(e.ok ? '✓' : '✗') : e.ok ? paint.green('✓') : paint.red('✗');
      const method = key.placeholder ? 'placeholder' : e.skipped ? `cached ${e.ok ? 'usable' : 'failure'} (${age(options.now.getTime() - (key.cachedAt?.getTime() ?? 0))} ago)` : e.method;
      lines.push(`  ${mark} key #${e.index} (${e.key})${e.note ? ` [${e.note}]` : ''}  ${method}`);
      for (const line of key.lines) lines.push(`      ${line}`);
      if (e.skipped) lines.push(`      ${paint.dim(`recheck with: ${RECHECK}`)}`);
    }
  }
  return lines;
}
