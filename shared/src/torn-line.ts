import { readSync } from 'node:fs';

/**
 * Whether a line-per-record file of `size` bytes, open for reading as `fd`, ends inside a line: a
 * write cut short (a full disk, a power loss, a killed writer). The next record must then start
 * with a newline, or it is glued to the fragment and both are lost to a reader.
 */
export function endsInsideLine(fd: number, size: number): boolean {
  if (size === 0) return false;
  const byte = Buffer.alloc(1);
  readSync(fd, byte, 0, 1, size - 1);
  return byte[0] !== 0x0a;
}
