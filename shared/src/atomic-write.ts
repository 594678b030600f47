import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode, e.g. 0o600 for files holding secrets. Default 0o644. */
  mode?: number;
  /** Copy the existing file to `<path>.bak` before replacing it. */
  backup?: boolean;
}

/**
 * Writes a file so that readers see either the old or the new content, never a mix:
 * temp file in the same directory → fsync → rename → fsync the directory.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  if (options.backup && existsSync(path)) copyFileSync(path, `${path}.bak`);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
  const fd = openSync(temp, 'w', options.mode ?? 0o644);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    safeUnlink(temp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    safeUnlink(temp);
    throw error;
  }
  syncDirectory(dir);
}

export function writeJsonAtomic(path: string, value: unknown, options?: AtomicWriteOptions): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, options);
}

function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try { fsyncSync(fd); } finally { closeSync(fd); }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  }
}

function safeUnlink(path: string): void {
  try { unlinkSync(path); } catch { /* already gone */ }
}
