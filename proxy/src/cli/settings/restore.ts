import { writeJsonAtomic } from '@devhub/shared';
import { Value } from '@sinclair/typebox/value';
import { Type as t } from '@sinclair/typebox';
import { existsSync, readFileSync } from 'node:fs';

/** A member's value before `apply` and the value `apply` wrote; `present: false` = there was none. */
const Slot = t.Object({ present: t.Boolean(), value: t.Optional(t.Unknown()) });
export type Slot = typeof Slot.static;

/**
 * What `settings apply` replaced in one settings.json, so that `settings remove` can put it back.
 * Only the first apply records a key's `before` (later applies keep the user's own value); every
 * apply records what it wrote, and remove restores a key only while it still holds that.
 */
export const RestoreRecord = t.Object({
  /** settings.json did not exist: remove deletes it again when nothing else was put in it. */
  created: t.Optional(t.Boolean()),
  /** Whether settings.json had an `env` member at all, and its keys in their order. */
  env_present: t.Boolean(),
  env_order: t.Array(t.String()),
  env: t.Record(t.String(), t.Object({ before: t.Union([t.String(), t.Null()]), applied: t.Union([t.String(), t.Null()]) })),
  statusLine: t.Optional(t.Object({ before: Slot, applied: t.Unknown() })),
  /**
   * The file's text before the first apply. When `remove` gives back the same JSON, it writes this
   * text, so the file is byte for byte what it was whatever its layout (a one-line file included).
   */
  original: t.Optional(t.String()),
});
export type RestoreRecord = typeof RestoreRecord.static;

/** settings-restore.json: one record per settings.json path (CLAUDE_CONFIG_DIR may name several). */
export const RestoreFile = t.Object({ version: t.Literal(1), files: t.Record(t.String(), RestoreRecord) });
export type RestoreFile = typeof RestoreFile.static;

export function readRestoreFile(path: string): RestoreFile {
  if (!existsSync(path)) return { version: 1, files: {} };
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (Value.Check(RestoreFile, value)) return value;
  } catch {
    // An unreadable record only means remove falls back to what points at the proxy.
  }
  return { version: 1, files: {} };
}

/** Mode 0600: `before` may hold the vendor token apply replaced (settings.json.bak holds it too). */
export function writeRestoreFile(path: string, file: RestoreFile): void {
  writeJsonAtomic(path, file, { mode: 0o600 });
}

export const slotOf = (data: Record<string, unknown>, name: string): Slot => (name in data ? { present: true, value: data[name] } : { present: false });

/** Deep equality of JSON values (a statusLine object read back from the file). */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  return value;
}
