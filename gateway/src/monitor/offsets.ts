import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonAtomic } from '@devhub/shared';

/** Per-window read position in its transcript, persisted in `monitor_state.json`. */
export interface TranscriptOffset {
  path: string;
  offset: number;
  /** Gemini: ids already emitted (the file has no usable byte offset). */
  seen?: string[];
}

export type OffsetMap = Record<string, TranscriptOffset>;

export const monitorStatePath = (gwDir: string) => join(gwDir, 'monitor_state.json');

/** `{version, windows: {window_key: {path, offset}}}`; an unreadable file starts empty. */
export function loadOffsets(gwDir: string): OffsetMap {
  try {
    const parsed = JSON.parse(readFileSync(monitorStatePath(gwDir), 'utf8')) as { windows?: unknown };
    const windows = parsed.windows;
    if (typeof windows !== 'object' || windows === null) return {};
    const out: OffsetMap = {};
    for (const [key, value] of Object.entries(windows as Record<string, Partial<TranscriptOffset>>)) {
      if (typeof value?.path === 'string' && typeof value.offset === 'number' && value.offset >= 0) {
        out[key] = { path: value.path, offset: value.offset, ...(Array.isArray(value.seen) ? { seen: value.seen.map(String) } : {}) };
      }
    }
    return out;
  } catch {
    return {};
  }
}

export function saveOffsets(gwDir: string, offsets: OffsetMap): void {
  writeJsonAtomic(monitorStatePath(gwDir), { version: 1, windows: offsets });
}
