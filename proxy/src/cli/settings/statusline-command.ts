import { isCompiledBinary } from '@devhub/shared/runtime';
import { resolve } from 'node:path';

/** The `statusLine` member `settings apply --statusline` writes (Claude Code runs `command` through a shell). */
export function statusLineSetting(env: Record<string, string | undefined> = process.env): { type: 'command'; command: string } {
  const argv = isCompiledBinary() ? [process.execPath, 'statusline'] : [process.execPath, resolve(import.meta.dir, '..', 'index.ts'), 'statusline'];
  // A state dir other than the default must reach the command too, as it does the service.
  const pinned = env.MODELPROXY_DIR?.trim() ? `MODELPROXY_DIR=${shellQuote(resolve(env.MODELPROXY_DIR.trim()))} ` : '';
  return { type: 'command', command: pinned + argv.map(shellQuote).join(' ') };
}

/** A statusLine member in one line: its command, else its JSON; `(unset)` for none. */
export function describeStatusLine(value: unknown): string {
  if (value === undefined) return '(unset)';
  const command = (value as { command?: unknown } | null)?.command;
  return typeof command === 'string' ? command : JSON.stringify(value);
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
