import { closeSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { AppError } from '@devhub/shared';

export class LockTimeout extends AppError {
  constructor(path: string, waitedMs: number) {
    super('LOCK_TIMEOUT', 503, `could not lock ${path} within ${waitedMs} ms`);
  }
}

/** A lock file older than this belongs to a writer that died; it is broken. */
const STALE_MS = 5_000;

/**
 * Runs `fn` holding `<path>.lock` (created with O_EXCL, so only one process wins). Several hook
 * processes fire at once (Stop with SubagentStop, Notification…); they append in turn.
 */
export function withFileLock<T>(path: string, fn: () => T, timeoutMs = 3_000): T {
  const lock = `${path}.lock`;
  const start = Date.now();
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      breakIfStale(lock);
      if (Date.now() - start > timeoutMs) throw new LockTimeout(path, timeoutMs);
      Bun.sleepSync(5 + Math.random() * 10);
    }
  }
  try {
    return fn();
  } finally {
    try { unlinkSync(lock); } catch { /* already broken by someone else */ }
  }
}

function breakIfStale(lock: string): void {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_MS) unlinkSync(lock);
  } catch { /* gone meanwhile */ }
}
