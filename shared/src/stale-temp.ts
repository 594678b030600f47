import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './pid-file';

/** The temp file `writeFileAtomic` writes beside `<name>`: `.<name>.<pid>.<random>.tmp`. */
const TEMP_FILE = /^\..+\.(\d+)\.[a-z0-9]+\.tmp$/;

/**
 * Removes from `dir` the temp files of atomic writes whose process is gone: a process killed
 * (`kill -9`, OOM) between creating its temp file and renaming it leaves one behind, a full copy
 * of the state it was writing, which nothing would ever remove. A live process's file (a hook
 * writing right now) is left alone. Returns the names removed.
 */
export function removeStaleTempFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(TEMP_FILE.exec(name)?.[1] ?? 0);
    if (pid <= 0 || pid === process.pid || isProcessAlive(pid)) continue;
    try {
      unlinkSync(join(dir, name));
      removed.push(name);
    } catch { /* gone already, or not ours to remove */ }
  }
  return removed;
}
