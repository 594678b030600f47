import { appendFileSync, renameSync, statSync } from 'node:fs';

/** Where the previous file goes when an append-only file is full. */
export const rotatedPath = (path: string): string => `${path}.1`;

/**
 * Appends `text` to an append-only file (mode 0600), first renaming the file to `<path>.1`
 * (replacing the previous one) when the text would take it past `maxBytes`: the file and its one
 * predecessor stay bounded however long the gateway runs. The caller holds the file's lock, so the
 * rotation falls between two whole lines.
 */
export function appendRotating(path: string, text: string, maxBytes: number): void {
  const size = sizeOrZero(path);
  if (size > 0 && size + Buffer.byteLength(text) > maxBytes) renameSync(path, rotatedPath(path));
  appendFileSync(path, text, { mode: 0o600 });
}

function sizeOrZero(path: string): number {
  try { return statSync(path).size; } catch { return 0; }
}
