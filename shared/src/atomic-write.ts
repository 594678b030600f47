import { closeSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode, e.g. 0o600 for files holding secrets. Default 0o644. */
  mode?: number;
  /** Copy the existing file to `<path>.bak` before replacing it. */
  backup?: boolean;
  /**
   * Mode of the parent directories this call creates (existing ones are left as they are).
   * Default 0o700 when `mode` gives group and others nothing (a file of secrets belongs in a
   * folder only its owner may enter), else 0o777 less the umask.
   */
  dirMode?: number;
}

/** Symlinks followed before giving up, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;

/**
 * Writes a file so that readers see either the old or the new content, never a mix:
 * temp file in the same directory → fsync → rename → fsync the directory.
 * A symlink at `path` (a settings file kept in a dotfiles repository) stays a link: its target
 * is written, atomically, in the target's directory.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const mode = options.mode ?? 0o644;
  const target = linkTarget(path);
  mkdirSync(dirname(target), { recursive: true, mode: options.dirMode ?? ((mode & 0o077) === 0 ? 0o700 : 0o777) });
  // The backup is replaced by a rename too: copying onto `<path>.bak` would follow a link there
  // and overwrite whatever it points at.
  if (options.backup && existsSync(target)) replaceFile(`${path}.bak`, readFileSync(target), statSync(target).mode & 0o777);
  replaceFile(target, typeof data === 'string' ? Buffer.from(data) : data, mode);
}

export function writeJsonAtomic(path: string, value: unknown, options?: AtomicWriteOptions): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, options);
}

/** The file a chain of symlinks at `path` ends at (it may not exist yet); `path` itself when it is no link. */
function linkTarget(path: string): string {
  let current = resolve(path);
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    try {
      if (!lstatSync(current).isSymbolicLink()) return current;
    } catch {
      return current;
    }
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw Object.assign(new Error(`too many levels of symbolic links: ${path}`), { code: 'ELOOP' });
}

/** Temp file beside `path` (created exclusively, never through a link) → fsync → rename → fsync the directory. */
function replaceFile(path: string, bytes: Uint8Array, mode: number): void {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
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
