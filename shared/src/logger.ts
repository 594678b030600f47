import { createConsola, type ConsolaInstance } from 'consola';

export type Logger = ConsolaInstance;

/**
 * One logger per package, tagged with its name. `LOG_LEVEL` (silent|error|warn|info|debug)
 * overrides the level; tests default to warnings only so their output stays readable.
 */
export function createLogger(tag: string, level?: number): Logger {
  return createConsola({ level: level ?? levelFromEnv() }).withTag(tag);
}

const LEVELS: Record<string, number> = { silent: -999, error: 0, warn: 1, info: 3, debug: 4, trace: 5 };

function levelFromEnv(): number {
  const name = process.env.LOG_LEVEL?.toLowerCase();
  if (name && name in LEVELS) return LEVELS[name]!;
  return process.env.NODE_ENV === 'test' ? 1 : 3;
}
