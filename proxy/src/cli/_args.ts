import type { ArgsDef } from 'citty';
import { TIME_FORMATS } from '../usage';
import type { TimeFormat } from '../usage';

/** Shared argument fragments (citty). */
export const outputArgs = {
  json: { type: 'boolean', description: 'Structured output (with --verbose each key gains raw_lines)', default: false },
  verbose: { type: 'boolean', description: 'Raw per-adapter detail lines instead of the summary', default: false },
  'time-format': { type: 'enum', options: [...TIME_FORMATS], description: 'Countdown format', default: 'dhm' },
} satisfies ArgsDef;

export const forceArg = {
  force: { type: 'boolean', description: 'Ignore the failure cache, re-query all keys and update the cache', default: false },
} satisfies ArgsDef;

export const offlineArg = {
  offline: { type: 'boolean', description: 'Skip every network check', default: false },
} satisfies ArgsDef;

/** Where the proxy listens, for commands that write or check its address (same resolution as serve). */
export const addressArgs = {
  host: { type: 'string', description: "Proxy address (default: the running proxy's, else env MODELPROXY_HOST, else server.host)" },
  port: { type: 'string', description: "Proxy port (default: the running proxy's, else env MODELPROXY_PORT, else server.port)" },
} satisfies ArgsDef;

export const asTimeFormat = (value: unknown): TimeFormat => (TIME_FORMATS as readonly string[]).includes(String(value)) ? (value as TimeFormat) : 'dhm';

/** Writes lines to stdout; CLI output is the product, so it does not go through the logger. */
export function print(lines: string | string[]): void {
  process.stdout.write(`${(Array.isArray(lines) ? lines : [lines]).join('\n')}\n`);
}

export function printErr(lines: string | string[]): void {
  process.stderr.write(`${(Array.isArray(lines) ? lines : [lines]).join('\n')}\n`);
}
