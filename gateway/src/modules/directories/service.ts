import { expandHome } from '@devhub/shared';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MkdirFailed, NotADirectory, PermissionDenied } from '../common/errors';
import type { BrowseResult } from './model';

export function resolvePath(path: string): string {
  return resolve(expandHome(path.trim() || '.'));
}

/** Lists the subdirectories of a path (hidden ones left out), for the session wizard. */
export function browse(path: string): BrowseResult {
  const abs = resolvePath(path);
  let entries;
  try {
    if (!statSync(abs).isDirectory()) throw new NotADirectory(abs);
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (error) {
    throw fsError(error, abs);
  }
  const directories = entries
    .filter((e) => !e.name.startsWith('.') && (e.isDirectory() || (e.isSymbolicLink() && isDir(resolve(abs, e.name)))))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  return { path: abs, directories, parent: dirname(abs) };
}

/** Creates a directory (and missing parents); returns its absolute path. */
export function makeDirectory(name: string): string {
  const abs = resolvePath(name);
  try {
    mkdirSync(abs, { recursive: true });
    if (!statSync(abs).isDirectory()) throw new Error(`${abs} exists and is not a directory`);
  } catch (error) {
    throw new MkdirFailed((error as Error).message);
  }
  return abs;
}

function isDir(path: string): boolean {
  try { return statSync(path).isDirectory(); } catch { return false; }
}

function fsError(error: unknown, path: string): Error {
  if (error instanceof NotADirectory) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return new PermissionDenied(path);
  return new NotADirectory(path);
}
