import { writeJsonAtomic, type Logger } from '@devhub/shared';
import { existsSync, readFileSync } from 'node:fs';
import { dict } from './dict';
import { type SessionMap, SessionMapEntry } from './model';
import { Value } from '@sinclair/typebox/value';

/** session_map.json, tolerating a missing or malformed file (the hook may be mid-upgrade). */
export function readSessionMap(path: string, log?: Logger): SessionMap {
  if (!existsSync(path)) return dict();
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return dict();
    const out: SessionMap = dict();
    for (const [key, entry] of Object.entries(raw)) {
      if (Value.Check(SessionMapEntry, entry)) out[key] = entry;
    }
    return out;
  } catch (error) {
    log?.warn(`${path}: ${(error as Error).message}`);
    return dict();
  }
}

/** Upserts one entry atomically. Callers that race (several hooks) must hold a lock around this. */
export function writeSessionMapEntry(path: string, windowKey: string, entry: SessionMapEntry): void {
  const map = readSessionMap(path);
  map[windowKey] = { ...entry, updated_at: entry.updated_at ?? new Date().toISOString() };
  writeJsonAtomic(path, map);
}

export function removeSessionMapEntries(path: string, windowKeys: string[]): void {
  const map = readSessionMap(path);
  let changed = false;
  for (const key of windowKeys) if (key in map) { delete map[key]; changed = true; }
  if (changed) writeJsonAtomic(path, map);
}
