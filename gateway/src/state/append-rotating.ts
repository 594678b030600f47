import { closeSync, fstatSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { endsInsideLine } from '@devhub/shared/torn-line';

/** Where the previous file goes when an append-only file is full. */
export const rotatedPath = (path: string): string => `${path}.1`;

/**
 * Appends `text` to an append-only file (mode 0600), first renaming the file to `<path>.1`
 * (replacing the previous one) when the text would take it past `maxBytes`: the file and its one
 * predecessor stay bounded however long the gateway runs. The caller holds the file's lock, so the
 * rotation falls between two whole lines. A file left ending inside a line (a writer killed
 * mid-write) gets a newline first, so `text` is not glued to the fragment.
 */
export function appendRotating(path: string, text: string, maxBytes: number): void {
  const size = sizeOrZero(path);
  if (size > 0 && size + Buffer.byteLength(text) > maxBytes) renameSync(path, rotatedPath(path));
  const fd = openSync(path, 'a+', 0o600);
  try {
    writeSync(fd, endsInsideLine(fd, fstatSync(fd).size) ? `\n${text}` : text);
  } finally {
    closeSync(fd);
  }
}

function sizeOrZero(path: string): number {
  try { return statSync(path).size; } catch { return 0; }
}
