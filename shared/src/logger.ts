import { createConsola, type ConsolaInstance, type ConsolaReporter } from 'consola';
import { formatWithOptions } from 'node:util';
import { maskUrlPasswords } from './mask';

export type Logger = ConsolaInstance;

/**
 * One logger per package, tagged with its name. `LOG_LEVEL` (silent|error|warn|info|debug)
 * overrides the level; tests default to warnings only so their output stays readable.
 */
export function createLogger(tag: string, level?: number, options: { oneLine?: boolean } = {}): Logger {
  return createConsola({ level: level ?? levelFromEnv(), ...(options.oneLine ? { reporters: [oneLineReporter] } : {}) }).withTag(tag);
}

const MARK: Record<string, string> = { warn: 'WARN ', error: 'ERROR ', fatal: 'FATAL ', success: '✔ ', ready: '✔ ', fail: '✖ ', debug: 'debug ', trace: 'trace ' };

/**
 * One line per entry and no blank line around it (consola's own reporters frame warnings and errors
 * with empty lines, which a service journal keeps): `[proxy] WARN text`. An entry whose text has
 * several lines keeps them, indented under the first. A URL's password is masked (a provider's
 * `base_url` may carry one).
 */
const oneLineReporter: ConsolaReporter = {
  log(entry, context) {
    const text = maskUrlPasswords(formatWithOptions({ colors: false, breakLength: Infinity }, ...entry.args).trimEnd()).replace(/\n/g, '\n  ');
    const tag = entry.tag ? `[${entry.tag}] ` : '';
    const stream = entry.level < 2 ? context.options.stderr ?? process.stderr : context.options.stdout ?? process.stdout;
    stream.write(`${tag}${MARK[entry.type] ?? ''}${text}\n`);
  },
};

const LEVELS: Record<string, number> = { silent: -999, error: 0, warn: 1, info: 3, debug: 4, trace: 5 };

function levelFromEnv(): number {
  const name = process.env.LOG_LEVEL?.toLowerCase();
  if (name && name in LEVELS) return LEVELS[name]!;
  return process.env.NODE_ENV === 'test' ? 1 : 3;
}
