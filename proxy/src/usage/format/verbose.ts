import type { Collected } from '../query';
import { cachedAge, head, RECHECK, type RenderOptions } from './summary';

/** Spec "Verbose output": a head line per key, then the adapter's raw detail lines. */
export function renderVerbose(collected: Collected, options: RenderOptions): string[] {
  const { paint } = options;
  const lines = head(collected, options.timeoutMs);
  for (const group of collected.providers) {
    lines.push('', paint.bold(group.provider));
    for (const key of group.keys) {
      const e = key.entry;
      const mark = key.placeholder ? '-' : e.skipped ? paint.dim(e.ok ? '✓' : '✗') : e.ok ? paint.green('✓') : paint.red('✗');
      const method = key.placeholder ? 'placeholder' : e.skipped ? `cached ${e.ok ? 'usable' : 'failure'} (${cachedAge(key, options.now)} ago)` : e.method;
      lines.push(`  ${mark} key #${e.index} (${e.key})${e.note ? ` [${e.note}]` : ''}  ${method}`);
      for (const line of key.lines) lines.push(`      ${line}`);
      if (e.skipped) lines.push(`      ${paint.dim(`recheck with: ${RECHECK}`)}`);
    }
  }
  return lines;
}
