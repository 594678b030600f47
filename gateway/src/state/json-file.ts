import type { Logger } from '@devhub/shared';
import type { TSchema, Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { existsSync, readFileSync, renameSync } from 'node:fs';

/**
 * Reads a JSON state file, never throwing: a missing file gives `fallback()`; an unreadable or
 * invalid one is moved aside to `<file>.corrupt-<time>` (kept for inspection) and gives `fallback()`.
 */
export function readJsonFile<S extends TSchema>(path: string, schema: S, fallback: () => Static<S>, log?: Logger): Static<S> {
  if (!existsSync(path)) return fallback();
  try {
    const value = Value.Default(schema, JSON.parse(readFileSync(path, 'utf8')));
    if (Value.Check(schema, value)) return value as Static<S>;
    const first = [...Value.Errors(schema, value)][0];
    throw new Error(`${first?.path || '(root)'}: ${first?.message ?? 'invalid'}`);
  } catch (error) {
    const aside = `${path}.corrupt-${Date.now()}`;
    log?.warn(`${path} is unreadable (${(error as Error).message}); moved to ${aside}, starting empty`);
    try { renameSync(path, aside); } catch { /* keep going with the fallback */ }
    return fallback();
  }
}
